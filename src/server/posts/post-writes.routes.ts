import type { FastifyInstance } from "fastify";
import { postCreate, postDelete, postUpdate } from "../../common/api";
import { canManagePost } from "../../common/policies";
import { thumbnailUrl, thumbnailUrlAfterEdit } from "../../common/rules/markers";
import { isPostPublic } from "../../common/rules/post-visibility";
import { SLUG_MESSAGES } from "../../common/rules/slug";
import { TAKES_MESSAGES } from "../../common/schemas/takes";
import type { PostImage } from "../../common/types";
import { authorCaller, route } from "../api/route";
import { resetLiveDocument } from "../collab/collab.reads";
import { withStoredSizes } from "../content/image-sizes";
import { addSrcset } from "../content/image-store";
import { holdShare, writerRole } from "../content/post-access";
import { sanitizePostHtml } from "../content/sanitize";
import { slugFromTitle, slugTaken } from "../content/slugs";
import type { AppContext } from "../context";
import { conflict, forbidden, invalid, notFound } from "../errors";
import { lockRevealedPair, openTakeSlot, releaseTakeSlot, revealedPairOf } from "../takes/takes.reads";
import type { PostRow } from "./post.presenter";
import { SHARE_MESSAGES } from "./post-shares.reads";
import {
  deletePost,
  findPostForWrite,
  insertPost,
  type PostFields,
  updatePost,
} from "./post-writes.repository";
import { publishTime } from "./publish-time";
import { revisionFieldsOf, sameFields, saveKind } from "./revisions.repository";
import { deletePairTakes, followPairStatus, isStatusOnly } from "./take-pairs";

const postNotFound = () => notFound("post", "Post not found");
/** What only the post's author sends, even on a shared draft (decision 0050). */
const OWNER_ONLY = ["status", "publishAt", "publishedAt"] as const;

/** Images must be consistent: unique ids, pairs symmetric within the post, thumbnail one of them. */
function checkImages(images: PostImage[], imageUrl: string | null): void {
  const byId = new Map(images.map((i) => [i.id, i]));
  if (byId.size !== images.length) throw invalid("Each image must have its own id.");
  for (const image of images) {
    if (image.pairedWith === null) continue;
    const partner = byId.get(image.pairedWith);
    if (!partner || partner.id === image.id || partner.pairedWith !== image.id)
      throw invalid("A paired image must be paired with another image of this post, both ways.");
  }
  if (imageUrl !== null && !images.some((i) => i.url === imageUrl))
    throw invalid("The thumbnail must be one of the post's images.");
}

/** An address the author chose must be free (the rules themselves are checked by SlugSchema). */
async function checkSlugFree(ctx: AppContext, slug: string | undefined, postId: string): Promise<void> {
  if (slug !== undefined && (await slugTaken(ctx.db, slug, postId))) throw conflict(SLUG_MESSAGES.taken);
}

async function cleanContent(ctx: AppContext, content: string): Promise<string> {
  const clean = sanitizePostHtml(content);
  // Content that was nothing but removed markup is no content.
  if (clean.replace(/<(?!img\b)[^>]*>/g, "").trim() === "") throw invalid("Content is required");
  return addSrcset(clean, ctx.storage);
}

/**
 * The slug after an edit: the one the author chose (if free), or, while the post has never been
 * public and still has the address made from its title, one made from the new title (the
 * new-post form autosaves a draft from its first words on). A public post keeps its address.
 */
async function nextSlug(
  ctx: AppContext,
  existing: PostRow,
  input: { slug?: string; title?: string },
  now: Date,
): Promise<{ slug?: string }> {
  if (input.slug !== undefined && input.slug !== existing.slug) {
    await checkSlugFree(ctx, input.slug, existing.id);
    return { slug: input.slug };
  }
  if (input.title === undefined || isPostPublic(existing, now) || existing.announcedAt !== null) return {};
  const before = slugFromTitle(existing.title);
  if (existing.slug !== before && !existing.slug.startsWith(`${before}-`)) return {};
  const wanted = slugFromTitle(input.title);
  if (wanted === before) return {};
  return { slug: await freeSlug(ctx, wanted, existing.id) };
}

/** `wanted`, or wanted-2, wanted-3… when another post has it. */
async function freeSlug(ctx: AppContext, wanted: string, postId: string): Promise<string> {
  let slug = wanted;
  for (let n = 2; await slugTaken(ctx.db, slug, postId); n++) slug = `${wanted}-${n}`;
  return slug;
}

export async function registerPostWritesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** POST /api/posts: an author publishes, as themself only. */
  route(app, postCreate, {}, async (request, reply) => {
    const viewer = authorCaller(request);
    const input = request.body;
    if (viewer.authorKey !== input.author) throw forbidden("You can only publish posts as yourself.");
    // SPEC §4: on save the thumbnail is the chosen one, else the first image, else none.
    const imageUrl = thumbnailUrl(input.imageUrl, input.images);
    checkImages(input.images, imageUrl);
    await checkSlugFree(ctx, input.slug, "00000000-0000-0000-0000-000000000000");
    const now = ctx.now();
    const { pairId } = input;
    // A take is written as a draft: only the reveal publishes it (the database holds the rule).
    if (pairId && (input.status ?? "draft") !== "draft") throw conflict(TAKES_MESSAGES.sealed);
    const published = publishTime(pairId ? { status: "draft" } : input, null, now)!;
    const content = await cleanContent(ctx, input.content);
    const images = await withStoredSizes(ctx.storage, input.images);
    // The post and its event in one transaction: the caches drop, the schedule is re-read.
    const post = await ctx.events.write("contentChanged", {}, async (tx) => {
      if (pairId) await openTakeSlot(tx, pairId, input.author);
      return insertPost(
        tx,
        {
          title: input.title,
          // A slug made from the title is made unique by the insert trigger (migration 0008).
          slug: input.slug ?? slugFromTitle(input.title),
          content,
          // Empty stays empty: readers apply the SPEC §5 fallback to the current content.
          excerpt: input.excerpt,
          hashtags: input.hashtags,
          images,
          imageUrl,
          sendToFollowers: input.sendToFollowers,
          author: input.author,
          ...published,
          createdBy: viewer.id,
          pairId: pairId ?? null,
        },
        { by: viewer.id, at: now, kind: "create" },
      );
    });
    return reply.status(201).send(post);
  });

  /** PATCH /api/posts/:id: the account tied to the post's author edits it (the partner too, when shared). */
  // A missing or null body is malformed, not an empty edit (which would still bump lastUpdated).
  route(app, postUpdate, {}, async (request) => {
    const viewer = authorCaller(request);
    const { id } = request.params;
    const input = request.body;
    const existing = await findPostForWrite(ctx.db, id);
    if (!existing) throw postNotFound();
    // Decision 0046: either author may unpublish or republish a revealed pair, through either take.
    const pairStatus = isStatusOnly(input) && existing.pairId && (await revealedPairOf(ctx.db, id));
    const asPartner = !canManagePost(viewer, existing) && !pairStatus;
    if (asPartner) {
      // Decision 0050: the partner of a shared draft writes it; its publishing stays the owner's.
      if ((await writerRole(ctx.db, id, viewer, ctx.now())) !== "partner")
        throw forbidden("Only the post's author can edit it.");
      // The form sends the followers' switch as it found it: only a change of it is the owner's.
      const sends = input.sendToFollowers !== undefined && input.sendToFollowers !== existing.sendToFollowers;
      if (sends || OWNER_ONLY.some((key) => input[key] !== undefined))
        throw forbidden(SHARE_MESSAGES.ownerOnly);
    }

    const images = input.images ?? existing.images;
    // A thumbnail whose image was removed falls back to the first remaining image.
    const imageUrl =
      input.imageUrl !== undefined
        ? input.imageUrl
        : thumbnailUrlAfterEdit(existing.imageUrl, images, Boolean(input.images));
    checkImages(images, imageUrl);

    const changes: Partial<PostFields> = {
      images: input.images ? await withStoredSizes(ctx.storage, images, existing.images) : images,
      imageUrl,
    };
    if (input.title !== undefined) changes.title = input.title;
    if (input.content !== undefined) changes.content = await cleanContent(ctx, input.content);
    if (input.excerpt !== undefined) changes.excerpt = input.excerpt;
    if (input.hashtags !== undefined) changes.hashtags = input.hashtags;
    if (input.sendToFollowers !== undefined) changes.sendToFollowers = input.sendToFollowers;
    const now = ctx.now();
    const slug = await nextSlug(ctx, existing, input, now);
    const published = publishTime(input, existing, now) ?? {};
    // SPEC §3: an edit sets lastUpdated: a change to what readers had already read. A save that
    // changes nothing the author wrote is no edit, nor is writing a post not public yet (a draft,
    // its autosaves, the save that publishes it). An autosave a second after
    // publishing marked a post nobody edited as "Updated".
    const before = revisionFieldsOf(existing);
    const edited = isPostPublic(existing, now) && !sameFields(before, { ...before, ...changes });
    // The edit and its event in one transaction: the caches, the schedule and the social web
    // hear of it (subscribers.ts).
    const post = await ctx.events.transaction(async (tx, record) => {
      // Stopped meanwhile: nothing of the partner's save is stored (decision 0050).
      if (asPartner && !(await holdShare(tx, id))) throw forbidden("Only the post's author can edit it.");
      const saved = await updatePost(
        tx,
        id,
        { ...changes, ...published, ...slug, ...(edited ? { lastUpdated: now } : {}) },
        {
          by: viewer.id,
          at: now,
          // A draft's address follows its title silently; only an address readers had counts.
          kind: saveKind(
            existing,
            { ...published, ...(isPostPublic(existing, now) ? slug : {}) },
            now,
            !!input.autosave,
          ),
        },
        // Only an address readers could have used keeps redirecting.
        isPostPublic(existing, now) ? existing.slug : "",
      );
      if (saved) await record("postChanged", { postId: id });
      // A save from outside the co-editing session resets it (decision 0048).
      if (saved) await resetLiveDocument(tx, record, "posts", id, request);
      const pair =
        saved && input.status !== undefined && existing.pairId ? await lockRevealedPair(tx, id) : null;
      if (pair) await followPairStatus(tx, record, pair, id, input, viewer, now);
      return saved;
    });
    if (!post) throw postNotFound();
    return post;
  });

  /** DELETE /api/posts/:id: the post, its likes and its comments, in one transaction. */
  route(app, postDelete, {}, async (request, reply) => {
    const viewer = authorCaller(request);
    const { id } = request.params;
    const existing = await findPostForWrite(ctx.db, id);
    if (!existing) throw postNotFound();
    // Decision 0046: either author deletes a revealed pair (both takes and the pair) through either take.
    const revealed = existing.pairId ? await revealedPairOf(ctx.db, id) : null;
    if (!canManagePost(viewer, existing) && !revealed)
      throw forbidden("Only the post's author can delete it.");
    const deleted = await ctx.events.transaction(async (tx, record) => {
      const pair = existing.pairId ? await lockRevealedPair(tx, id) : null;
      if (pair) return deletePairTakes(tx, record, pair);
      await releaseTakeSlot(tx, id);
      const gone = await deletePost(tx, id);
      if (gone) await record("postChanged", { postId: id });
      if (gone) await resetLiveDocument(tx, record, "posts", id, "always");
      return gone;
    });
    if (!deleted) throw postNotFound();
    return reply.status(204).send();
  });
}

import type { RequestContext } from "@fedify/fedify";
import { Endpoints, Image, Person } from "@fedify/vocab";
import { and, desc, eq, isNotNull, lte, ne } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import { paths } from "../../common/routes";
import { publicAuthorName } from "../../common/site-names";
import { authorProfilesNow } from "../authors/authors.reads";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { blogPosts } from "../db/schema";
import { actorSettings } from "./actor-settings";
import { handleOf } from "./actors";

/**
 * The header image (the actor's `image`): the thumbnail of the author's latest public post that
 * has one. Duet has no blog logo, and a header upload would be one more thing to keep; the latest
 * picture follows the blog as it is written (docs/fediverse.md).
 */
export async function headerImageOf(db: Db, author: AuthorKey, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ url: blogPosts.imageUrl })
    .from(blogPosts)
    .where(
      and(
        eq(blogPosts.author, author),
        ne(blogPosts.status, "draft"),
        lte(blogPosts.date, now),
        isNotNull(blogPosts.imageUrl),
        ne(blogPosts.imageUrl, ""),
      ),
    )
    .orderBy(desc(blogPosts.date), desc(blogPosts.id))
    .limit(1);
  return row?.url ?? null;
}

/** An author's bio is text: shown as a paragraph of escaped text in the actor's HTML summary. */
function escapeText(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<p>${escaped}</p>`;
}

const absolute = (url: string, publicUrl: string) => new URL(url, `${publicUrl}/`);

/** The author's actor document: public name, bio, photo (icon), header (image), blog URL, keys. */
export async function personOf(fctx: RequestContext<AppContext>, author: AuthorKey): Promise<Person> {
  const { db, config } = fctx.data;
  const publicUrl = config.publicUrl;
  const profile = (await authorProfilesNow(db)).find((p) => p.author === author);
  const keys = await fctx.getActorKeyPairs(author);
  const header = await headerImageOf(db, author, fctx.data.now());
  const settings = await actorSettings(db, author);
  return new Person({
    id: fctx.getActorUri(author),
    preferredUsername: await handleOf(db, author),
    name: publicAuthorName(author, profile?.name),
    summary: profile?.bio ? escapeText(profile.bio) : null,
    icon: profile?.photoUrl ? new Image({ url: absolute(profile.photoUrl, publicUrl) }) : null,
    image: header ? new Image({ url: absolute(header, publicUrl) }) : null,
    url: new URL(`${publicUrl}${paths.blog(author)}`),
    inbox: fctx.getInboxUri(author),
    outbox: fctx.getOutboxUri(author),
    followers: fctx.getFollowersUri(author),
    endpoints: new Endpoints({ sharedInbox: fctx.getInboxUri() }),
    manuallyApprovesFollowers: settings.approveFollowers,
    discoverable: true,
    publicKey: keys[0]?.cryptographicKey,
    assertionMethods: keys.map((k) => k.multikey),
  });
}

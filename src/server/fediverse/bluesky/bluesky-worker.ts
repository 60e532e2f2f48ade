import { eq } from "drizzle-orm";
import { paths } from "../../../common/routes";
import { blogName } from "../../../common/site-settings";
import type { BlogPost } from "../../../common/types";
import { loadSharp } from "../../content/image-store";
import type { AppContext } from "../../context";
import { blueskyAccounts } from "../../db/schema";
import { KickLoop } from "../../kick-loop";
import { getPublicPost } from "../../posts/posts.repository";
import { cachedPublicSiteSettings } from "../../settings/settings.reads";
import { readAll } from "../../storage/storage";
import { type AccountRow, accountOf, guardOf, publicationUri, withSession } from "./account";
import { DOCUMENT, FEED_POST, PUBLICATION } from "./at-uri";
import { BlueskyQueue, type RecordJob } from "./bluesky-queue";
import { type Blob, documentRecord, feedPostRecord } from "./records";
import { RepliesHome } from "./replies-home";
import { XrpcError, xrpc } from "./xrpc";

/** Bluesky takes an image blob of at most 1,000,000 bytes (the card's thumb, the cover). */
const BLOB_MAX_BYTES = 950_000;

/**
 * Puts and deletes each author's records in their own repository: the blog's publication once,
 * then each due post's `app.bsky.feed.post` card and `site.standard.document`. One loop in every
 * process; the database hands each due row to one of them (bluesky-queue.ts), and a record key
 * chosen once makes a repeated put an edit, never a second post. Kicked by the subscriber
 * (subscribers.ts), by connecting, at start, and by its own timer for retries.
 */
export class BlueskyWorker {
  private readonly loop = new KickLoop(
    () => this.drain(),
    (error) => this.log("bluesky: the queue stopped on an error", error),
  );
  private readonly queue: BlueskyQueue;
  /** Replies, likes and reposts of the cards, read back (decision 0051). */
  private readonly home: RepliesHome;
  private timer: NodeJS.Timeout | null = null;
  private closing = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: (message: string, error?: unknown) => void,
  ) {
    this.queue = new BlueskyQueue(ctx);
    this.home = new RepliesHome(ctx, log);
  }

  kick(): Promise<void> {
    return this.loop.kick();
  }

  close(): Promise<void> {
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    return this.loop.close();
  }

  private async drain(): Promise<void> {
    // The blog's publication: put once, and again when the blog's name or tagline changed.
    for (const account of await this.ctx.db.select().from(blueskyAccounts)) {
      const record = JSON.stringify(await this.publicationRecord(account));
      if (account.publicationRecord !== record)
        await this.guarded(account, () => this.putPublication(account));
    }
    for (;;) {
      const job = await this.queue.claim();
      if (!job) break;
      const account = await accountOf(this.ctx, job.row.author);
      // Disconnected, or another account now: the records stay where they are.
      if (!account || account.did !== job.row.did) {
        await this.queue.done(this.ctx.db, job, {
          documentCid: job.row.documentCid,
          postCid: job.row.postCid,
        });
        continue;
      }
      const ok = await this.guarded(account, () => this.work(job, account));
      if (!ok) await this.queue.failed(job);
    }
    await this.home.drain(() => this.closing);
    await this.arm();
  }

  /** Run a step; a failure is kept on the account (the Audience page shows it) and logged. */
  private async guarded(account: AccountRow, step: () => Promise<void>): Promise<boolean> {
    try {
      await step();
      if (account.lastError)
        await this.ctx.db
          .update(blueskyAccounts)
          .set({ lastError: null })
          .where(eq(blueskyAccounts.author, account.author));
      return true;
    } catch (error) {
      this.log("bluesky: will try again", error);
      const refused = error instanceof XrpcError && error.error === "AuthenticationRequired";
      const message = refused
        ? "Bluesky refused the saved app password. Disconnect and connect again with a new one."
        : `Bluesky could not be updated: ${error instanceof Error ? error.message : String(error)}`.slice(
            0,
            300,
          );
      await this.ctx.db
        .update(blueskyAccounts)
        .set({ lastError: message })
        .where(eq(blueskyAccounts.author, account.author));
      return false;
    }
  }

  private put(account: AccountRow, token: string, collection: string, rkey: string, record: unknown) {
    return xrpc<{ uri: string; cid: string }>(
      guardOf(this.ctx),
      account.pdsUrl,
      "com.atproto.repo.putRecord",
      {
        json: { repo: account.did, collection, rkey, record },
        token,
      },
    );
  }

  /** `site.standard.publication`: the blog (its page is the publication's url, its name the blog's). */
  private async publicationRecord(account: AccountRow) {
    const site = await cachedPublicSiteSettings(this.ctx);
    const description = account.author === "him" ? site.himBlogDescription : site.herBlogDescription;
    return {
      $type: PUBLICATION,
      url: `${this.ctx.config.publicUrl}${paths.blog(account.author)}`,
      name: blogName(site, account.author),
      ...(description ? { description: [...description].slice(0, 300).join("") } : {}),
    };
  }

  private async putPublication(account: AccountRow): Promise<void> {
    const record = await this.publicationRecord(account);
    const { cid } = await withSession(this.ctx, account, (token) =>
      this.put(account, token, PUBLICATION, account.publicationRkey, record),
    );
    const publicationRecord = JSON.stringify(record);
    await this.ctx.db
      .update(blueskyAccounts)
      .set({ publicationCid: cid, publicationRecord })
      .where(eq(blueskyAccounts.author, account.author));
    Object.assign(account, { publicationCid: cid, publicationRecord });
  }

  private async work(job: RecordJob, account: AccountRow): Promise<void> {
    const { row } = job;
    const post = row.pending === "put" ? await getPublicPost(this.ctx.db, row.postId, this.ctx.now()) : null;
    let refs: { documentCid: string | null; postCid: string | null };
    if (post) {
      if (!account.publicationCid) await this.putPublication(account);
      refs = await withSession(this.ctx, account, async (token) => {
        const image = await this.coverBlob(post, account, token);
        const card = await this.put(
          account,
          token,
          FEED_POST,
          row.postRkey,
          feedPostRecord(post, this.ctx.config.publicUrl, image),
        );
        const doc = await this.put(
          account,
          token,
          DOCUMENT,
          row.documentRkey,
          documentRecord(post, publicationUri(account), image, { uri: card.uri, cid: card.cid }),
        );
        return { documentCid: doc.cid, postCid: card.cid };
      });
    } else {
      await withSession(this.ctx, account, async (token) => {
        for (const [collection, rkey] of [
          [DOCUMENT, row.documentRkey],
          [FEED_POST, row.postRkey],
        ] as const)
          await xrpc(guardOf(this.ctx), account.pdsUrl, "com.atproto.repo.deleteRecord", {
            json: { repo: account.did, collection, rkey },
            token,
          });
      });
      refs = { documentCid: null, postCid: null };
    }
    // The post page's document link appears or goes: its cached renderings are dropped with it.
    const linkChanged = Boolean(row.documentCid) !== Boolean(refs.documentCid);
    await this.ctx.events.transaction(async (tx, record) => {
      await this.queue.done(tx, job, refs);
      if (linkChanged) await record("contentChanged", {});
    });
  }

  /** The post's cover image as a blob in the author's repository (JPEG within Bluesky's limit), or null. */
  private async coverBlob(post: BlogPost, account: AccountRow, token: string): Promise<Blob | null> {
    const key = post.imageUrl?.startsWith("/uploads/") ? post.imageUrl.slice("/uploads/".length) : null;
    const object = key ? await this.ctx.storage.get(key) : null;
    if (!object) return null;
    const sharp = await loadSharp();
    const original = await readAll(object.body);
    let data: Buffer | null = null;
    for (const [width, quality] of [
      [1200, 82],
      [800, 70],
      [600, 60],
    ] as const) {
      data = await sharp(original)
        .resize({ width, withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality, mozjpeg: true })
        .toBuffer()
        .catch(() => null);
      if (!data || data.length <= BLOB_MAX_BYTES) break;
    }
    if (!data || data.length > BLOB_MAX_BYTES) return null;
    const { blob } = await xrpc<{ blob: Blob }>(
      guardOf(this.ctx),
      account.pdsUrl,
      "com.atproto.repo.uploadBlob",
      {
        blob: { type: "image/jpeg", data },
        token,
      },
    );
    return blob;
  }

  /** A retry or a thread read waits for its time: one timer per process, for the earliest. */
  private async arm(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.closing) return;
    const times = [await this.queue.nextDue(), await this.home.nextDue()].filter((t) => t !== null);
    const next = times.sort((a, b) => a.getTime() - b.getTime())[0];
    if (!next) return;
    const wait = Math.max(1_000, next.getTime() - this.ctx.now().getTime());
    this.timer = setTimeout(() => void this.kick(), Math.min(wait, 2 ** 31 - 1));
    this.timer.unref();
  }
}

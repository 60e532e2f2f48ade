import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { paths } from "../../common/routes";
import type { AppContext } from "../context";
import { fediversePosts, fediverseSentReplies } from "../db/schema";
import { checkInboxBody } from "./inbox-guard";
import { isServerBlocked } from "./remote-people";
import type { LoadSocialWeb, SocialWeb } from "./social-web-type";

/** An activity is a few KB; anything bigger than this at an inbox is refused (413). */
export const INBOX_MAX_BYTES = 256 * 1024;
/** Inbox requests one remote server may make per minute (per process). */
export const INBOX_PER_SERVER_PER_MINUTE = 300;

const AP_JSON = "application/activity+json";

/** The host that signed the request (from draft-cavage `Signature` or RFC 9421 `Signature-Input`). */
export function signerHost(headers: FastifyRequest["headers"]): string | null {
  const raw = [headers.signature, headers["signature-input"]].flat().filter(Boolean).join(" ");
  const match = /keyid="([^"]+)"/i.exec(raw);
  if (!match) return null;
  try {
    return new URL(match[1]!).host.toLowerCase();
  } catch {
    return null;
  }
}

/** Per-server fixed-window counter; small and per process (each process allows its share). */
class ServerLimiter {
  private window = 0;
  private counts = new Map<string, number>();
  allow(host: string, now: number): boolean {
    const window = Math.floor(now / 60_000);
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    const n = (this.counts.get(host) ?? 0) + 1;
    this.counts.set(host, n);
    return n <= INBOX_PER_SERVER_PER_MINUTE;
  }
}

/** The reader's page for an actor or post URL. */
function htmlPageFor(path: string): string | null {
  const actor = /^\/ap\/users\/(him|her)$/.exec(path);
  if (actor) return paths.blog(actor[1] as "him" | "her");
  const post = /^\/ap\/posts\/([0-9a-f-]{36})$/.exec(path);
  return post ? `/post/${post[1]}` : null;
}

/** The Tombstone at a post's or a sent reply's id once it was taken back, as JSON-LD; else null. */
async function takenBack(
  ctx: AppContext,
  { federation, lib }: SocialWeb,
  origin: string,
  path: string,
): Promise<unknown> {
  const match = /^\/ap\/(posts|replies)\/([0-9a-f-]{36})$/.exec(path);
  if (!match) return null;
  const id = match[2]!;
  const fctx = federation.createContext(new URL(origin), ctx);
  let object: ReturnType<SocialWeb["lib"]["tombstone"]> | null = null;
  if (match[1] === "posts") {
    const [row] = await ctx.db.select().from(fediversePosts).where(eq(fediversePosts.postId, id));
    if (row?.deletedAt) object = lib.tombstone(fctx, row.postId, row.deletedAt);
  } else {
    const [row] = await ctx.db
      .select()
      .from(fediverseSentReplies)
      .where(eq(fediverseSentReplies.commentId, id));
    if (row?.deletedAt) object = lib.replyTombstone(fctx, row.commentId, row.deletedAt);
  }
  return object ? object.toJsonLd({ contextLoader: fctx.contextLoader }) : null;
}

const refuse = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.status(status).send({ error: { code, message } });

const INBOX_PATH = /^\/ap\/(?:users\/[^/?]+\/)?inbox(?:\?|$)/;

/** Fedify's own refusals are plain text: the inbox answers every refusal as `{ error }` JSON. */
const FEDIFY_REFUSALS: Record<number, string> = {
  400: "INVALID_ACTIVITY",
  401: "INVALID_SIGNATURE",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  410: "GONE",
};

/** A database that failed under a request: the sender should retry (503), never give up. */
const isDatabaseError = (error: unknown): boolean =>
  error instanceof Error && (error.name === "DrizzleQueryError" || /^Failed query:/.test(error.message));

/**
 * Fastify has no Fedify adapter: this one scope hands the federation paths to `federation.fetch`
 * as Web Requests (like the Better Auth bridge, 0002), raw bodies included (signatures cover them).
 */
export async function registerFederationBridge(
  app: FastifyInstance,
  ctx: AppContext,
  load: LoadSocialWeb,
): Promise<void> {
  const limiter = new ServerLimiter();
  const origin = new URL(ctx.config.publicUrl).origin;

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === "POST") {
      const host = signerHost(request.headers);
      if (host && (await isServerBlocked(ctx.db, host)))
        return refuse(reply, 403, "FORBIDDEN", "This server is blocked.");
      if (host && !limiter.allow(host, Date.now()))
        return refuse(reply, 429, "RATE_LIMITED", "Too many requests. Please try again later.");
    }
    // The first request to a federation path loads the social web (once per process).
    const web = await load();
    const { federation } = web;
    // A post or a reply taken back answers as a Tombstone (410) where its object was.
    if (request.method !== "POST") {
      const gone = await takenBack(ctx, web, origin, request.url.split("?")[0]!);
      if (gone) return reply.status(410).header("content-type", AP_JSON).send(JSON.stringify(gone));
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      for (const v of [value].flat()) headers.append(name, v);
    }
    const body =
      request.method === "POST" && Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : undefined;
    const inbox = request.method === "POST" && INBOX_PATH.test(request.url);
    if (inbox) {
      const refused = checkInboxBody(body ?? new Uint8Array());
      if (refused) return refuse(reply, refused.status, refused.code, refused.message);
    }
    const response = await federation
      .fetch(new Request(`${origin}${request.url}`, { method: request.method, headers, body }), {
        contextData: ctx,
        onNotFound: () =>
          new Response(JSON.stringify({ error: { code: "NOT_FOUND", message: "Not found." } }), {
            status: 404,
            headers: { "content-type": "application/json" },
          }),
        // A person opening an actor or post URL in a browser gets the page it stands for.
        onNotAcceptable: () => {
          const page = htmlPageFor(request.url.split("?")[0]!);
          return page
            ? new Response(null, { status: 302, headers: { location: page } })
            : new Response("Not acceptable: ask for application/activity+json.", { status: 406 });
        },
      })
      .catch((error: unknown) => {
        // Hostile input must never answer 5xx (a 5xx makes every sender retry): whatever the
        // JSON-LD processor or a key fetch throws is this request's fault, a database failure is ours.
        if (!inbox || isDatabaseError(error)) throw error;
        request.log.warn({ err: error }, "inbox: activity could not be processed");
        return null;
      });
    if (!response) return refuse(reply, 400, "INVALID_ACTIVITY", "This activity could not be processed.");
    const plain = !response.headers.get("content-type")?.includes("json");
    if (inbox && plain && FEDIFY_REFUSALS[response.status])
      return refuse(
        reply,
        response.status,
        FEDIFY_REFUSALS[response.status]!,
        (await response.text()).trim(),
      );
    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== "content-length" && name !== "transfer-encoding") reply.header(name, value);
    });
    return reply.send(Buffer.from(await response.arrayBuffer()));
  };

  await app.register(async (scope) => {
    // Raw bytes for every content type: Fedify verifies the digest over exactly what was sent.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: INBOX_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    const methods = ["GET", "HEAD", "POST"] as const;
    // Servers post without Origin: an inbox's credential is the HTTP signature, never a cookie.
    for (const url of ["/.well-known/webfinger", "/.well-known/nodeinfo", "/nodeinfo/*", "/ap/*"])
      scope.route({ method: [...methods], url, handler, config: { allowCrossSite: true } });
  });
}

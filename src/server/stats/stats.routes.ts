import type { FastifyInstance } from "fastify";
import { postStats, stats, statsBeacon } from "../../common/api";
import {
  BEACON_BODY_LIMIT,
  BEACON_LIMIT,
  STATS_VIEW_WINDOW_MS,
  STATS_VISITORS_PER_ADDRESS,
} from "../../common/limits";
import { pageFor, pages } from "../../common/routes";
import { isId } from "../../common/schemas/id";
import { COUNTED_PAGES } from "../../common/stats";
import { authorCaller, route } from "../api/route";
import { clientKey } from "../client-key";
import type { AppContext } from "../context";
import { tooManyRequests } from "../errors";
import { postAt } from "../posts/posts.reads";
import { BeaconLimiter } from "./beacon-limiter";
import { readPostStats, readStats } from "./stats-queries";
import { ViewWindow } from "./view-window";
import { deviceClass, isBotAgent, optedOut } from "./visitor";

const POST_PATH = pages.post.path.slice(0, pages.post.path.indexOf(":"));

/** Which counted page a path is (the page table decides; nothing else is counted or stored). */
async function targetOf(ctx: AppContext, pathname: string): Promise<string | null> {
  const page = pageFor(pathname);
  if (!COUNTED_PAGES.has(page)) return null;
  if (page !== pages.post) return Object.entries(pages).find(([, p]) => p === page)![0];
  const raw = pathname.slice(POST_PATH.length).replace(/\/+$/, "");
  if (isId(raw)) return `post:${raw.toLowerCase()}`;
  // A slug address (docs/decisions/0033-post-addresses.md): counted under the post's id, looked
  // up through the content cache. A path that does not decode names no post.
  let address: string;
  try {
    address = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const found = await postAt(ctx, address);
  return found ? `post:${found.id}` : null;
}

export async function registerStatsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const siteHost = new URL(ctx.config.publicUrl).host;
  const limiter = new BeaconLimiter(BEACON_LIMIT.max, BEACON_LIMIT.windowMs, ctx.now);
  const counted = new ViewWindow(STATS_VIEW_WINDOW_MS, STATS_VISITORS_PER_ADDRESS, siteHost, ctx.now);

  // The beacon: 204 at once, counted in memory (no database work here). Its own scope so that
  // text/plain is read for this one route only (the rest of the API refuses it).
  await app.register(async (scope) => {
    scope.addContentTypeParser("text/plain", { parseAs: "string" }, (_request, body, done) =>
      done(null, body),
    );
    // Not in the request log (warn: failures only): a line per page view would put every reader's
    // address in the log (docs/stats.md) and cost more than counting the view.
    // The cheapest answer that keeps the rules: 204 with no body and no header beyond HTTP's own
    // (a POST's answer is never stored by a cache), no compression hooks (nothing to compress).
    const cheapest = { bodiless: true };
    const options = {
      bodyLimit: BEACON_BODY_LIMIT,
      logLevel: "warn",
      compress: false,
      decompress: false,
    } as const;
    route(scope, statsBeacon, { ...options, config: cheapest }, async (request, reply) => {
      const beacon = request.body;
      const userAgent = request.headers["user-agent"];
      // Bots, and readers who asked not to be tracked, get the same answer and are not counted.
      if (optedOut(request.headers) || isBotAgent(userAgent)) return reply.code(204).send();
      // Keyed like every other per-address limit: an IPv6 client is its /64.
      const address = clientKey(request.ip);
      if (!limiter.take(address)) throw tooManyRequests();
      const target = await targetOf(ctx, beacon.p);
      if (!target) return reply.code(204).send();
      // A reload, a second tab or a new User-Agent a minute is answered alike and not counted again.
      const kind = beacon.e === 1 ? "read" : "view";
      if (kind === "read" && !target.startsWith("post:")) return reply.code(204).send();
      if (!counted.first(address, userAgent!, kind, target)) return reply.code(204).send();
      const at = ctx.now();
      if (kind === "read") {
        ctx.stats.read(at, target);
      } else {
        ctx.stats.view({
          at,
          target,
          source: beacon.u || (beacon.r && beacon.r !== siteHost ? beacon.r : null) || null,
          device: deviceClass(userAgent!),
          visitor: `${address}\n${userAgent}`,
        });
      }
      return reply.code(204).send();
    });
  });

  /** The studio's numbers: authors only, either author for either blog or both. */
  route(app, stats, {}, async (request, reply) => {
    const viewer = authorCaller(request);
    const { query } = request;
    reply.header("cache-control", "private, no-store");
    const scope = query.scope ?? viewer.authorKey;
    return readStats(ctx.db, scope, query.range, ctx.now(), viewer.authorKey);
  });

  /** A post's own numbers, for the rows of the Posts list and the post page (authors only). */
  route(app, postStats, {}, async (request, reply) => {
    const { ids } = request.query;
    reply.header("cache-control", "private, no-store");
    return {
      posts: await readPostStats(
        ctx.db,
        ids.map((id) => id.toLowerCase()),
      ),
    };
  });
}

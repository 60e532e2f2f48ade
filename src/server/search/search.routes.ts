import type { FastifyInstance } from "fastify";
import { search } from "../../common/api";
import { route } from "../api/route";
import { API_READ_CACHE_CONTROL, SELF_COMPRESSED, sendCached } from "../cache/http-body";
import { clientKey } from "../client-key";
import type { AppContext } from "../context";
import { cachedSearch, searchOf } from "./search.reads";

export async function registerSearchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Keyed by the normalised words, so every call needs its query parsed (a cache hit too): unlike
  // the posts' hot reads keyed by their URL, nothing is saved by validating in the handler.
  route(app, search, SELF_COMPRESSED, async (request, reply) => {
    const { body } = await cachedSearch(ctx, searchOf(request.query), clientKey(request.ip));
    return sendCached(request, reply, body, API_READ_CACHE_CONTROL);
  });
}

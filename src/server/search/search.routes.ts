import type { FastifyInstance } from "fastify";
import { search } from "../../common/api";
import { route } from "../api/route";
import { API_READ_CACHE_CONTROL, SELF_COMPRESSED, sendCached } from "../cache/http-body";
import { clientKey } from "../client-key";
import type { AppContext } from "../context";
import { cachedSearch, parseSearchQuery } from "./search.reads";

export async function registerSearchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Keyed by the normalised words: the handler parses the query with the same schema.
  route(app, search, { ...SELF_COMPRESSED, validateInHandler: true }, async (request, reply) => {
    const { body } = await cachedSearch(ctx, parseSearchQuery(request.query), clientKey(request.ip));
    return sendCached(request, reply, body, API_READ_CACHE_CONTROL);
  });
}

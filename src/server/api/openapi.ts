import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { type Endpoint, openApi } from "../../common/api";
import { contracts } from "../../common/api/contract";
import { API_READ_CACHE_CONTROL } from "../cache/http-body";
import { route, schemaOf } from "./route";

/**
 * The OpenAPI document of the endpoint table at /api/openapi.json (docs/api.md). Registered before
 * the routes, so it sees them all; only those registered from the table (`route()`) are in it.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Duet Content API",
        version: "1",
        description:
          "The public reads of a Duet blog (posts, tags, comments, search) and the calls its pages make.",
      },
    },
    // Only the table's routes, each with its contract's schemas (those checked in the handler
    // are not on the route itself).
    transform: (input) => {
      const endpoint = (input.route.config as { endpoint?: Endpoint } | undefined)?.endpoint;
      const contract = endpoint && contracts.get(endpoint);
      if (!contract)
        return { schema: { ...input.schema, hide: true } as typeof input.schema, url: input.url };
      return jsonSchemaTransform({ ...input, schema: schemaOf(contract, "openapi") });
    },
  });
  route(app, openApi, {}, (_request, reply) => {
    reply.header("cache-control", API_READ_CACHE_CONTROL);
    return app.swagger() as unknown as Record<string, unknown>;
  });
}

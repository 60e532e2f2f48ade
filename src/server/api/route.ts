import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  RouteShorthandOptions,
} from "fastify";
import type { WebSocket } from "ws";
import type { z } from "zod";
import { type AnyContract, contracts, errorResponses } from "../../common/api/contract";
import type { BodyOut, Endpoint, ParamsOut, QueryOut, ResponseOf } from "../../common/api/endpoint";
import { ERROR_CODES, type ErrorCode } from "../../common/error-codes";
import type { AuthorKey } from "../../common/limits";
import type { Viewer } from "../../common/types";
import { AppError, forbidden, unauthorized } from "../errors";
import { validationError } from "../validate";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set on routes registered from the endpoint table (only those reach /api/openapi.json). */
    endpoint?: Endpoint;
  }
  interface FastifyInstance {
    /** The signed-in user of a request, or null (plugins/auth.ts). */
    viewerOf(request: FastifyRequest): Promise<Viewer | null>;
  }
  interface FastifyRequest {
    /** Who called, once the route's `who` let them in (null on a route `anyone` may call). */
    caller: Viewer | null;
  }
}

/** The signed-in caller of a route whose contract says `signed-in` or `authors`. */
export function caller(request: FastifyRequest): Viewer {
  if (!request.caller) throw new Error(`${request.routeOptions.url} lets anyone in: it has no caller`);
  return request.caller;
}

/** The author calling a route whose contract says `authors` (an admin is always one of the two). */
export function authorCaller(request: FastifyRequest): Viewer & { authorKey: AuthorKey } {
  const viewer = caller(request);
  if (!viewer.authorKey) throw new Error(`${request.routeOptions.url} is not for authors only`);
  return viewer as Viewer & { authorKey: AuthorKey };
}

type Request<E> = FastifyRequest<{ Params: ParamsOut<E>; Querystring: QueryOut<E>; Body: BodyOut<E> }>;
type Answer<E> = ResponseOf<E> | FastifyReply | undefined;

export interface RouteOptions
  extends Pick<RouteShorthandOptions, "compress" | "decompress" | "bodyLimit" | "logLevel" | "preHandler"> {
  config?: RouteShorthandOptions["config"];
  /**
   * A WebSocket route (@fastify/websocket, registered in the route's scope): an upgrade that
   * passed every hook runs this; the handler answers a GET without `Upgrade`.
   */
  wsHandler?: (socket: WebSocket, request: FastifyRequest) => void;
  /**
   * A hot read answering cached bytes keyed by its URL: the schemas document it and the handler
   * validates with the same schema on a cache miss, so a hit runs no validation.
   */
  validateInHandler?: true;
}

/** Register an endpoint of the table with its schemas (validated by zod, errors as `parse()` gives them). */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions,
  handler: (request: Request<E>, reply: FastifyReply) => Answer<E> | Promise<Answer<E>>,
): void {
  const contract = contracts.get(endpoint);
  if (!contract) throw new Error(`${endpoint.method} ${endpoint.path} has no contract`);
  const { validateInHandler, config, ...rest } = options;
  const { who, validationCodes } = contract;
  const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema: raw, httpPart }) => {
    const schema = raw as z.ZodType;
    const notFound = httpPart === "params" ? contract.paramsNotFound : undefined;
    return (input) => {
      const result = schema.safeParse(input ?? undefined);
      if (result.success) return { value: result.data };
      return {
        error: notFound
          ? new AppError(404, ERROR_CODES.notFound, notFound)
          : validationError(result.error, validationCodes),
      };
    };
  };
  app.route({
    ...rest,
    method: endpoint.method,
    url: endpoint.path,
    config: { ...config, endpoint },
    // Who may call it, before what they sent is looked at (a visitor's 401 before a 400).
    preValidation:
      who === "anyone"
        ? undefined
        : async (request) => {
            const viewer = await app.viewerOf(request);
            if (!viewer) throw unauthorized(contract.unauthorized);
            if (who === "authors" && !viewer.isAdmin)
              throw forbidden(contract.forbidden ?? "Only the blog's authors can do that.");
            request.caller = viewer;
          },
    // Checked in the handler: Fastify runs no validator at all (the document takes the schemas
    // from the contract, server/api/openapi.ts).
    schema: schemaOf(contract, validateInHandler ? "document" : "validate"),
    validatorCompiler,
    // The response schemas document; answers are serialised as they always were.
    serializerCompiler: () => (data) => JSON.stringify(data),
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => unknown,
  });
}

/** Who may call it, in the OpenAPI document's words. */
const WHO: Record<AnyContract["who"], string | undefined> = {
  anyone: undefined,
  "signed-in": "Needs a signed-in user (the session cookie); a visitor gets 401.",
  authors: "Only the blog's two authors: a visitor gets 401, a reader 403.",
};

/** The answers the gate itself gives, whatever the row's own list says. */
const WHO_ERRORS: Record<AnyContract["who"], readonly ErrorCode[]> = {
  anyone: [],
  "signed-in": ["UNAUTHORIZED"],
  authors: ["UNAUTHORIZED", "FORBIDDEN"],
};

/** The Fastify schema of an entry: with its input schemas, or (checked in the handler) without them. */
export function schemaOf(contract: AnyContract, use: "validate" | "document" | "openapi"): FastifySchema {
  const inputs = use !== "document";
  return Object.fromEntries(
    Object.entries({
      summary: contract.summary,
      description: [contract.description, WHO[contract.who]].filter(Boolean).join("\n\n") || undefined,
      tags: [...contract.tags],
      params: inputs ? contract.params : undefined,
      querystring: inputs ? contract.query : undefined,
      body: inputs ? contract.body : undefined,
      response: {
        ...(contract.response ? { 200: contract.response } : {}),
        ...errorResponses([...new Set([...WHO_ERRORS[contract.who], ...contract.errors])]),
      },
    }).filter(([, value]) => value !== undefined),
  );
}

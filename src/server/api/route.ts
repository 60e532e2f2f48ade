import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  RouteShorthandOptions,
} from "fastify";
import type { z } from "zod";
import { type AnyContract, contracts, errorResponses } from "../../common/api/contract";
import type { BodyOut, Endpoint, ParamsOut, QueryOut, ResponseOf } from "../../common/api/endpoint";
import { ERROR_CODES } from "../../common/error-codes";
import { AppError } from "../errors";
import { validationError } from "../validate";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set on routes registered from the endpoint table (only those reach /api/openapi.json). */
    endpoint?: Endpoint;
  }
}

type Request<E> = FastifyRequest<{ Params: ParamsOut<E>; Querystring: QueryOut<E>; Body: BodyOut<E> }>;
type Answer<E> = ResponseOf<E> | FastifyReply | undefined;

export interface RouteOptions extends Pick<RouteShorthandOptions, "compress" | "decompress" | "bodyLimit"> {
  /** `rateLimit: false`: @fastify/rate-limit leaves the route alone (health checks). */
  config?: RouteShorthandOptions["config"] & { rateLimit?: false };
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
  const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema: raw, httpPart }) => {
    const schema = raw as z.ZodType;
    const notFound = httpPart === "params" ? contract.paramsNotFound : undefined;
    return (input) => {
      const result = schema.safeParse(input ?? undefined);
      if (result.success) return { value: result.data };
      return {
        error: notFound ? new AppError(404, ERROR_CODES.notFound, notFound) : validationError(result.error),
      };
    };
  };
  app.route({
    ...rest,
    method: endpoint.method,
    url: endpoint.path,
    config: { ...config, endpoint },
    // Checked in the handler: Fastify runs no validator at all (the document takes the schemas
    // from the contract, server/api/openapi.ts).
    schema: schemaOf(contract, validateInHandler ? "document" : "validate"),
    validatorCompiler,
    // The response schemas document; answers are serialised as they always were.
    serializerCompiler: () => (data) => JSON.stringify(data),
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => unknown,
  });
}

/** The Fastify schema of an entry: with its input schemas, or (checked in the handler) without them. */
export function schemaOf(contract: AnyContract, use: "validate" | "document" | "openapi"): FastifySchema {
  const inputs = use !== "document";
  return Object.fromEntries(
    Object.entries({
      summary: contract.summary,
      description: contract.description,
      tags: [...contract.tags],
      params: inputs ? contract.params : undefined,
      querystring: inputs ? contract.query : undefined,
      body: inputs ? contract.body : undefined,
      response: {
        ...(contract.response ? { 200: contract.response } : {}),
        ...errorResponses(contract.errors),
      },
    }).filter(([, value]) => value !== undefined),
  );
}

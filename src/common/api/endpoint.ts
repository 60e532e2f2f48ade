import type { z } from "zod";

/**
 * One entry of the endpoint table (common/api.ts): its method and path, and as types only what
 * goes in and comes out. The zod schemas themselves are in `common/api/contract/*.ts` (server
 * side and OpenAPI), so the reader's bundle carries two strings per endpoint and no zod.
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What an endpoint takes and answers: the schemas' types (`import type`) and a response type. */
export interface Io {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: unknown;
}

export interface Endpoint<T extends Io = Io> {
  readonly method: Method;
  /** Fastify's spelling: `/api/posts/:id`. */
  readonly path: string;
  /** Types only, never set. */
  readonly io?: T;
}

type In<S> = S extends z.ZodType ? z.input<S> : undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type ParamsIn<E> = E extends Endpoint<infer T> ? In<T["params"]> : never;
export type QueryIn<E> = E extends Endpoint<infer T> ? In<T["query"]> : never;
export type BodyIn<E> = E extends Endpoint<infer T> ? In<T["body"]> : never;
export type ParamsOut<E> = E extends Endpoint<infer T> ? Out<T["params"]> : never;
export type QueryOut<E> = E extends Endpoint<infer T> ? Out<T["query"]> : never;
export type BodyOut<E> = E extends Endpoint<infer T> ? Out<T["body"]> : never;
export type ResponseOf<E> = E extends Endpoint<infer T> ? T["response"] : never;

type QueryValue = string | number | boolean | null | undefined;

/**
 * The URL of a call: `:name` segments from `params` (encoded), then the query's defined values
 * (a query is a flat record: numbers and booleans are sent as their text).
 */
export function urlOf(
  endpoint: Endpoint,
  params?: Record<string, string | number>,
  query?: Record<string, QueryValue>,
): string {
  // The entry's type makes every `:name` a required param.
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(params?.[name])),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

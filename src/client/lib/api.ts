import {
  type BodyIn,
  type Endpoint,
  type ParamsIn,
  type QueryIn,
  type ResponseOf,
  urlOf,
} from "../../common/api/endpoint";
import type { ApiErrorBody } from "../../common/types";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The one place the client talks to the server. JSON in (or FormData, sent as multipart for
 * uploads), JSON out; `{ error }` becomes ApiError.
 */
export async function api<T>(
  path: string,
  /** keepalive: the request outlives the page (a save as the tab closes). */
  init: {
    method?: string;
    body?: unknown;
    signal?: AbortSignal;
    keepalive?: boolean;
    /** Extra request headers (a collaborative save's `x-duet-collab`). */
    headers?: Record<string, string>;
  } = {},
): Promise<T> {
  const multipart = init.body instanceof FormData;
  const res = await fetch(path, {
    method: init.method ?? "GET",
    credentials: "same-origin",
    // The browser sets multipart's content type itself (with its boundary).
    headers: {
      ...(init.body !== undefined && !multipart ? { "content-type": "application/json" } : {}),
      ...init.headers,
    },
    body: multipart
      ? (init.body as FormData)
      : init.body !== undefined
        ? JSON.stringify(init.body)
        : undefined,
    signal: init.signal,
    keepalive: init.keepalive,
  });
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // A proxy's HTML error page: the status says what happened.
  }
  if (!res.ok) {
    const err = (data as ApiErrorBody | null)?.error;
    throw new ApiError(
      res.status,
      err?.code ?? "HTTP_ERROR",
      err?.message ?? `Request failed (${res.status})`,
    );
  }
  return data as T;
}

/** A query as a URL carries it: numbers and booleans are sent as text. */
type QueryArg<Q> = Q extends object ? { [K in keyof Q]?: Q[K] | number | boolean | null } : undefined;

type CallArgs<E> = {
  signal?: AbortSignal;
  keepalive?: boolean;
  headers?: Record<string, string>;
} & (ParamsIn<E> extends undefined ? { params?: undefined } : { params: ParamsIn<E> }) &
  (QueryIn<E> extends undefined ? { query?: undefined } : { query?: QueryArg<QueryIn<E>> }) &
  (BodyIn<E> extends undefined
    ? { body?: FormData }
    : undefined extends BodyIn<E>
      ? { body?: BodyIn<E> }
      : { body: BodyIn<E> });

/** Call an endpoint of the table (common/api.ts): its URL and method from the entry, its answer typed. */
export function call<E extends Endpoint>(endpoint: E, args: CallArgs<E>): Promise<ResponseOf<E>> {
  const { params, query, body, signal, keepalive, headers } = args as {
    params?: Record<string, string>;
    query?: Record<string, string | number | boolean | null | undefined>;
    body?: unknown;
    signal?: AbortSignal;
    keepalive?: boolean;
    headers?: Record<string, string>;
  };
  return api<ResponseOf<E>>(urlOf(endpoint, params, query), {
    method: endpoint.method,
    body,
    signal,
    keepalive,
    headers,
  });
}

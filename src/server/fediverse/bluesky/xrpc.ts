import { RemoteFetchError, requestRemote } from "../remote-fetch";

/**
 * Plain XRPC over the guarded fetcher (remote-fetch.ts): `@atproto/api` needs Node 22, and every
 * address we dial (a resolver, a PLC directory, a PDS named by a DID document) is checked like
 * any other remote one — never private, loopback or link-local unless the configuration says so.
 */

/** An answer is a few KB of JSON; a blob we upload is at most 1 MB. */
const JSON_MAX_BYTES = 1024 * 1024;
const TIMEOUT_MS = 10_000;

/** The server answered with an XRPC error (`{ error, message }`). */
export class XrpcError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

/** The server could not be reached (refused address, timeout, connection error, not JSON). */
export class XrpcUnreachable extends Error {}

export interface Guard {
  allowPrivate: boolean;
}

export interface Call {
  query?: Record<string, string>;
  json?: unknown;
  /** A procedure without input (refreshSession, deleteSession): a POST with no body. */
  post?: true;
  blob?: { type: string; data: Buffer };
  /** A session's access (or, for refresh and delete, refresh) token. */
  token?: string;
}

/** GET a JSON document (a DID document) through the guard. */
export async function getJson(guard: Guard, url: string): Promise<unknown> {
  return send(guard, url, {});
}

/** One XRPC call to `service` (`https://pds.example`): a query without a body, a procedure with one. */
export function xrpc<T>(guard: Guard, service: string, nsid: string, call: Call = {}): Promise<T> {
  const query = call.query ? `?${new URLSearchParams(call.query)}` : "";
  return send(guard, `${service.replace(/\/+$/, "")}/xrpc/${nsid}${query}`, call) as Promise<T>;
}

async function send(guard: Guard, url: string, call: Call): Promise<unknown> {
  const body =
    call.blob ??
    (call.json !== undefined ? { type: "application/json", data: JSON.stringify(call.json) } : undefined);
  let answer: Awaited<ReturnType<typeof requestRemote>>;
  try {
    answer = await requestRemote(url, {
      allowPrivate: guard.allowPrivate,
      maxBytes: JSON_MAX_BYTES,
      timeoutMs: TIMEOUT_MS,
      type: "",
      readErrors: true,
      headers: {
        accept: "application/json",
        ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
      },
      ...(body ? { method: "POST", body } : call.post ? { method: "POST" } : {}),
    });
  } catch (error) {
    if (error instanceof RemoteFetchError) throw new XrpcUnreachable(error.message);
    throw new XrpcUnreachable(error instanceof Error ? error.message : String(error));
  }
  const text = answer.body.toString("utf8");
  let json: unknown = null;
  if (text)
    try {
      json = JSON.parse(text);
    } catch {
      if (answer.status >= 200 && answer.status < 300)
        throw new XrpcUnreachable(`not JSON from ${new URL(url).host}`);
    }
  if (answer.status >= 200 && answer.status < 300) return json ?? {};
  const fields = (json && typeof json === "object" ? json : {}) as { error?: unknown; message?: unknown };
  const error = typeof fields.error === "string" ? fields.error : `HTTP ${answer.status}`;
  const message = typeof fields.message === "string" ? fields.message.slice(0, 300) : error;
  throw new XrpcError(answer.status, error, message);
}

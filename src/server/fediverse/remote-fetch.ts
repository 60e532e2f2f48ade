import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * The one fetcher for remote media (avatars) and Webmention (sources, endpoints): refuses private, loopback, link-local and other
 * non-public addresses at connect time (the address actually dialled is the one checked, so DNS
 * rebinding gains nothing), with a timeout, a size limit and a content-type check. Fedify's own
 * fetches (actors, keys, objects) are guarded by its `allowPrivateAddress: false` (decision 0029).
 */

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  PRIVATE.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 127],
  ["64:ff9b::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  PRIVATE.addSubnet(net, prefix, "ipv6");

export const isPublicAddress = (address: string): boolean => {
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6 && /^::ffff:/i.test(address)) return false;
  return !PRIVATE.check(address, family === 4 ? "ipv4" : "ipv6");
};

export class RemoteFetchError extends Error {}

export interface RemoteFetchOptions {
  allowPrivate: boolean;
  maxBytes: number;
  timeoutMs: number;
  /** The content type must start with this (e.g. "image/"). */
  type: string;
  redirects?: number;
}

const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const list = addresses as unknown as LookupAddress[];
    const bad = list.find((a) => !isPublicAddress(a.address));
    if (bad || list.length === 0)
      return callback(new RemoteFetchError(`refused address for ${hostname}`), "", 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

/** GET a remote file into memory, within the limits; throws RemoteFetchError otherwise. */
export async function fetchRemote(url: string, options: RemoteFetchOptions): Promise<Buffer> {
  const answer = await requestRemote(url, options);
  if (answer.status !== 200) throw new RemoteFetchError(`refused response (${answer.status})`);
  return answer.body;
}

export interface RemoteRequest extends RemoteFetchOptions {
  /** Default GET; a POST is sent with `form` (urlencoded) or `body` and never redirected. */
  method?: "GET" | "POST";
  form?: Record<string, string>;
  /** A POST's body of another type (XRPC: JSON, or a blob's bytes). */
  body?: { type: string; data: Buffer | string };
  /** More request headers (an XRPC call's `authorization`). */
  headers?: Record<string, string>;
  /** Read a non-2xx answer's body too, of any type, within `maxBytes` (an XRPC error's JSON). */
  readErrors?: boolean;
}

export interface RemoteAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The last URL asked, after redirects (relative links resolve against it). */
  url: string;
  /** Read only for a 2xx answer of the expected type; empty otherwise. */
  body: Buffer;
}

/**
 * One request through the guard: redirects followed (each hop checked again), the body read only
 * from a 2xx answer of the expected type and within `maxBytes`, the whole exchange in `timeoutMs`.
 * Other statuses come back with an empty body (a 410 means something to Webmention).
 */
export function requestRemote(url: string, options: RemoteRequest): Promise<RemoteAnswer> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.reject(new RemoteFetchError("not a URL"));
  }
  if (target.protocol !== "https:" && target.protocol !== "http:")
    return Promise.reject(new RemoteFetchError("not http(s)"));
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (!options.allowPrivate && isIP(host) && !isPublicAddress(host))
    return Promise.reject(new RemoteFetchError("refused address"));
  const send = target.protocol === "https:" ? https.request : http.request;
  const form = options.form ? new URLSearchParams(options.form).toString() : (options.body?.data ?? null);
  const formType = options.form ? "application/x-www-form-urlencoded" : options.body?.type;
  return new Promise<RemoteAnswer>((resolve, reject) => {
    const request = send(
      target,
      {
        method: options.method ?? "GET",
        ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
        // A fresh connection each time: a pooled one was dialled without this request's check.
        agent: false,
        headers: {
          accept: `${options.type}*`,
          "user-agent": "Duet (+ActivityPub)",
          ...options.headers,
          ...(form !== null ? { "content-type": formType, "content-length": Buffer.byteLength(form) } : {}),
        },
        timeout: options.timeoutMs,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location && form === null) {
          response.resume();
          const left = options.redirects ?? 3;
          if (left <= 0) return reject(new RemoteFetchError("too many redirects"));
          return resolve(requestRemote(new URL(location, target).href, { ...options, redirects: left - 1 }));
        }
        const answer = { status, headers: response.headers, url: target.href, body: Buffer.alloc(0) };
        const type = String(response.headers["content-type"] ?? "");
        const length = Number(response.headers["content-length"] ?? 0);
        const error = status < 200 || status > 299;
        if (error && !options.readErrors) {
          response.destroy();
          return resolve(answer);
        }
        if ((!error && !type.startsWith(options.type)) || length > options.maxBytes) {
          response.destroy();
          return reject(new RemoteFetchError(`refused response (${status}, ${type}, ${length} bytes)`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            reject(new RemoteFetchError("too big"));
          } else chunks.push(chunk);
        });
        response.on("end", () => resolve({ ...answer, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      },
    );
    // The whole exchange, not only the silence between packets, is bounded.
    const timer = setTimeout(() => request.destroy(new RemoteFetchError("timed out")), options.timeoutMs);
    request.on("close", () => clearTimeout(timer));
    request.on("timeout", () => request.destroy(new RemoteFetchError("timed out")));
    request.on("error", reject);
    request.end(form ?? undefined);
  });
}

import type { Config } from "../../env";
import { type Guard, getJson, XrpcError, xrpc } from "./xrpc";

/** No account answers to the handle (or its DID document does not claim it). */
export class HandleNotFound extends Error {}

export interface ResolvedAccount {
  did: string;
  handle: string;
  /** The PDS named by the DID document's `#atproto_pds` service. */
  pdsUrl: string;
}

const HANDLE = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;
const DID = /^did:(plc:[a-z2-7]{24}|web:[a-z0-9.-]+(%3a\d+)?)$/;

/** `@alice.bsky.social`, `Alice.bsky.social` → `alice.bsky.social`; a DID stays as given. */
export const normaliseHandle = (input: string): string => input.trim().replace(/^@/, "").toLowerCase();

export const isHandle = (value: string): boolean => value.length <= 253 && HANDLE.test(value);
export const isDid = (value: string): boolean => DID.test(value);

interface DidDocument {
  id?: unknown;
  alsoKnownAs?: unknown;
  service?: unknown;
}

/**
 * Handle → DID (the resolver's `com.atproto.identity.resolveHandle`) → DID document (the PLC
 * directory, or did:web's `/.well-known/did.json`) → the PDS. The document must name the handle
 * back (`alsoKnownAs: at://handle`), the atproto rule that keeps a resolver from lying about whose
 * account a handle is. Network trouble is XrpcUnreachable; a wrong handle, HandleNotFound.
 */
export async function resolveAccount(config: Config, guard: Guard, input: string): Promise<ResolvedAccount> {
  const given = normaliseHandle(input);
  let did = given;
  if (!isDid(given)) {
    if (!isHandle(given)) throw new HandleNotFound("not a handle");
    try {
      const answer = await xrpc<{ did?: unknown }>(
        guard,
        config.bluesky.resolverUrl,
        "com.atproto.identity.resolveHandle",
        {
          query: { handle: given },
        },
      );
      if (typeof answer.did !== "string" || !isDid(answer.did)) throw new HandleNotFound("no DID");
      did = answer.did;
    } catch (error) {
      if (error instanceof XrpcError && error.status < 500) throw new HandleNotFound(error.message);
      throw error;
    }
  }
  const doc = (await getJson(guard, didDocumentUrl(config, did)).catch((error: unknown) => {
    if (error instanceof XrpcError && error.status < 500) throw new HandleNotFound("no DID document");
    throw error;
  })) as DidDocument;
  if (!doc || doc.id !== did) throw new HandleNotFound("the DID document is not this DID's");
  const names = Array.isArray(doc.alsoKnownAs) ? doc.alsoKnownAs.filter((a) => typeof a === "string") : [];
  const handles = names.filter((a) => a.startsWith("at://")).map((a) => a.slice(5).toLowerCase());
  const handle = given === did ? handles[0] : handles.find((h) => h === given);
  if (!handle) throw new HandleNotFound("the DID document does not name this handle");
  const services = (Array.isArray(doc.service) ? doc.service : []).filter(
    (s): s is Record<string, unknown> => typeof s === "object" && s !== null,
  );
  const pds = services.find(
    (s) =>
      (s.id === "#atproto_pds" || s.id === `${did}#atproto_pds`) && typeof s.serviceEndpoint === "string",
  );
  const pdsUrl = typeof pds?.serviceEndpoint === "string" ? pds.serviceEndpoint.replace(/\/+$/, "") : "";
  if (!/^https?:\/\//.test(pdsUrl)) throw new HandleNotFound("the DID document names no PDS");
  return { did, handle, pdsUrl };
}

function didDocumentUrl(config: Config, did: string): string {
  if (did.startsWith("did:plc:")) return `${config.bluesky.plcUrl}/${did}`;
  const host = decodeURIComponent(did.slice("did:web:".length));
  return `https://${host}/.well-known/did.json`;
}

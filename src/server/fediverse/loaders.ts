import { readFileSync } from "node:fs";
import path from "node:path";
import {
  type DocumentLoader,
  type FederationOptions,
  getAuthenticatedDocumentLoader,
  getDocumentLoader,
  type KvStore,
  kvCache,
  preloadedContexts,
} from "@fedify/fedify";
import { REPO_ROOT } from "../paths";

/** Duet's version (package.json): the User-Agent and NodeInfo say it. */
export const DUET_VERSION = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string }
).version;

/** What Duet says it is to other servers, as Mastodon does: name, version and the blog's address. */
export const duetUserAgent = (publicUrl: string): string =>
  `Duet/${DUET_VERSION} (Fedify; +${new URL(publicUrl).origin}/)`;

/**
 * JSON-LD contexts come only from Fedify's preloaded set (ActivityStreams, security, data
 * integrity, multikey, Mastodon's, Lemmy's, GoToSocial's …), never from the network: fetching one
 * would let any request make Duet dial an address of the sender's choosing before its signature is
 * checked. Any other context URL reads as empty, so its terms are ignored, as unknown terms are.
 */
export const preloadedContextLoader: DocumentLoader = async (url) => {
  const known = (preloadedContexts as Record<string, unknown>)[url];
  return { contextUrl: null, documentUrl: url, document: known ?? { "@context": {} } };
};

/**
 * The loaders Fedify uses, built here rather than from `allowPrivateAddress`/`userAgent` (Fedify
 * refuses a context loader beside those): the same SSRF rule and cache as Fedify's own, our
 * User-Agent on every fetch, and the preloaded contexts only.
 */
export function duetLoaders(
  kv: KvStore,
  { allowPrivate, publicUrl }: { allowPrivate: boolean; publicUrl: string },
): Pick<
  FederationOptions<unknown>,
  "documentLoaderFactory" | "contextLoaderFactory" | "authenticatedDocumentLoaderFactory"
> {
  const userAgent = duetUserAgent(publicUrl);
  return {
    // Fedify passes its own `allowPrivateAddress` (false, as it was not given one): ours decides.
    documentLoaderFactory: () =>
      kvCache({
        loader: getDocumentLoader({ allowPrivateAddress: allowPrivate, userAgent }),
        kv,
        prefix: ["_fedify", "remoteDocument"],
      }),
    contextLoaderFactory: () => preloadedContextLoader,
    authenticatedDocumentLoaderFactory: (identity) =>
      getAuthenticatedDocumentLoader(identity, { allowPrivateAddress: allowPrivate, userAgent }),
  };
}

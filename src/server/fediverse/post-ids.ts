import type { InboxContext } from "@fedify/fedify";
import { Article, Note } from "@fedify/vocab";
import type { AppContext } from "../context";

/** The local post an object URI names (`/ap/posts/{id}`), or null. */
export function postIdOf(fctx: InboxContext<AppContext>, uri: URL | null): string | null {
  if (!uri) return null;
  const parsed = fctx.parseUri(uri);
  return parsed?.type === "object" && parsed.class === Article ? (parsed.values.id ?? null) : null;
}

/** The local comment a reply sent from here names (`/ap/replies/{id}`), or null. */
export function sentReplyIdOf(fctx: InboxContext<AppContext>, uri: URL | null): string | null {
  if (!uri) return null;
  const parsed = fctx.parseUri(uri);
  return parsed?.type === "object" && parsed.class === Note ? (parsed.values.id ?? null) : null;
}

import type { AuthorKey } from "../../common/limits";
import type { AuthorProfile } from "../../common/types";
import type { AppContext } from "../context";
import { listAuthorProfiles } from "./author-profiles.repository";

/** Both profiles from the content cache (post pages show them on every read). */
export function cachedAuthorProfiles(ctx: AppContext): Promise<AuthorProfile[]> {
  return ctx.cache.getOrLoad("author-profiles", () => listAuthorProfiles(ctx.db, ctx.config.authorEmails));
}

export async function cachedAuthorProfile(ctx: AppContext, author: AuthorKey): Promise<AuthorProfile> {
  return (await cachedAuthorProfiles(ctx)).find((p) => p.author === author)!;
}

/**
 * Both profiles from the database, not the cache: for a caller on a transaction (the newsletter's
 * claim) or on Fedify's own database handle (the actors).
 */
export function authorProfilesNow(...args: Parameters<typeof listAuthorProfiles>): Promise<AuthorProfile[]> {
  return listAuthorProfiles(...args);
}

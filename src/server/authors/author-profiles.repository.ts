import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { AUTHORS, type AuthorKey } from "../../common/limits";
import type { AuthorProfile } from "../../common/types";
import { storedImageWidth } from "../content/image-sizes";
import type { Db } from "../db/client";
import { authorProfiles, user } from "../db/schema";
import type { Storage } from "../storage/storage";

type Row = typeof authorProfiles.$inferSelect;

const empty = (author: AuthorKey, name = ""): AuthorProfile => ({
  author,
  name,
  bio: "",
  photoUrl: null,
  photoWidth: null,
});
const toAuthorProfile = (row: Row): AuthorProfile => ({
  author: row.author,
  name: row.name,
  bio: row.bio,
  photoUrl: row.photoUrl,
  photoWidth: row.photoUrl ? row.photoWidth : null,
});

/**
 * The display names the authors gave at registration (their verified accounts only: an unproven
 * account at an author's address is not that author).
 */
async function registeredNames(
  db: Db,
  emails: Record<AuthorKey, string>,
): Promise<Record<AuthorKey, string>> {
  const rows = await db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(and(inArray(user.email, Object.values(emails)), eq(user.emailVerified, true)));
  const nameOf = (author: AuthorKey) => rows.find((r) => r.email === emails[author])?.name.trim() ?? "";
  return { him: nameOf("him"), her: nameOf("her") };
}

/**
 * Both authors' profiles, him first. An author who saved no profile yet starts from the display
 * name given at registration (when `authorEmails` is passed), so readers never see 'Him' / 'Her'
 * for an author who told us their name; what they save later is theirs.
 */
export async function listAuthorProfiles(
  db: Db,
  authorEmails?: Record<AuthorKey, string>,
): Promise<AuthorProfile[]> {
  const rows = await db.select().from(authorProfiles);
  const missing = AUTHORS.some((author) => !rows.some((r) => r.author === author));
  const names = missing && authorEmails ? await registeredNames(db, authorEmails) : null;
  return AUTHORS.map((author) => {
    const row = rows.find((r) => r.author === author);
    return row ? toAuthorProfile(row) : empty(author, names?.[author] ?? "");
  });
}

export async function saveAuthorProfile(db: Db, profile: AuthorProfile, now: Date): Promise<AuthorProfile> {
  const { author, ...values } = profile;
  const [row] = await db
    .insert(authorProfiles)
    .values({ author, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: authorProfiles.author, set: { ...values, updatedAt: now } })
    .returning();
  return toAuthorProfile(row!);
}

/**
 * Profiles whose photo was set before its width was recorded: read each photo once and store its
 * width (making its WebP variants), as backfillImageSizes does for posts. Returns how many changed.
 */
export async function backfillAuthorPhotoWidths(db: Db, storage: Storage): Promise<number> {
  const rows = await db
    .select({ author: authorProfiles.author, photoUrl: authorProfiles.photoUrl })
    .from(authorProfiles)
    .where(and(isNotNull(authorProfiles.photoUrl), isNull(authorProfiles.photoWidth)));
  let updated = 0;
  for (const row of rows) {
    const photoWidth = await storedImageWidth(storage, row.photoUrl!);
    if (photoWidth === null) continue;
    // Only if the photo is still the one measured (a save may have come in meanwhile).
    await db
      .update(authorProfiles)
      .set({ photoWidth })
      .where(and(eq(authorProfiles.author, row.author), eq(authorProfiles.photoUrl, row.photoUrl!)));
    updated++;
  }
  return updated;
}

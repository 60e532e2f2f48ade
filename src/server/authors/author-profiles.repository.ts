import { AUTHORS, type AuthorKey } from "../../common/limits";
import type { AuthorProfile } from "../../common/types";
import type { Db } from "../db/client";
import { authorProfiles } from "../db/schema";

const empty = (author: AuthorKey): AuthorProfile => ({ author, name: "", bio: "", photoUrl: null });

/** Both authors' profiles, him first; an author who set nothing yet gets an empty one. */
export async function listAuthorProfiles(db: Db): Promise<AuthorProfile[]> {
  const rows = await db.select().from(authorProfiles);
  return AUTHORS.map((author) => {
    const row = rows.find((r) => r.author === author);
    return row ? { author, name: row.name, bio: row.bio, photoUrl: row.photoUrl } : empty(author);
  });
}

export async function saveAuthorProfile(db: Db, profile: AuthorProfile, now: Date): Promise<AuthorProfile> {
  const values = { name: profile.name, bio: profile.bio, photoUrl: profile.photoUrl, updatedAt: now };
  const [row] = await db
    .insert(authorProfiles)
    .values({ author: profile.author, ...values })
    .onConflictDoUpdate({ target: authorProfiles.author, set: values })
    .returning();
  return { author: row!.author, name: row!.name, bio: row!.bio, photoUrl: row!.photoUrl };
}

import slugify from "@sindresorhus/slugify";
import { and, eq, ne } from "drizzle-orm";
import { POST_SLUG_MAX_LENGTH } from "../../common/limits";
import { slugProblem, unicodeSlug } from "../../common/rules/slug";
import { isId } from "../../common/schemas/id";
import type { Db } from "../db/client";
import { blogPosts, postOldSlugs } from "../db/schema";

/**
 * Post addresses (docs/decisions/0033-post-addresses.md): a slug from the title, transliterated to
 * Latin where @sindresorhus/slugify knows the script, kept as Unicode where it does not (CJK);
 * unique (the insert trigger of migration 0008 adds -2, -3… to a taken one); earlier slugs kept in
 * post_old_slugs so their links keep redirecting.
 */

const cut = (slug: string): string => {
  if ([...slug].length <= POST_SLUG_MAX_LENGTH) return slug;
  const head = [...slug].slice(0, POST_SLUG_MAX_LENGTH).join("");
  const lastHyphen = head.lastIndexOf("-");
  return lastHyphen > 0 ? head.slice(0, lastHyphen) : head;
};

/** The slug a title asks for (before uniqueness). */
export function slugFromTitle(title: string): string {
  let slug = cut(slugify(title, { decamelize: false }));
  if (slug === "") slug = unicodeSlug(title);
  if (slug === "") return "post";
  return slugProblem(slug) ? cut(`${slug}-post`) : slug;
}

type Tx = Pick<Db, "select" | "insert" | "delete" | "update">;

/** Whether another post has this slug now. */
export async function slugTaken(db: Tx, slug: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/**
 * A post leaves `from` for `to`: `from` keeps redirecting to it; `to` stops being anyone's old
 * address (a current slug always wins over an old one).
 */
export async function retireSlug(db: Tx, postId: string, from: string, to: string): Promise<void> {
  await db.delete(postOldSlugs).where(eq(postOldSlugs.slug, to));
  if (from === "" || from === to) return;
  await db
    .insert(postOldSlugs)
    .values({ slug: from, postId })
    .onConflictDoUpdate({ target: postOldSlugs.slug, set: { postId, retiredAt: new Date() } });
}

/** Where an address of `/post/{address}` points: the post's id and current slug, or null. */
export async function resolvePostAddress(
  db: Db,
  address: string,
): Promise<{ id: string; slug: string } | null> {
  const columns = { id: blogPosts.id, slug: blogPosts.slug };
  if (isId(address)) {
    const [row] = await db.select(columns).from(blogPosts).where(eq(blogPosts.id, address.toLowerCase()));
    return row ?? null;
  }
  // No slug holds control characters (and PostgreSQL text cannot hold NUL).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
  if (address === "" || [...address].length > POST_SLUG_MAX_LENGTH || /[\u0000-\u001f\u007f]/.test(address))
    return null;
  const [current] = await db.select(columns).from(blogPosts).where(eq(blogPosts.slug, address)).limit(1);
  if (current) return current;
  const [old] = await db
    .select(columns)
    .from(postOldSlugs)
    .innerJoin(blogPosts, eq(blogPosts.id, postOldSlugs.postId))
    .where(eq(postOldSlugs.slug, address))
    .limit(1);
  return old ?? null;
}

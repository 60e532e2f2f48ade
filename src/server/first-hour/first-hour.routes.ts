import { and, eq, not } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { firstHour } from "../../common/api";
import type { FirstHour } from "../../common/first-hour";
import { authorCaller, route } from "../api/route";
import type { AppContext } from "../context";
import { demoPosts } from "../db/demo-posts";
import { authorProfiles, blogPosts, sitePages, siteSettingsChanges } from "../db/schema";

/**
 * The first hour: GET /api/me/first-hour — which of the checklist's steps this author has
 * done, read from real data each time (never cached): a name and a photo on their profile, a post
 * of their own (the seed's untouched demo posts do not count), a look at the settings (a setting
 * or a page saved by them).
 */
export async function registerFirstHourRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, firstHour, {}, async (request, reply) => {
    const viewer = authorCaller(request);
    const author = viewer.authorKey;
    reply.header("cache-control", "private, no-store");
    const [[profile], [post], [setting], [page]] = await Promise.all([
      ctx.db
        .select({ name: authorProfiles.name, photoUrl: authorProfiles.photoUrl })
        .from(authorProfiles)
        .where(eq(authorProfiles.author, author)),
      ctx.db
        .select({ id: blogPosts.id })
        .from(blogPosts)
        .where(and(eq(blogPosts.author, author), not(demoPosts())))
        .limit(1),
      ctx.db
        .select({ id: siteSettingsChanges.id })
        .from(siteSettingsChanges)
        .where(eq(siteSettingsChanges.userId, viewer.id))
        .limit(1),
      ctx.db.select({ id: sitePages.id }).from(sitePages).where(eq(sitePages.updatedBy, viewer.id)).limit(1),
    ]);
    const answer: FirstHour = {
      profile: !!profile?.name.trim() && !!profile.photoUrl,
      post: !!post,
      settings: !!setting || !!page,
    };
    return answer;
  });
}

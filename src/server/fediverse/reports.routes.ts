import { and, desc, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { fediverseReportDismiss, fediverseReports } from "../../common/api";
import { REPORTS_SHOWN } from "../../common/limits";
import { authorCaller, route } from "../api/route";
import type { AppContext } from "../context";
import { blogPosts, fediversePostReports } from "../db/schema";
import { notFound } from "../errors";

/**
 * Reports about posts forwarded by remote servers (`Flag`, decision 0039): the studio inbox lists
 * the signed-in author's own, with the server and its reason; dismissing one settles it.
 * (A report about a comment joins that comment's reports in the moderation review list.)
 */
export async function registerFediverseReportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, fediverseReports, {}, async (request, reply) => {
    const key = authorCaller(request).authorKey;
    const rows = await ctx.db
      .select({ report: fediversePostReports, postTitle: blogPosts.title })
      .from(fediversePostReports)
      .innerJoin(blogPosts, eq(blogPosts.id, fediversePostReports.postId))
      .where(and(eq(blogPosts.author, key), isNull(fediversePostReports.resolvedAt)))
      .orderBy(desc(fediversePostReports.createdAt), desc(fediversePostReports.id))
      .limit(REPORTS_SHOWN);
    reply.header("cache-control", "no-store");
    return {
      items: rows.map(({ report, postTitle }) => ({
        id: String(report.id),
        postId: report.postId,
        postTitle,
        host: report.host,
        reason: report.reason,
        reportedAt: report.createdAt.toISOString(),
      })),
    };
  });

  route(app, fediverseReportDismiss, {}, async (request, reply) => {
    const key = authorCaller(request).authorKey;
    const [row] = await ctx.db
      .select({ id: fediversePostReports.id, author: blogPosts.author })
      .from(fediversePostReports)
      .innerJoin(blogPosts, eq(blogPosts.id, fediversePostReports.postId))
      .where(eq(fediversePostReports.id, Number(request.params.id)));
    // Another author's report is as missing as an unknown one.
    if (!row || row.author !== key) throw notFound("report", "Report not found");
    await ctx.db
      .update(fediversePostReports)
      .set({ resolvedAt: ctx.now() })
      .where(eq(fediversePostReports.id, row.id));
    return reply.status(204).send();
  });
}

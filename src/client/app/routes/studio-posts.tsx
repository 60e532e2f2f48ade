import { lazy, Suspense } from "react";
import { pages, paths } from "../../../common/routes";
import { StudioShell } from "../studio/studio-shell";

const YourPosts = lazy(() => import("../../features/studio/components/your-posts"));
const DemoPostsNotice = lazy(() =>
  import("../../features/studio/components/demo-posts-notice").then((m) => ({ default: m.DemoPostsNotice })),
);
// Statistics: the last 7 days at a glance, and each post's views on its row.
// As tall as the summary (stats.css), before its chunk and its stylesheet arrive.
const SUMMARY_PLACE = { minHeight: "12.5rem", margin: "2rem 0" } as const;
const StatsSummary = lazy(() => import("../../features/stats/components/stats-summary"));
// Two takes: a section of Posts, its own chunk like the list.
const TwoTakes = lazy(() => import("../../features/studio/components/two-takes"));
// Notes in the margin still open, across drafts and pages: its own chunk too.
const OpenNotes = lazy(() => import("../../features/studio/components/open-notes"));
// The partner's drafts shared with this author (decision 0050).
const SharedWithYou = lazy(() => import("../../features/studio/components/shared-with-you"));
const PostStatsLine = lazy(() => import("../../features/stats/components/post-stats-line"));
const postStats = (postId: string) => (
  <Suspense fallback={null}>
    <PostStatsLine postId={postId} />
  </Suspense>
);

/** /admin/posts: the author's posts under their control. */
export default function AdminPostsPage() {
  return (
    <StudioShell page={pages.studioPosts}>
      <h1>Posts</h1>
      <Suspense fallback={<div style={SUMMARY_PLACE} aria-hidden="true" />}>
        <StatsSummary />
      </Suspense>
      <Suspense fallback={<p aria-busy="true">Loading your posts...</p>}>
        <DemoPostsNotice />
        <YourPosts postPath={paths.post} rowExtra={postStats} />
      </Suspense>
      <Suspense fallback={<p aria-busy="true">Loading the two takes...</p>}>
        <TwoTakes postPath={paths.post} />
      </Suspense>
      <Suspense fallback={null}>
        <SharedWithYou />
      </Suspense>
      <Suspense fallback={null}>
        <OpenNotes />
      </Suspense>
    </StudioShell>
  );
}

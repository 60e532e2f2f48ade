import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { pages, pageTitle, paths } from "../../../common/routes";
import { RequireAuth } from "../../features/auth/components/require-auth";
import { FollowerCount } from "../../features/follow/components/follower-count";
import { useSession } from "../../lib/session";
import { shell, useDocumentTitle } from "../layout/use-document-title";

// The editor is its own chunk: readers never download it.
const NewPostForm = lazy(() => import("../../features/editor/components/new-post-form"));
// Engagement: contact messages, also only for admins.
const Inbox = lazy(() => import("../../features/inbox/components/inbox"));
// Issue 22: followers by email, their import and export, and blocked readers.
const AudiencePage = lazy(() => import("../../features/audience/components/audience-page"));
// Own your blog: Export and Import, also only for admins.
const ArchivePanel = lazy(() => import("../../features/archive/components/archive-panel"));
// The writing studio's lists and forms, also admin-only chunks.
const YourPosts = lazy(() => import("../../features/studio/components/your-posts"));
const DemoPostsNotice = lazy(() =>
  import("../../features/studio/components/demo-posts-notice").then((m) => ({ default: m.DemoPostsNotice })),
);
// Statistics: the last 7 days at a glance, and each post's views on its row.
// As tall as the summary (stats.css), before its chunk and its stylesheet arrive.
const SUMMARY_PLACE = { minHeight: "12.5rem", margin: "2rem 0" } as const;
const StatsSummary = lazy(() => import("../../features/stats/components/stats-summary"));
const PostStatsLine = lazy(() => import("../../features/stats/components/post-stats-line"));
const postStats = (postId: string) => (
  <Suspense fallback={null}>
    <PostStatsLine postId={postId} />
  </Suspense>
);
const AuthorProfileForm = lazy(() => import("../../features/studio/components/author-profile-form"));
// Issue 21: the site's words, colours, her pin board and the contact recipients (both authors).
const SiteSettingsForm = lazy(() => import("../../features/settings/components/site-settings-form"));
const VerifyEmailNotice = lazy(() =>
  import("../../features/studio/components/verify-email-notice").then((m) => ({
    default: m.VerifyEmailNotice,
  })),
);

function AdminNewPost() {
  const { viewer } = useSession();
  return (
    <Suspense fallback={<p aria-busy="true">Loading the editor...</p>}>
      <NewPostForm ownAuthor={viewer?.authorKey ?? null} />
    </Suspense>
  );
}

function AdminHeader() {
  const { viewer } = useSession();
  // The emailed verification link lands here, signed in (?verified=1).
  const [params] = useSearchParams();
  return (
    <header className="admin-header">
      <h1>Blog Admin</h1>
      <p>Welcome, {viewer?.email}</p>
      <FollowerCount />
      {params.get("verified") === "1" && !params.has("error") ? (
        <p role="status">Your email address is verified.</p>
      ) : null}
    </header>
  );
}

function AdminStudio() {
  const { viewer } = useSession();
  if (!viewer?.authorKey) return null;
  return (
    <Suspense fallback={<p aria-busy="true">Loading your posts...</p>}>
      <DemoPostsNotice />
      <YourPosts postPath={paths.post} rowExtra={postStats} />
      <AuthorProfileForm author={viewer.authorKey} />
      <SiteSettingsForm />
    </Suspense>
  );
}

/** SPEC §2 /admin: admins only (others go to /login with their origin). */
export default function AdminPage() {
  useDocumentTitle(pageTitle(pages.admin, shell().siteName));
  const { viewer } = useSession();
  // Issue 10: an author who registered but has not verified is told so, not sent to log in again.
  if (viewer?.unverifiedAuthor) {
    return (
      <main className="page">
        <Suspense fallback={<p aria-busy="true">Loading...</p>}>
          <VerifyEmailNotice email={viewer.email} />
        </Suspense>
      </main>
    );
  }
  return (
    <RequireAuth admin>
      <main className="page">
        <AdminHeader />
        {/* Its place is kept while it loads: the form below does not move under a click. */}
        <Suspense fallback={<div style={SUMMARY_PLACE} aria-hidden="true" />}>
          <StatsSummary />
        </Suspense>
        <AdminNewPost />
        <AdminStudio />
        <Suspense fallback={<p aria-busy="true">Loading the inbox...</p>}>
          <Inbox />
        </Suspense>
        <Suspense fallback={<p aria-busy="true">Loading your audience...</p>}>
          <AudiencePage />
        </Suspense>
        <Suspense fallback={null}>
          <ArchivePanel />
        </Suspense>
      </main>
    </RequireAuth>
  );
}

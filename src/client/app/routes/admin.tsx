import { lazy, Suspense } from "react";
import { pages, pageTitle } from "../../../common/routes";
import { RequireAuth } from "../../features/auth/components/require-auth";
import { FollowerCount } from "../../features/follow/components/follower-count";
import { useSession } from "../../lib/session";
import { shell, useDocumentTitle } from "../layout/use-document-title";

// The editor is its own chunk: readers never download it.
const NewPostForm = lazy(() => import("../../features/editor/components/new-post-form"));
// Engagement: contact messages, also only for admins.
const Inbox = lazy(() => import("../../features/inbox/components/inbox"));
// Own your blog: Export and Import, also only for admins.
const ArchivePanel = lazy(() => import("../../features/archive/components/archive-panel"));

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
  return (
    <header className="admin-header">
      <h1>Blog Admin</h1>
      <p>Welcome, {viewer?.email}</p>
      <FollowerCount />
    </header>
  );
}

/** SPEC §2 /admin: admins only (others go to /login with their origin). */
export default function AdminPage() {
  useDocumentTitle(pageTitle(pages.admin, shell().siteName));
  return (
    <RequireAuth admin>
      <main className="page">
        <AdminHeader />
        <AdminNewPost />
        <Suspense fallback={<p aria-busy="true">Loading the inbox...</p>}>
          <Inbox />
        </Suspense>
        <Suspense fallback={null}>
          <ArchivePanel />
        </Suspense>
      </main>
    </RequireAuth>
  );
}

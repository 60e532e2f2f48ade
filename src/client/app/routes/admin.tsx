import { RequireAuth } from "../../features/auth/components/require-auth";
import { useSession } from "../../features/auth/session";
import { shell, useDocumentTitle } from "../layout/use-document-title";

function AdminHeader() {
  const { viewer } = useSession();
  return (
    <header className="admin-header">
      <h1>Blog Admin</h1>
      <p>Welcome, {viewer?.email}</p>
    </header>
  );
}

/** SPEC §2 /admin: admins only (others go to /login with their origin). */
export default function AdminPage() {
  useDocumentTitle(`Blog Admin - ${shell().siteName}`);
  return (
    <RequireAuth admin>
      <main className="page">
        <AdminHeader />
        {/* Authoring: the new-post form (lazily loaded chunk) goes here. Engagement: the Inbox below it. */}
      </main>
    </RequireAuth>
  );
}

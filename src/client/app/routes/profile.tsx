import { ProfileCard } from "../../features/auth/components/profile-card";
import { RequireAuth } from "../../features/auth/components/require-auth";
import { shell, useDocumentTitle } from "../layout/use-document-title";

export default function ProfilePage() {
  useDocumentTitle(`Profile - ${shell().siteName}`);
  return (
    <RequireAuth>
      <main className="page">
        <ProfileCard />
      </main>
    </RequireAuth>
  );
}

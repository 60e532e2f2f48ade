import { pages, pageTitle } from "../../../common/routes";
import { AccountSettings } from "../../features/auth/components/account-settings";
import { ProfileCard } from "../../features/auth/components/profile-card";
import { RequireAuth } from "../../features/auth/components/require-auth";
import { NotificationSettings } from "../../features/follow/components/notification-settings";
import { shell, useDocumentTitle } from "../layout/use-document-title";

export default function ProfilePage() {
  useDocumentTitle(pageTitle(pages.profile, shell().siteName));
  return (
    <RequireAuth>
      <main className="page">
        <ProfileCard />
        <AccountSettings />
        <NotificationSettings />
      </main>
    </RequireAuth>
  );
}

import { useSearchParams } from "react-router";
import { pages, pageTitle } from "../../../common/routes";
import { EmailLinkResult } from "../../features/follow/components/email-link-result";
import { shell, useDocumentTitle } from "../layout/use-document-title";

/** Where the links in audience emails land: confirm a follow, unsubscribe. */
export default function SubscriptionsPage() {
  useDocumentTitle(pageTitle(pages.subscriptions, shell().siteName));
  const [params] = useSearchParams();
  return (
    <main className="page page-narrow">
      <h1>Email subscriptions</h1>
      <EmailLinkResult
        confirm={params.get("confirm")}
        unsubscribe={params.get("unsubscribe")}
        notifications={
          params.get("notifications")
            ? { token: params.get("notifications") ?? "", kind: params.get("kind") ?? "" }
            : null
        }
      />
    </main>
  );
}

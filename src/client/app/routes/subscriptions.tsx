import { useSearchParams } from "react-router";
import { pages, pageTitle } from "../../../common/routes";
import { EmailLinkResult } from "../../features/follow/components/email-link-result";
import { VerifyMailbox } from "../../features/follow/components/verify-mailbox";
import { shell, useDocumentTitle } from "../layout/use-document-title";

/** Where the links in audience emails land: confirm a follow, unsubscribe, prove a notification address. */
export default function SubscriptionsPage() {
  useDocumentTitle(pageTitle(pages.subscriptions, shell().siteName));
  const [params] = useSearchParams();
  const verify = params.get("verify");
  if (verify)
    return (
      <main className="page page-narrow">
        <h1>Email subscriptions</h1>
        <VerifyMailbox token={verify} />
      </main>
    );
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

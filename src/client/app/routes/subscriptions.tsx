import { useSearchParams } from "react-router";
import { AUTHORS, type AuthorKey } from "../../../common/limits";
import { pages, pageTitle } from "../../../common/routes";
import { EmailLinkResult } from "../../features/follow/components/email-link-result";
import { UNSUBSCRIBE_TEXT } from "../../features/follow/components/link-texts";
import { UnsubscribeConfirm } from "../../features/follow/components/unsubscribe-confirm";
import { VerifyMailbox } from "../../features/follow/components/verify-mailbox";
import { shell, useDocumentTitle } from "../layout/use-document-title";

const isAuthor = (value: string | null): value is AuthorKey => AUTHORS.includes(value as AuthorKey);

/** Where the links in audience emails land: confirm a follow, unsubscribe (and its result), stop notifications, prove a notification address. */
export default function SubscriptionsPage() {
  useDocumentTitle(pageTitle(pages.subscriptions, shell().siteName));
  const [params] = useSearchParams();
  const unsubscribe = params.get("unsubscribe");
  const unsubscribed = params.get("unsubscribed");
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
      {unsubscribe ? (
        <UnsubscribeConfirm token={unsubscribe} />
      ) : isAuthor(unsubscribed) ? (
        // Where the unsubscribe form's POST lands without JavaScript (Post/Redirect/Get).
        <p role="status">{UNSUBSCRIBE_TEXT.done(unsubscribed)}</p>
      ) : (
        <EmailLinkResult
          confirm={params.get("confirm")}
          notifications={
            params.get("notifications")
              ? { token: params.get("notifications") ?? "", kind: params.get("kind") ?? "" }
              : null
          }
        />
      )}
    </main>
  );
}

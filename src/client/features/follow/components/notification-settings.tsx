import { useSession } from "../../../lib/session";
import { useNotificationSettings, useUpdateNotifications } from "../api/notifications";
import { MailboxProof } from "./mailbox-proof";
import "../follow.css";

/** /profile: reply, comment and (authors) two-takes and notes emails, each switched on or off at once. */
export function NotificationSettings() {
  const { viewer } = useSession();
  const query = useNotificationSettings();
  const update = useUpdateNotifications();
  if (!query.data) return null;
  const toggle = (kind: "replies" | "comments" | "takes" | "notes") =>
    update.mutate({ [kind]: !query.data[kind] });
  return (
    <fieldset className="notification-settings">
      <legend>Email notifications</legend>
      <label>
        <input
          type="checkbox"
          checked={query.data.replies}
          onChange={() => toggle("replies")}
          disabled={update.isPending}
        />{" "}
        Email me when someone replies to my comments
      </label>
      {viewer?.isAdmin ? (
        <label>
          <input
            type="checkbox"
            checked={query.data.comments}
            onChange={() => toggle("comments")}
            disabled={update.isPending}
          />{" "}
          Email me about each new comment on my posts
        </label>
      ) : null}
      {viewer?.isAdmin ? (
        <label>
          <input
            type="checkbox"
            checked={query.data.takes}
            onChange={() => toggle("takes")}
            disabled={update.isPending}
          />{" "}
          Email me when my partner proposes two takes
        </label>
      ) : null}
      {viewer?.isAdmin ? (
        <label>
          <input
            type="checkbox"
            checked={query.data.notes}
            onChange={() => toggle("notes")}
            disabled={update.isPending}
          />{" "}
          Email me when my partner leaves a note or shares a draft with me
        </label>
      ) : null}
      {viewer ? <MailboxProof settings={query.data} email={viewer.email} /> : null}
      {update.isError ? <p role="alert">Failed to save. Please try again.</p> : null}
    </fieldset>
  );
}

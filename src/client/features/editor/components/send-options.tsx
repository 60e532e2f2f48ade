import { useId, useState } from "react";
import { ApiError } from "../../../lib/api";
import { sendTestEmail, useFollowerReach } from "../api/send-to-followers";
import "../send-options.css";

export const SEND_TEXT = {
  send: "Email this post to my followers when it is published",
  reach: (n: number) =>
    n === 1 ? "It will reach 1 follower." : `It will reach ${n.toLocaleString("en-US")} followers.`,
  quiet: "Publish without sending: followers get no email for this post.",
  test: "Send a test to me",
  testing: "Sending...",
  testSent: (to: string) => `A test email is on its way to ${to}: it is what your followers will get.`,
  testFailed: "Failed to send the test email. Please try again.",
} as const;

interface Props {
  checked: boolean;
  onChange: (send: boolean) => void;
  /** Saves what must be saved and names the post the test is of. */
  postForTest: () => Promise<string>;
  /** Says which version the test shows, when it is not the form as it is. */
  testHint?: string;
}

/**
 * In the post form: send to followers (default) or publish without sending, the number of
 * followers the email will reach, and 'Send a test to me'.
 */
export function SendOptions({ checked, onChange, postForTest, testHint }: Props) {
  const id = useId();
  const count = useFollowerReach();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const test = async () => {
    if (busy) return;
    setBusy(true);
    setResult(null);
    try {
      const postId = await postForTest();
      const { sentTo } = await sendTestEmail(postId);
      setResult({ ok: true, text: SEND_TEXT.testSent(sentTo) });
    } catch (error) {
      const says = error instanceof ApiError && error.status === 429;
      setResult({ ok: false, text: says ? (error as ApiError).message : SEND_TEXT.testFailed });
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="send-options">
      <legend>Followers</legend>
      <label className="send-options-check">
        <input
          type="checkbox"
          checked={checked}
          aria-describedby={`${id}-reach`}
          onChange={(e) => onChange(e.target.checked)}
        />{" "}
        {SEND_TEXT.send}
      </label>
      <p id={`${id}-reach`} className="field-hint" data-testid="send-reach">
        {checked ? (count.data ? SEND_TEXT.reach(count.data.followers) : "\u00a0") : SEND_TEXT.quiet}
      </p>
      <button
        type="button"
        className="button button-ghost button-small"
        aria-disabled={busy}
        aria-describedby={testHint ? `${id}-test-hint` : undefined}
        onClick={() => void test()}
      >
        {busy ? SEND_TEXT.testing : SEND_TEXT.test}
      </button>
      {testHint ? (
        <p id={`${id}-test-hint`} className="field-hint">
          {testHint}
        </p>
      ) : null}
      <p
        role={result?.ok === false ? "alert" : "status"}
        className={result?.ok === false ? "form-error" : "field-hint"}
      >
        {result?.text}
      </p>
    </fieldset>
  );
}

import { type FormEvent, useEffect, useRef } from "react";
import { paths } from "../../../../common/routes";
import { useUnsubscribe } from "../api/email-links";
import { linkFailure, UNSUBSCRIBE_TEXT } from "./link-texts";

/**
 * /subscriptions?unsubscribe=…: opening the emailed link only asks; the button unsubscribes (mail
 * scanners open links). Before the page's script runs, the button posts the form itself and the
 * server answers with the result page; after, it calls the API and says the result here.
 */
export function UnsubscribeConfirm({ token }: { token: string }) {
  const leaving = useUnsubscribe();
  const button = useRef<HTMLButtonElement>(null);
  const result = useRef<HTMLParagraphElement>(null);

  // Keyboard and screen-reader users land on what happened: the result, or the button again.
  useEffect(() => {
    if (leaving.isSuccess) result.current?.focus();
    else if (leaving.isError) button.current?.focus();
  }, [leaving.isSuccess, leaving.isError]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    leaving.mutate(token);
  };

  if (leaving.isSuccess)
    return (
      <p role="status" tabIndex={-1} ref={result}>
        {UNSUBSCRIBE_TEXT.done(leaving.data.unsubscribed)}
      </p>
    );
  return (
    <form method="post" action={paths.unsubscribeForm} className="unsubscribe-form" onSubmit={handleSubmit}>
      <p>{UNSUBSCRIBE_TEXT.question}</p>
      <input type="hidden" name="token" value={token} />
      <button type="submit" className="button" ref={button} disabled={leaving.isPending}>
        {leaving.isPending ? UNSUBSCRIBE_TEXT.busy : UNSUBSCRIBE_TEXT.button}
      </button>
      {leaving.isError ? (
        <p className="subscriptions-error" role="alert">
          {linkFailure(leaving.error)}
        </p>
      ) : null}
    </form>
  );
}

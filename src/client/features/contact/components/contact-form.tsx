import { type FormEvent, useState } from "react";
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGE_ROWS,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_SUBJECT_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
} from "../../../../common/limits";
import { ApiError } from "../../../lib/api";
import { useSendMessage } from "../api/send-message";
import "../contact.css";

// SPEC §8 contact messages.
export const CONTACT_SUCCESS_TEXT = "Message sent successfully! We'll get back to you soon.";
export const CONTACT_FAILED_TEXT = "Failed to send message. Please try again.";

const EMPTY = { name: "", email: "", subject: "", message: "", website: "" };

/** SPEC §2 /contact: name, email, subject and message, all required (SPEC §5). */
export function ContactForm() {
  const send = useSendMessage();
  const [fields, setFields] = useState(EMPTY);
  const [result, setResult] = useState<{ ok: true } | { ok: false; detail: string | null } | null>(null);

  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(null);
    send.mutate(fields, {
      onSuccess: () => {
        setFields(EMPTY);
        setResult({ ok: true });
      },
      onError: (error) => {
        // The server's reason helps when it refused the input or the rate; otherwise SPEC's text alone.
        const detail =
          error instanceof ApiError && (error.status === 400 || error.status === 429) ? error.message : null;
        setResult({ ok: false, detail });
      },
    });
  };

  return (
    <form className="contact-form" onSubmit={handleSubmit}>
      {result?.ok ? (
        <p className="contact-success" role="status">
          {CONTACT_SUCCESS_TEXT}
        </p>
      ) : null}
      {result && !result.ok ? (
        <div className="contact-error" role="alert">
          <p>{CONTACT_FAILED_TEXT}</p>
          {result.detail ? <p className="contact-error-detail">{result.detail}</p> : null}
        </div>
      ) : null}
      <label htmlFor="contact-name">Name</label>
      <input
        id="contact-name"
        name="name"
        autoComplete="name"
        required
        maxLength={CONTACT_NAME_MAX_LENGTH}
        value={fields.name}
        onChange={set("name")}
      />
      <label htmlFor="contact-email">Email</label>
      <input
        id="contact-email"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={EMAIL_MAX_LENGTH}
        value={fields.email}
        onChange={set("email")}
      />
      <label htmlFor="contact-subject">Subject</label>
      <input
        id="contact-subject"
        name="subject"
        required
        maxLength={CONTACT_SUBJECT_MAX_LENGTH}
        value={fields.subject}
        onChange={set("subject")}
      />
      <label htmlFor="contact-message">Message</label>
      <textarea
        id="contact-message"
        name="message"
        rows={CONTACT_MESSAGE_ROWS}
        required
        maxLength={CONTACT_MESSAGE_MAX_LENGTH}
        value={fields.message}
        onChange={set("message")}
      />
      {/* Honeypot: hidden from people and assistive technology; bots fill it and are ignored. */}
      <div className="contact-hp" aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input
          id="contact-website"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={fields.website}
          onChange={set("website")}
        />
      </div>
      <button type="submit" className="button" disabled={send.isPending}>
        {send.isPending ? "Sending..." : "Send Message"}
      </button>
    </form>
  );
}

import { type FormEvent, useState } from "react";
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGE_ROWS,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_SUBJECT_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
} from "../../../../common/limits";
import { ContactBodySchema } from "../../../../common/schemas/contact";
import { Field } from "../../../components/ui/field";
import { FormStatus } from "../../../components/ui/form-status";
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
  // The first problem the shared contact schema finds, shown at its field before anything is sent.
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const errorOf = (field: keyof typeof EMPTY) => (problem?.field === field ? problem.message : null);

  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(null);
    const issue = ContactBodySchema.safeParse(fields).error?.issues[0];
    setProblem(issue ? { field: String(issue.path[0] ?? ""), message: issue.message } : null);
    if (issue) return;
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
      {result?.ok ? <FormStatus kind="success">{CONTACT_SUCCESS_TEXT}</FormStatus> : null}
      {result && !result.ok ? (
        <FormStatus kind="error" detail={result.detail}>
          {CONTACT_FAILED_TEXT}
        </FormStatus>
      ) : null}
      <Field
        id="contact-name"
        label="Name"
        name="name"
        autoComplete="name"
        required
        maxLength={CONTACT_NAME_MAX_LENGTH}
        value={fields.name}
        onChange={set("name")}
        error={errorOf("name")}
      />
      <Field
        id="contact-email"
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={EMAIL_MAX_LENGTH}
        value={fields.email}
        onChange={set("email")}
        error={errorOf("email")}
      />
      <Field
        id="contact-subject"
        label="Subject"
        name="subject"
        required
        maxLength={CONTACT_SUBJECT_MAX_LENGTH}
        value={fields.subject}
        onChange={set("subject")}
        error={errorOf("subject")}
      />
      <Field
        multiline
        id="contact-message"
        label="Message"
        name="message"
        rows={CONTACT_MESSAGE_ROWS}
        required
        maxLength={CONTACT_MESSAGE_MAX_LENGTH}
        value={fields.message}
        onChange={set("message")}
        error={errorOf("message")}
      />
      {/* Honeypot: hidden from people and assistive technology; bots fill it and are ignored. */}
      <div className="contact-hp" aria-hidden="true">
        <Field
          id="contact-website"
          label="Website"
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

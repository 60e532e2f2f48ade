import { z } from "zod";
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_SUBJECT_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
} from "../limits";
import { strictBody } from "./body";
import { plainText } from "./text";

/** A header-bound field: one line, so nothing can be injected into the email's headers. */
const singleLine = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .superRefine(plainText(label, { lines: false, end: "." }));

/** SPEC §3/§5 contact message: name, email, subject and message all required. */
export const ContactBodySchema = strictBody({
  name: singleLine("Name", CONTACT_NAME_MAX_LENGTH),
  email: singleLine("Email", EMAIL_MAX_LENGTH).pipe(z.email("Please enter a valid email address.")),
  subject: singleLine("Subject", CONTACT_SUBJECT_MAX_LENGTH),
  message: z
    .string({ message: "Message must be text." })
    .trim()
    .min(1, "Message is required.")
    .max(CONTACT_MESSAGE_MAX_LENGTH, `Message must be at most ${CONTACT_MESSAGE_MAX_LENGTH} characters.`)
    .superRefine(plainText("Message", { lines: true, end: "." })),
  /** Honeypot: hidden from people, filled in by bots. */
  website: z.string({ message: "website must be text." }).max(500).optional(),
});
export type ContactInput = z.input<typeof ContactBodySchema>;

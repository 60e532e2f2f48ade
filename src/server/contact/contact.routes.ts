import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_SUBJECT_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PAGE_SIZE_MAX,
} from "../../common/limits";
import { BODY_MUST_BE_OBJECT } from "../body-schema";
import type { AppContext } from "../context";
import { badRequest, tooManyRequests } from "../errors";
import { requireAdmin } from "../plugins/auth";
import { parse } from "../validate";
import { decodeCursor, insertContactMessageWithinLimit, listContactMessages } from "./contact.repository";
import { ContactDelivery, createContactSender } from "./delivery";

declare module "fastify" {
  interface FastifyInstance {
    /** The contact-message delivery worker (started with the app, stopped when it closes). */
    contactDelivery: ContactDelivery;
  }
}

/** Per-IP limit on stored contact messages. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 10 * 60_000 };
export const CONTACT_RATE_LIMIT_MESSAGE =
  "You have sent several messages in a short time. Please wait a few minutes and try again.";

/** C0 control characters and DEL; a message may keep its line breaks and tabs. */
function hasControlCharacters(value: string, allowLineBreaks: boolean): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (allowLineBreaks && (c === 9 || c === 10 || c === 13)) continue;
    if (c < 32 || c === 127) return true;
  }
  return false;
}

/** A header-bound field: one line, so nothing can be injected into the email's headers. */
const singleLine = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((v) => !/[\r\n]/.test(v), `${label} must be a single line.`)
    .refine((v) => !hasControlCharacters(v, false), `${label} contains characters that are not allowed.`);

export const ContactBodySchema = z.strictObject(
  {
    name: singleLine("Name", CONTACT_NAME_MAX_LENGTH),
    email: singleLine("Email", EMAIL_MAX_LENGTH).pipe(z.email("Please enter a valid email address.")),
    subject: singleLine("Subject", CONTACT_SUBJECT_MAX_LENGTH),
    message: z
      .string({ message: "Message must be text." })
      .trim()
      .min(1, "Message is required.")
      .max(CONTACT_MESSAGE_MAX_LENGTH, `Message must be at most ${CONTACT_MESSAGE_MAX_LENGTH} characters.`)
      .refine((v) => !hasControlCharacters(v, true), "Message contains characters that are not allowed."),
    /** Honeypot: hidden from people, filled in by bots. */
    website: z.string({ message: "website must be text." }).max(500).optional(),
  },
  BODY_MUST_BE_OBJECT,
);

const ListQuerySchema = z.object({
  limit: z.coerce
    .number({ message: "limit must be a number." })
    .int("limit must be a whole number.")
    .min(1, "limit must be at least 1.")
    .max(PAGE_SIZE_MAX, `limit must be at most ${PAGE_SIZE_MAX}.`)
    .default(20),
  cursor: z.string().max(200, "cursor is not valid.").optional(),
});

export async function registerContactRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const delivery = new ContactDelivery({
    db: ctx.db,
    send: createContactSender(ctx.config, ctx.mailer),
    now: ctx.now,
    log: (line) => app.log.warn(line),
  });
  app.decorate("contactDelivery", delivery);
  app.addHook("onReady", async () => delivery.start());
  app.addHook("onClose", async () => delivery.stop());

  /** Store first, answer once stored, then deliver (retried until it goes out). */
  app.post("/api/contact", async (request, reply) => {
    const input = parse(ContactBodySchema, request.body);
    // A filled honeypot is a bot: pretend success, keep nothing.
    if (input.website && input.website.trim() !== "") return reply.status(201).send({ received: true });
    const now = ctx.now();
    const { website: _honeypot, ...message } = input;
    const row = await insertContactMessageWithinLimit(
      ctx.db,
      message,
      { ip: request.ip, now },
      { since: new Date(now.getTime() - CONTACT_RATE_LIMIT.windowMs), max: CONTACT_RATE_LIMIT.max },
    );
    if (!row) throw tooManyRequests(CONTACT_RATE_LIMIT_MESSAGE);
    delivery.kick();
    return reply.status(201).send({ received: true });
  });

  /** Admins: received messages, newest first, with delivery status. */
  app.get("/api/contact/messages", async (request, reply) => {
    await requireAdmin(ctx, request);
    const query = parse(ListQuerySchema, request.query);
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    if (query.cursor && !after) throw badRequest("cursor is not valid.", "VALIDATION_ERROR");
    reply.header("cache-control", "no-store");
    return listContactMessages(ctx.db, query.limit, after);
  });
}

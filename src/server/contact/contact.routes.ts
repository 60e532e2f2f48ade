import type { FastifyInstance } from "fastify";
import { contactMessages, contactSend, settingsTestContact } from "../../common/api";
import { ERROR_CODES } from "../../common/error-codes";
import { CONTACT_INBOX_PAGE_SIZE, CONTACT_RATE_LIMIT } from "../../common/limits";
import { caller, route } from "../api/route";
import { clientKey } from "../client-key";
import type { AppContext } from "../context";
import { AppError, tooManyRequests } from "../errors";
import { pageRequest } from "../pagination";
import { contactSite } from "../settings/settings.reads";
import { insertContactMessageWithinLimit, listContactMessages } from "./contact.repository";
import { createContactSender } from "./delivery";

export const CONTACT_RATE_LIMIT_MESSAGE =
  "You have sent several messages in a short time. Please wait a few minutes and try again.";

export const TEST_CONTACT_FAILED =
  "The test message could not be sent. Check the mail settings and try again.";

export async function registerContactRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The worker is the context's (built with it); it runs while the app does.
  const delivery = ctx.contactDelivery;
  app.addHook("onReady", async () => delivery.start());
  app.addHook("onClose", async () => delivery.stop());

  /** Store first, answer once stored, then deliver (retried until it goes out). */
  route(app, contactSend, {}, async (request, reply) => {
    const input = request.body;
    // A filled honeypot is a bot: pretend success, keep nothing.
    if (input.website && input.website.trim() !== "") return reply.status(201).send({ received: true });
    const now = ctx.now();
    const { website: _honeypot, ...message } = input;
    const row = await insertContactMessageWithinLimit(
      ctx.db,
      message,
      { ip: clientKey(request.ip), now },
      { since: new Date(now.getTime() - CONTACT_RATE_LIMIT.windowMs), max: CONTACT_RATE_LIMIT.max },
    );
    if (!row) throw tooManyRequests(CONTACT_RATE_LIMIT_MESSAGE);
    delivery.kick();
    return reply.status(201).send({ received: true });
  });

  /** Admins: received messages, newest first, with delivery status. */
  route(app, contactMessages, {}, async (request, reply) => {
    const page = pageRequest(request.query, CONTACT_INBOX_PAGE_SIZE);
    reply.header("cache-control", "no-store");
    return listContactMessages(ctx.db, page);
  });

  /** POST /api/settings/test-contact: a test message through the real contact path, at once. */
  const sendTest = createContactSender(ctx.config, ctx.mailer, undefined, () => contactSite(ctx));
  route(app, settingsTestContact, {}, async (request) => {
    const viewer = caller(request);
    const now = ctx.now();
    try {
      await sendTest({
        id: "test",
        name: viewer.displayName || viewer.email,
        email: viewer.email,
        subject: "Test message",
        message: "This is a test message from the site settings. Contact messages will arrive like this one.",
        createdAt: now,
        status: "pending",
        attempts: 0,
        nextAttemptAt: now,
        lastError: null,
        deliveredAt: null,
        ip: null,
      });
    } catch (error) {
      request.log.warn({ err: error }, "test contact message failed");
      throw new AppError(502, ERROR_CODES.contactTestFailed, TEST_CONTACT_FAILED);
    }
    return { sentTo: ctx.config.emailjs.serviceId ? [] : (await contactSite(ctx)).recipients };
  });
}

import type { FastifyInstance } from "fastify";
import { paths } from "../../common/routes";
import { LinkTokenSchema } from "../../common/schemas/follow";
import type { AppContext } from "../context";
import { unsubscribe } from "./followers.repository";

/** A form of one token: anything longer is not one. */
const FORM_BODY_LIMIT = 1_000;

/**
 * The unsubscribe page's button (docs/decisions/0022-unsubscribe-needs-a-click.md): opening the
 * emailed link only shows the button, so a mail scanner that opens links unsubscribes no one. The
 * button posts a plain form here, which works without JavaScript, and the answer is a redirect to
 * the page saying what happened (a reload does not post again). RFC 8058's one-click POST is
 * the separate `/api/follow/unsubscribe`. Same-origin only, like every write (plugins/security).
 */
export async function registerUnsubscribePage(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(paths.unsubscribeForm, async (request, reply) => {
      const form = new URLSearchParams(typeof request.body === "string" ? request.body : "");
      const token = LinkTokenSchema.safeParse(form.get("token"));
      const row = token.success ? await unsubscribe(ctx.db, token.data, ctx.now()) : null;
      reply.header("cache-control", "no-store");
      return reply.redirect(paths.unsubscribed(row?.author ?? null), 303);
    });
  });
}

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { notificationsUpdate, urlOf } from "../../common/api";
import { pairPropose } from "../../common/api/takes";
import { mailQueue } from "../db/schema";
import { type Roles, requestAs, signInRoles } from "../test/roles";
import { buildTestApp, type TestApp } from "../test/test-app";

// Decision 0046: a two-takes proposal tells the partner by email, which they can switch off on
// /profile ("takes") or with the email's one-click link; the proposer and readers get none.

let t: TestApp;
let roles: Roles;
beforeAll(async () => {
  t = await buildTestApp({ MAIL_QUEUE_PER_MINUTE: "100000" });
  roles = await signInRoles(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.audienceMail.drain();
  await t.ctx.db.delete(mailQueue);
  t.mailer.sent = [];
});

const propose = async (topic: string, extra: Record<string, unknown> = {}) => {
  const res = await requestAs(t, "POST", urlOf(pairPropose), roles.her, { topic, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  await t.ctx.audienceMail.drain();
};
const switchTakes = (on: boolean) =>
  requestAs(t, "PATCH", urlOf(notificationsUpdate), roles.him, { takes: on });

describe("two takes › the partner's email", () => {
  it("tells the partner of a proposal, with its prompt and the studio's link, and no one else", async () => {
    await propose("Our first flat", { prompt: "What we miss" });
    const sent = t.mailer.to(roles.him.email);
    expect(sent.map((m) => m.subject)).toEqual([
      expect.stringMatching(/ proposed two takes on "Our first flat"$/),
    ]);
    expect(sent[0]!.text).toContain("The prompt: What we miss");
    expect(sent[0]!.text).toContain(`Accept or decline in the studio: ${t.ctx.config.publicUrl}/admin/posts`);
    expect(sent[0]!.text).toMatch(
      /Stop these emails with one click: \S+\/subscriptions\?notifications=\S+&kind=takes/,
    );
    expect(t.mailer.to(roles.her.email)).toEqual([]);
    expect(t.mailer.to(roles.reader.email)).toEqual([]);
  });

  it("is switched off on /profile, and on again", async () => {
    const off = await switchTakes(false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ takes: false });
    await propose("Quiet one");
    expect(t.mailer.to(roles.him.email)).toEqual([]);
    expect((await switchTakes(true)).json()).toMatchObject({ takes: true });
    await propose("Loud one");
    expect(t.mailer.to(roles.him.email)).toHaveLength(1);
  });

  it("is switched off by the email's own link", async () => {
    await propose("Linked");
    const text = t.mailer.to(roles.him.email)[0]!.text!;
    const link = new URL(/https?:\/\/\S+\/subscriptions\?notifications=\S+/.exec(text)![0]);
    const token = link.searchParams.get("notifications")!;
    const res = await t.request({
      method: "POST",
      url: `/api/notifications/unsubscribe?token=${token}&kind=takes`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ stopped: "takes" });
    const now = await requestAs(t, "GET", "/api/notifications", roles.him);
    expect(now.json()).toMatchObject({ takes: false, replies: true, comments: true });
    await switchTakes(true);
  });

  it("refuses a malformed switch, changing nothing", async () => {
    for (const body of [{ takes: "yes" }, { takes: 1 }, { takes: null }, { takes: true, extra: 1 }]) {
      const res = await requestAs(t, "PATCH", urlOf(notificationsUpdate), roles.him, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await requestAs(t, "GET", "/api/notifications", roles.him)).json()).toMatchObject({
      takes: true,
    });
    expect((await requestAs(t, "PATCH", urlOf(notificationsUpdate), null, { takes: false })).statusCode).toBe(
      401,
    );
  });
});

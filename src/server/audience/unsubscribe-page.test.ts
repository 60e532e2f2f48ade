import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followers } from "../db/schema";
import { buildTestApp, type TestApp } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A confirmed follower of `author`, and the token of their emailed links. */
async function follower(author: "him" | "her") {
  const token = randomBytes(32).toString("base64url");
  const email = `f-${token.slice(0, 8)}@example.com`;
  await t.ctx.db.insert(followers).values({ email, author, token, confirmedAt: new Date() });
  return token;
}

const subscribed = async (token: string) => {
  const [row] = await t.ctx.db.select().from(followers).where(eq(followers.token, token));
  return row!.unsubscribedAt === null;
};

/** The page's button: a plain form post from our own page. */
const pressButton = (body: string, headers: Record<string, string> = {}) =>
  t.request({
    method: "POST",
    url: "/subscriptions/unsubscribe",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    payload: body,
  });

describe("the unsubscribe link's page (/subscriptions?unsubscribe=…)", () => {
  it("opening it changes nothing: only its button unsubscribes", async () => {
    const token = await follower("him");
    const page = await t.request({ method: "GET", url: `/subscriptions?unsubscribe=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(await subscribed(token)).toBe(true);
  });

  it("the button's form post unsubscribes and lands on the page saying so (Post/Redirect/Get)", async () => {
    const token = await follower("her");
    const res = await pressButton(new URLSearchParams({ token }).toString());
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe("/subscriptions?unsubscribed=her");
    expect(await subscribed(token)).toBe(false);
    // Pressed again (a second tab): the same answer, nothing else changes.
    expect((await pressButton(`token=${token}`)).headers.location).toBe("/subscriptions?unsubscribed=her");
  });

  it("a malformed, unknown or missing token lands on 'not valid', and changes no one", async () => {
    const token = await follower("him");
    for (const body of [
      "",
      "token=",
      "token=short",
      `token=${"a".repeat(43)}`,
      "token=bad%20token%21%21",
      "x=1",
    ]) {
      const res = await pressButton(body);
      expect(res.statusCode, body).toBe(303);
      expect(res.headers.location, body).toBe("/subscriptions?link=invalid");
    }
    // Not a form: the same clear answer, never a 500.
    const json = await t.request({ method: "POST", url: "/subscriptions/unsubscribe", payload: { token } });
    expect(json.headers.location).toBe("/subscriptions?link=invalid");
    const huge = await pressButton(`token=${"a".repeat(5000)}`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(await subscribed(token)).toBe(true);
  });

  it("takes the form from our own page as a browser posts it (Origin: null under no-referrer), refuses it from another site (403)", async () => {
    const token = await follower("him");
    const elsewhere: Array<Record<string, string>> = [
      { origin: "https://elsewhere.example" },
      { origin: "null" },
      { origin: "null", "sec-fetch-site": "cross-site" },
      { origin: "", "sec-fetch-site": "same-site" },
    ];
    for (const headers of elsewhere) {
      const res = await pressButton(`token=${token}`, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await subscribed(token)).toBe(true);
    const ours = await pressButton(`token=${token}`, { origin: "null", "sec-fetch-site": "same-origin" });
    expect(ours.statusCode).toBe(303);
    expect(await subscribed(token)).toBe(false);
  });

  it("leaves RFC 8058's one-click POST as it was (form body, no Origin, no cookie)", async () => {
    const token = await follower("her");
    const res = await t.app.inject({
      method: "POST",
      url: `/api/follow/unsubscribe?token=${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: "her" });
    expect(await subscribed(token)).toBe(false);
  });
});

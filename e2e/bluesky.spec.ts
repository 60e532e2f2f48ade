import AxeBuilder from "@axe-core/playwright";
import { type AtprotoNetwork, startAtprotoNetwork } from "../src/server/test/atproto-network";
import { contextAs } from "./engagement-helpers";
import { createAccount, type DuetServer, expect, HER_EMAIL, startServer, test } from "./fixtures";

// An author connects a Bluesky account of a real local network (PLC + PDS on loopback,
// test/atproto-net) on the Audience page, publishes, finds the card and the document in the
// PDS, and disconnects. Its own server: it must reach loopback and resolve handles there.

let net: AtprotoNetwork;
let duet: { server: DuetServer; stop: () => Promise<void> };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  net = await startAtprotoNetwork(["alice"]);
  duet = await startServer({
    FEDIVERSE_ALLOW_PRIVATE: "true",
    BLUESKY_RESOLVER_URL: net.pds,
    BLUESKY_PLC_URL: net.plc,
  });
});
test.afterAll(async () => {
  await duet?.stop();
  await net?.close();
});

async function records(collection: string): Promise<Array<{ value: Record<string, unknown> }>> {
  const res = await fetch(
    `${net.pds}/xrpc/com.atproto.repo.listRecords?repo=${net.accounts.alice!.did}&collection=${collection}`,
  );
  return ((await res.json()) as { records: Array<{ value: Record<string, unknown> }> }).records;
}

test("an author connects Bluesky in the browser, publishes to it, and disconnects", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(90_000);
  const request = await playwright.request.newContext();
  await createAccount(request, duet.server, { email: HER_EMAIL, name: "Her" });
  await request.dispose();
  const { page } = await contextAs(browser, duet.server, HER_EMAIL);
  // On a phone: the form and the connected state stay inside 360 px, the buttons 44 px tall.
  await page.setViewportSize({ width: 360, height: 740 });
  const fits = async (button: string) => {
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
    expect(
      (await section.getByRole("button", { name: button }).boundingBox())!.height,
    ).toBeGreaterThanOrEqual(44);
  };
  await page.goto("/admin/audience");
  const section = page.getByRole("region", { name: "Bluesky" });
  await expect(section).toBeVisible();
  const axe = await new AxeBuilder({ page }).include("section.audience-social").analyze();
  expect(axe.violations).toEqual([]);
  await fits("Connect");

  // A wrong app password is refused with the API's sentence, and the field is emptied.
  await section.getByLabel("Your Bluesky handle (like alice.bsky.social)").fill("alice.test");
  await section.getByLabel("App password").fill("wxyz-wxyz-wxyz-wxyz");
  await section.getByRole("button", { name: "Connect" }).click();
  await expect(section.getByRole("alert")).toContainText("Bluesky did not accept that app password");
  await expect(section.getByLabel("App password")).toHaveValue("");

  await section.getByLabel("App password").fill(net.accounts.alice!.appPassword);
  await section.getByRole("button", { name: "Connect" }).click();
  await expect(section.getByText("Connected as")).toContainText("@alice.test");
  await expect(section.getByLabel("App password")).toHaveCount(0);
  await fits("Disconnect");
  await expect.poll(async () => (await records("site.standard.publication")).length).toBe(1);

  const created = await page.request.post("/api/posts", {
    headers: { origin: duet.server.baseURL },
    data: { title: "From the browser to Bluesky", content: "<p>Hello, Bluesky.</p>", author: "her" },
  });
  expect(created.status()).toBe(201);
  await expect.poll(async () => (await records("app.bsky.feed.post")).length, { timeout: 15_000 }).toBe(1);
  const [doc] = await records("site.standard.document");
  expect(doc!.value.title).toBe("From the browser to Bluesky");

  await section.getByRole("button", { name: "Disconnect" }).click();
  await expect(section.getByRole("button", { name: "Connect" })).toBeVisible();
  await page.reload();
  await expect(section.getByLabel("Your Bluesky handle (like alice.bsky.social)")).toBeVisible();
});

// Two takes through the studio (docs/decisions/0046-two-takes.md): she proposes in Posts, he
// accepts, each starts a take from the pair and lands in the canvas, each sees the other's take
// as a state only, both mark ready and the pair is revealed; then a reader reads both takes.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { TAKES_MESSAGES } from "../src/common/schemas/takes";
import { unique } from "./authoring-helpers";
import { expect, HER_EMAIL, HIM_EMAIL, signIn, test } from "./fixtures";

const pairRow = (page: Page, topic: string) =>
  page.getByRole("list", { name: "Two takes" }).getByRole("listitem").filter({ hasText: topic });

async function writeTake(page: Page, topic: string, words: string) {
  await pairRow(page, topic)
    .getByRole("button", { name: `Write my take: ${topic}` })
    .click();
  // The take opens in the canvas every draft uses, and is written and saved there (the draft's
  // first line, the prompt, is written over).
  await expect(page).toHaveURL(/\/post\/[^?]+\?edit=1$/);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(topic);
  // A take goes out with its pair: its editor offers no Publish or Schedule the server refuses.
  await expect(page.getByText(`A take of a two-takes post. ${TAKES_MESSAGES.sealed}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish now" })).toHaveCount(0);
  await expect(page.getByLabel("Publish at")).toHaveCount(0);
  const content = page.getByRole("textbox", { name: "Content" });
  await content.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(words);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "updated" })).toHaveText(
    "Blog post updated successfully!",
  );
  await page.goto("/admin/posts");
}

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

test("both authors take a pair from the proposal to the reveal in the studio, then a reader reads it", async ({
  browser,
  server,
  accounts,
}) => {
  test.setTimeout(120_000);
  await accounts.ensure("her");
  await accounts.ensure("him");
  const herContext = await browser.newContext({ baseURL: server.baseURL });
  const hisContext = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 390, height: 844 },
  });
  // Each in one theme, so axe looks at the section in both (about:blank has no storage).
  const theme = (t: string) => {
    if (location.protocol.startsWith("http")) localStorage.setItem("duet-theme", t);
  };
  await herContext.addInitScript(theme, "dark");
  await hisContext.addInitScript(theme, "light");
  await signIn(herContext, server, HER_EMAIL);
  await signIn(hisContext, server, HIM_EMAIL);
  const her = await herContext.newPage();
  const him = await hisContext.newPage();
  const topic = unique("Lisbon");

  // She proposes; a missing topic is the server's error, shown by the form.
  await her.goto("/admin/posts");
  const form = her.getByRole("form", { name: "Propose two takes" });
  await form.getByRole("button", { name: "Propose" }).click();
  await expect(form.getByRole("alert")).toHaveText("Topic is required");
  await form.getByLabel("Topic").fill(topic);
  await form.getByLabel("Prompt (optional)").fill("The best meal of the trip");
  await form.getByRole("button", { name: "Propose" }).click();
  await expect(her.getByRole("status")).toContainText(`Proposed "${topic}"`);
  await expect(pairRow(her, topic)).toContainText("Waiting for your partner");

  // He accepts from his Posts view, on a phone, with the keyboard.
  await him.goto("/admin/posts");
  const accept = pairRow(him, topic).getByRole("button", { name: `Accept: ${topic}` });
  await accept.focus();
  await him.keyboard.press("Enter");
  await expect(him.getByRole("status")).toHaveText("Accepted: you can both write your takes.");
  await expect(pairRow(him, topic)).toContainText("Your partner's takenot started");
  await expect(him.locator("html")).toHaveAttribute("data-theme", "light");
  await expectNoViolations(him);
  await him.screenshot({ path: test.info().outputPath("two-takes-studio-390-light.png"), fullPage: true });

  // Her list is as she left it: a reload brings his answer.
  await her.reload();
  await expect(pairRow(her, topic)).toContainText("Your partner's takenot started");
  await writeTake(her, topic, "Grilled sardines by the river.");
  await expect(pairRow(her, topic)).toContainText("Your takewriting");
  await expect(her.locator("html")).toHaveAttribute("data-theme", "dark");
  await expectNoViolations(her);
  await her.screenshot({ path: test.info().outputPath("two-takes-studio-1280-dark.png"), fullPage: true });
  await pairRow(her, topic)
    .getByRole("button", { name: `Mark ready: ${topic}` })
    .click();
  await expect(her.getByRole("status")).toHaveText("Your take is marked ready.");
  // A take can be un-readied, then readied again.
  await pairRow(her, topic)
    .getByRole("button", { name: `Not ready yet: ${topic}` })
    .click();
  await expect(her.getByRole("status")).toHaveText("Your take is no longer ready.");
  await pairRow(her, topic)
    .getByRole("button", { name: `Mark ready: ${topic}` })
    .click();
  await expect(pairRow(her, topic)).toContainText("Your takeready");

  await him.reload();
  await expect(pairRow(him, topic)).toContainText("Your partner's takeready");
  await writeTake(him, topic, "Pastéis de nata, still warm.");
  await expect(pairRow(him, topic).getByRole("link", { name: `Open my take: ${topic}` })).toBeVisible();
  await pairRow(him, topic)
    .getByRole("button", { name: `Mark ready: ${topic}` })
    .click();
  await expect(him.getByRole("status")).toHaveText("Both takes are ready: the post is revealed.");
  const read = pairRow(him, topic).getByRole("link", { name: `Read the post: ${topic}` });
  await expect(read).toBeVisible();
  const address = await read.getAttribute("href");
  await herContext.close();
  await hisContext.close();

  // A reader, signed out, reads both takes at the one address.
  const readerContext = await browser.newContext({ baseURL: server.baseURL });
  const reader = await readerContext.newPage();
  await reader.goto(address!);
  await expect(reader.getByRole("heading", { level: 1, name: topic })).toBeVisible();
  await expect(reader.locator("#take-her").getByText("Grilled sardines by the river.")).toBeVisible();
  await expect(reader.locator("#take-him").getByText("Pastéis de nata, still warm.")).toBeAttached();
  await readerContext.close();
});

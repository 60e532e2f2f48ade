// Screenshots of the new-post letter at 600 and 375 px, light and dark, in Chromium:
// `npx tsx scripts/letters-shots.ts` writes PNGs to /tmp/letters-shots/ (look at them before
// changing the letters' design). Images are served by a tiny local server standing in for ours.
import { mkdirSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { newsletterParts } from "../src/server/mail/letters/newsletter";
import { SAMPLE_CONTENT, SAMPLE_IMAGES } from "../src/server/mail/letters/sample-post";

const OUT = "/tmp/letters-shots";
mkdirSync(OUT, { recursive: true });

const colours = ["#6b8fa3", "#c9a36b", "#8a5a44", "#5c7a5a"];
const server = createServer(async (req, res) => {
  const seed = [...(req.url ?? "")].reduce((a, c) => a + c.charCodeAt(0), 0);
  const tall = req.url?.includes("right");
  const body = await sharp({
    create: {
      width: 600,
      height: tall ? 800 : 400,
      channels: 3,
      background: colours[seed % colours.length]!,
    },
  })
    .jpeg()
    .toBuffer();
  res.writeHead(200, { "content-type": "image/jpeg" }).end(body);
});
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
const publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const { html } = newsletterParts({
  publicUrl,
  siteName: "Duet",
  blogName: "Her Blog",
  blogPath: "/her-blog",
  post: {
    id: "p1",
    title: "Lisbon in spring",
    content: SAMPLE_CONTENT,
    date: "2026-04-12T09:00:00.000Z",
    hashtags: ["travel", "lisbon"],
    images: SAMPLE_IMAGES,
  },
  authorName: "Ana",
  authorPhotoUrl: "/uploads/blog-images/1700000000000_ana.jpg",
  unsubscribeUrl: `${publicUrl}/subscriptions?unsubscribe=t`,
  preview: "We took the early train...",
});

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
for (const width of [600, 375]) {
  for (const scheme of ["light", "dark"] as const) {
    const page = await browser.newPage({ viewport: { width, height: 800 }, colorScheme: scheme });
    await page.setContent(html, { waitUntil: "load" });
    const file = `${OUT}/new-post-${width}-${scheme}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
    await page.close();
  }
}
await browser.close();
server.close();

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSharp } from "../content/image-store";
import { AVATAR_SIZE, resizeAvatar } from "./avatar-copy";
import { fetchRemote, isPublicAddress, RemoteFetchError } from "./remote-fetch";

// The guarded fetcher for remote media and the avatar pipeline (no app needed).
let server: Server;
let origin = "";
let png: Buffer;
beforeAll(async () => {
  const sharp = await loadSharp();
  png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#36c" } })
    .png()
    .toBuffer();
  server = createServer((req, res) => {
    if (req.url === "/a.png") return void res.writeHead(200, { "content-type": "image/png" }).end(png);
    if (req.url === "/page") return void res.writeHead(200, { "content-type": "text/html" }).end("<p>hi</p>");
    if (req.url === "/big")
      return void res.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(4096));
    if (req.url === "/moved") return void res.writeHead(302, { location: "/a.png" }).end();
    if (req.url === "/slow") return void res.writeHead(200, { "content-type": "image/png" }).write("x");
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const open = { allowPrivate: true, maxBytes: 1024 * 1024, timeoutMs: 2000, type: "image/" };

describe("fetchRemote", () => {
  it("refuses loopback, private and link-local addresses unless tests allow them", async () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "192.168.0.1",
      "169.254.169.254",
      "::1",
      "fe80::1",
      "fd00::1",
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ["93.184.216.34", "2606:4700::1111"]) expect(isPublicAddress(address)).toBe(true);
    await expect(fetchRemote(`${origin}/a.png`, { ...open, allowPrivate: false })).rejects.toThrow(
      RemoteFetchError,
    );
    // A name is judged by the address it resolves to, when connecting (no rebinding window).
    const byName = origin.replace("127.0.0.1", "localhost");
    await expect(fetchRemote(`${byName}/a.png`, { ...open, allowPrivate: false })).rejects.toThrow(
      /refused address/,
    );
    expect(await fetchRemote(`${origin}/a.png`, open)).toEqual(png);
  });

  it("follows a redirect but refuses the wrong type, too many bytes, a silence and other schemes", async () => {
    expect(await fetchRemote(`${origin}/moved`, open)).toEqual(png);
    await expect(fetchRemote(`${origin}/page`, open)).rejects.toThrow(RemoteFetchError);
    await expect(fetchRemote(`${origin}/big`, { ...open, maxBytes: 1000 })).rejects.toThrow(RemoteFetchError);
    await expect(fetchRemote(`${origin}/slow`, { ...open, timeoutMs: 300 })).rejects.toThrow();
    await expect(fetchRemote("file:///etc/passwd", open)).rejects.toThrow(RemoteFetchError);
  });
});

describe("resizeAvatar", () => {
  it("makes a small square WebP and refuses what is not an image", async () => {
    const out = await resizeAvatar(png);
    const meta = await (await loadSharp())(out!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", AVATAR_SIZE, AVATAR_SIZE]);
    expect(await resizeAvatar(Buffer.from("<svg onload='x'/>"))).toBeNull();
  });
});

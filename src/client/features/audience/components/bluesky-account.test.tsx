import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { BlueskyStatus } from "../../../../common/api";
import { blueskyKey } from "../api/bluesky";
import { BLUESKY_TEXT, BlueskyAccount } from "./bluesky-account";

const render = (status: BlueskyStatus) => {
  const client = new QueryClient();
  client.setQueryData(blueskyKey, status);
  return renderToStaticMarkup(createElement(QueryClientProvider, { client }, createElement(BlueskyAccount)));
};

describe("BlueskyAccount", () => {
  it("offers a labelled handle and app-password form when nothing is connected", () => {
    const html = render({ account: null });
    expect(html).toContain(BLUESKY_TEXT.heading);
    expect(html).toMatch(/<label[^>]*for="([^"]+)-handle"[^>]*><span>Your Bluesky handle/);
    expect(html).toMatch(
      /<label[^>]*for="[^"]+-password"[^>]*><span>App password<\/span><input[^>]*type="password"/,
    );
    expect(html).toContain(BLUESKY_TEXT.appPasswordHint.slice(0, 40));
    expect(html).toContain(`>${BLUESKY_TEXT.connect}</button>`);
    expect(html).not.toContain(BLUESKY_TEXT.disconnect);
  });

  it("shows the connected handle, the last problem and Disconnect, and no password field", () => {
    const html = render({
      account: {
        handle: "alice.bsky.social",
        did: "did:plc:abcdefghijklmnopqrstuvwx",
        pdsUrl: "https://pds.example",
        connectedAt: "2026-12-01T00:00:00.000Z",
        publicationUri: null,
        lastError: "Bluesky refused the saved app password. Disconnect and connect again with a new one.",
      },
    });
    expect(html).toContain("<strong>@alice.bsky.social</strong>");
    expect(html).toContain('role="alert">Bluesky refused the saved app password');
    expect(html).toContain(`>${BLUESKY_TEXT.disconnect}</button>`);
    expect(html).not.toContain('type="password"');
  });
});

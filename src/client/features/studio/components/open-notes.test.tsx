// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OpenNote } from "../../../../common/notes";
import OpenNotes from "./open-notes";

const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }));

const note: OpenNote = {
  id: "n1",
  kind: "pages",
  docId: "p1",
  title: "Our plans",
  slug: "our-plans",
  author: "her",
  quote: "harbour",
  body: "Is this the right word?",
  createdAt: "2026-12-04T05:00:00.000Z",
  replies: 1,
};

afterEach(() => vi.unstubAllGlobals());

describe("the studio's open notes", () => {
  it("names each note's writer as the panel does: her profile's name, not 'Her'", async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    vi.stubGlobal(
      "fetch",
      vi.fn((input: RequestInfo | URL) => {
        const url = String(input);
        if (url.includes("/api/notes/open")) return json([note]);
        if (url.includes("/api/authors"))
          return json([
            { author: "him", name: "Tom", bio: "", photoUrl: null, photoWidth: null },
            { author: "her", name: "Ann Marie", bio: "", photoUrl: null, photoWidth: null },
          ]);
        return Promise.reject(new Error(`unexpected ${url}`));
      }),
    );
    const container = document.createElement("div");
    const root = createRoot(container);
    await act(async () => {
      root.render(
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <OpenNotes />
          </MemoryRouter>
        </QueryClientProvider>,
      );
    });
    // The two reads settle inside act (their state updates are React's).
    await act(() =>
      vi.waitFor(() =>
        expect(container.querySelector(".open-note .field-hint")?.textContent).toBe("Ann Marie · 1 reply"),
      ),
    );
    act(() => root.unmount());
  });
});

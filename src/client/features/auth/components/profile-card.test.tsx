// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Viewer } from "../../../../common/types";
import { SessionProvider } from "../../../lib/session";
import { ProfileCard } from "./profile-card";

function render(viewer: Viewer): { container: HTMLElement; unmount: () => void } {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement("div");
  const root = createRoot(container);
  act(() =>
    root.render(
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider initialViewer={viewer}>
          <MemoryRouter initialEntries={["/profile"]}>
            <ProfileCard />
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>,
    ),
  );
  return { container, unmount: () => act(() => root.unmount()) };
}

const fields = (container: HTMLElement) =>
  Object.fromEntries(
    [...container.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );
const links = (container: HTMLElement) => [...container.querySelectorAll("a")].map((a) => a.textContent);

const reader: Viewer = {
  id: "u1",
  email: "rae@example.com",
  displayName: "   ",
  emailVerified: false,
  isAdmin: false,
  unverifiedAuthor: false,
  authorKey: null,
};

describe("ProfileCard (SPEC §2 /profile)", () => {
  it("shows 'Not set' for an empty display name, account type 'User', and no Admin Dashboard link", () => {
    const { container, unmount } = render(reader);
    expect(fields(container)).toEqual({
      Email: "rae@example.com",
      "Display Name": "Not set",
      "Account Type": "User",
    });
    expect(links(container)).toEqual(["Return to Home"]);
    expect(container.querySelector("button")?.textContent).toBe("Log Out");
    unmount();
  });

  it("shows an author as 'Administrator' with the Admin Dashboard link", () => {
    const { container, unmount } = render({
      ...reader,
      email: "him@duet.local",
      displayName: "Him",
      emailVerified: true,
      isAdmin: true,
      authorKey: "him",
    });
    expect(fields(container)).toMatchObject({ "Display Name": "Him", "Account Type": "Administrator" });
    expect(links(container)).toEqual(["Admin Dashboard", "Return to Home"]);
    expect(container.querySelector('a[href="/admin"]')).not.toBeNull();
    unmount();
  });
});

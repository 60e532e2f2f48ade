// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SessionProvider, useSession } from "./session";

type Session = ReturnType<typeof useSession>;

function mount(): { current: () => Session; unmount: () => void } {
  let latest: Session | null = null;
  function Probe() {
    latest = useSession();
    return null;
  }
  const container = document.createElement("div");
  const root = createRoot(container);
  act(() =>
    root.render(
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider initialViewer={null}>
          <Probe />
        </SessionProvider>
      </QueryClientProvider>,
    ),
  );
  return { current: () => latest!, unmount: () => act(() => root.unmount()) };
}

const reply = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );

afterEach(() => vi.unstubAllGlobals());

describe("SessionProvider auth error value (SPEC §4)", () => {
  it("keeps the mapped error, re-throws it, and clears it when the next attempt starts", async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const viewer = {
      id: "u1",
      email: "ann@example.com",
      displayName: "Ann",
      emailVerified: false,
      isAdmin: false,
      authorKey: null,
    };
    const fetchMock = vi
      .fn()
      .mockImplementationOnce(() =>
        reply(401, { error: { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid" } }),
      )
      .mockImplementationOnce(() => reply(200, { token: "t" }))
      .mockImplementationOnce(() => reply(200, { viewer }));
    vi.stubGlobal("fetch", fetchMock);
    const probe = mount();

    let thrown: unknown;
    await act(async () => {
      await probe
        .current()
        .login("ann@example.com", "wrong")
        .catch((e) => (thrown = e));
    });
    expect((thrown as Error).message).toBe("Incorrect password. Please try again or reset your password.");
    expect(probe.current().error?.kind).toBe("wrong-password");

    let pending: Promise<unknown> = Promise.resolve();
    act(() => {
      pending = probe.current().login("ann@example.com", "right-pass");
    });
    expect(probe.current().error).toBeNull();
    await act(async () => {
      await pending;
    });
    expect(probe.current().viewer).toEqual(viewer);
    expect(probe.current().error).toBeNull();
    probe.unmount();
  });

  it("does the same for registration, reset and logout attempts", async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    vi.stubGlobal(
      "fetch",
      vi
        .fn()
        .mockImplementationOnce(() => reply(409, { error: { code: "EMAIL_IN_USE", message: "x" } }))
        .mockImplementationOnce(() => reply(404, { error: { code: "USER_NOT_FOUND", message: "x" } }))
        .mockImplementationOnce(() => reply(200, { success: true })),
    );
    const probe = mount();
    const steps: Array<[() => Promise<unknown>, string | null]> = [
      [() => probe.current().register("ann@example.com", "secret-pass-1", "Ann"), "email-in-use"],
      [() => probe.current().resetPassword("ann@example.com"), "user-not-found"],
      [() => probe.current().logout(), null],
    ];
    for (const [run, kind] of steps) {
      let pending: Promise<unknown> = Promise.resolve();
      let thrown: unknown = null;
      act(() => {
        pending = run().catch((e) => (thrown = e));
      });
      expect(probe.current().error).toBeNull();
      await act(async () => {
        await pending;
      });
      expect(probe.current().error?.kind ?? null).toBe(kind);
      expect(thrown === null ? null : (thrown as { kind: string }).kind).toBe(kind);
    }
    expect(probe.current().error).toBeNull();
    probe.unmount();
  });
});

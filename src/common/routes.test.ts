import { describe, expect, it } from "vitest";
import { pageFor, pages, pageTitle, paths, safeRedirectPath } from "./routes";

describe("the page table", () => {
  it.each([
    ["/", "home"],
    ["/his-blog", "his-blog"],
    ["/her-blog/", "her-blog"],
    ["/post", "post"],
    ["/post/abc", "post"],
    ["/tags/summer%20fun", "tag"],
    ["/privacy", "site-page"],
    ["/p/about-us", "site-page"],
    ["/login?from=/admin", "login"],
    ["/admin", "studio"],
    ["/admin/posts", "studio-posts"],
    ["/admin/inbox/", "studio-inbox"],
    ["/admin/audience", "studio-audience"],
    ["/admin/settings", "studio-settings"],
    ["/admin/export", "studio-export"],
    ["/admin/stats", "studio-stats"],
    ["/admin/nowhere", "not-found"],
    ["/nowhere", "not-found"],
    ["/post/abc/extra", "not-found"],
  ])("%s › the %s chunk", (pathname, chunk) => {
    expect(pageFor(pathname).chunk).toBe(chunk);
  });

  it("titles a page with a fixed title after the site name", () => {
    expect(pageTitle(pages.login, "Duet")).toBe("Login - Duet");
    expect(pageTitle(pages.home, "Duet")).toBe("Duet");
  });
});

describe("paths", () => {
  it("encodes a post id and a tag as one path segment", () => {
    expect(paths.tag("summer fun")).toBe("/tags/summer%20fun");
    expect(paths.tag("a/b?c")).toBe("/tags/a%2Fb%3Fc");
    expect(paths.post("x/y")).toBe("/post/x%2Fy");
  });

  it("builds the login link with where to come back to, never to home or another site", () => {
    expect(paths.login("/admin")).toBe("/login?from=%2Fadmin");
    expect(paths.login("/post/1?x=2")).toBe("/login?from=%2Fpost%2F1%3Fx%3D2");
    expect(paths.login("/")).toBe("/login");
    expect(paths.login(null)).toBe("/login");
    expect(paths.login("//evil.example")).toBe("/login");
    expect(paths.login("/login?from=/admin")).toBe("/login");
  });

  it("carries where to come back to through registration, with the same rules", () => {
    expect(paths.registerFrom("/post/1")).toBe("/register?from=%2Fpost%2F1");
    expect(paths.registerFrom("/")).toBe("/register");
    expect(paths.registerFrom(null)).toBe("/register");
    expect(paths.registerFrom("//evil.example")).toBe("/register");
  });
});

describe("safeRedirectPath", () => {
  it("keeps same-site relative paths with their query", () => {
    expect(safeRedirectPath("/profile")).toBe("/profile");
    expect(safeRedirectPath("/post/abc?x=1#c")).toBe("/post/abc?x=1#c");
  });
  it("falls back to / for other sites, protocol-relative and tricky paths", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "evil",
      "",
      null,
      undefined,
      "/login?from=/admin",
    ]) {
      expect(safeRedirectPath(bad)).toBe("/");
    }
  });
});

import { describe, expect, it } from "vitest";
import { newPasswordProblem, registrationProblem, safeRedirectPath } from "./registration";

const valid = {
  email: "ann@example.com",
  password: "secret-1",
  confirmPassword: "secret-1",
  displayName: "Ann",
};

describe("registration rules (SPEC §5)", () => {
  it("accepts a complete form", () => {
    expect(registrationProblem(valid)).toBeNull();
  });
  it("requires the email and the password", () => {
    expect(registrationProblem({ ...valid, email: "  " })).toBe("Email is required");
    expect(registrationProblem({ ...valid, password: "", confirmPassword: "" })).toBe("Password is required");
  });
  it("says 'Passwords do not match' when the confirmation differs", () => {
    expect(registrationProblem({ ...valid, confirmPassword: "secret-2" })).toBe("Passwords do not match");
  });
  it("says 'Password must be at least 6 characters' for 5 characters, accepts 6", () => {
    expect(newPasswordProblem("abcde", "abcde")).toBe("Password must be at least 6 characters");
    expect(newPasswordProblem("abcdef", "abcdef")).toBeNull();
  });
  it("says 'Display name is required' for a blank name", () => {
    expect(registrationProblem({ ...valid, displayName: " \t " })).toBe("Display name is required");
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

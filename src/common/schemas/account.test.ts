import { describe, expect, it } from "vitest";
import {
  AccountBodySchemas,
  firstProblem,
  newPasswordProblem,
  registrationProblem,
  registrationProblemAt,
} from "./account";

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
  it("names the field each problem is about (errors tied to their fields)", () => {
    expect(registrationProblemAt({ ...valid, email: "" })?.field).toBe("email");
    expect(registrationProblemAt({ ...valid, password: "" })?.field).toBe("password");
    expect(registrationProblemAt({ ...valid, password: "abcde", confirmPassword: "abcde" })?.field).toBe(
      "password",
    );
    expect(registrationProblemAt({ ...valid, confirmPassword: "x" })?.field).toBe("confirmPassword");
    expect(registrationProblemAt({ ...valid, displayName: "" })?.field).toBe("displayName");
  });
  it("says 'Display name is required' for a blank name", () => {
    expect(registrationProblem({ ...valid, displayName: " \t " })).toBe("Display name is required");
  });
  it("says 'The email address is not valid.' for an address without a domain", () => {
    expect(registrationProblem({ ...valid, email: "ann@" })).toBe("The email address is not valid.");
  });
});

describe("account request bodies (the server's side of the same rules)", () => {
  const signUp = AccountBodySchemas["/sign-up/email"];
  it("gives the form's messages", () => {
    expect(firstProblem(signUp, { email: "ann@example.com", password: "abcde", name: "Ann" })).toBe(
      "Password must be at least 6 characters",
    );
    expect(firstProblem(signUp, { email: "ann@example.com", password: "abcdef", name: " " })).toBe(
      "Display name is required",
    );
  });
  it("refuses unknown fields and trims what it keeps", () => {
    expect(firstProblem(signUp, { email: "a@b.co", password: "abcdef", name: "Ann", role: "admin" })).toMatch(
      /role/,
    );
    expect(signUp.parse({ email: " a@b.co ", password: "abcdef", name: " Ann " })).toEqual({
      email: "a@b.co",
      password: "abcdef",
      name: "Ann",
    });
  });
});

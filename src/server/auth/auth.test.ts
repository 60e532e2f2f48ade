import { describe, expect, it } from "vitest";
import { loadConfig } from "../env";
import { isCommonPassword } from "./common-passwords";
import { authorKeyForEmail, toViewer } from "./viewer.reads";

const config = loadConfig({ AUTHOR_HIM_EMAIL: " Him@Duet.Local ", AUTHOR_HER_EMAIL: "her@duet.local" }, null);
const account = (email: string, emailVerified: boolean) => ({ id: "u1", email, name: "N", emailVerified });

describe("author addresses (SPEC §6, compared after trim + lower-case only)", () => {
  it("match whatever the case and surrounding spaces", () => {
    expect(authorKeyForEmail(config, "him@duet.local")).toBe("him");
    expect(authorKeyForEmail(config, "  HIM@DUET.LOCAL ")).toBe("him");
    expect(authorKeyForEmail(config, "Her@duet.local")).toBe("her");
  });

  it.each([
    "him@duet.local.",
    "him\u200b@duet.local",
    "him@duet.local\u200b",
    "\u200dhim@duet.local",
    "h\u0456m@duet.local",
    "him@duet.loca1",
    "him+x@duet.local",
  ])("never match the look-alike %j", (email) => {
    expect(authorKeyForEmail(config, email)).toBeNull();
    expect(toViewer(config, account(email, true))).toMatchObject({ isAdmin: false, authorKey: null });
  });

  it("make an admin only once verified", () => {
    expect(toViewer(config, account("him@duet.local", false))).toMatchObject({
      isAdmin: false,
      authorKey: null,
    });
    expect(toViewer(config, account("him@duet.local", true))).toMatchObject({
      isAdmin: true,
      authorKey: "him",
    });
  });
});

describe("the shipped common-password list", () => {
  it("holds thousands of entries and matches case-insensitively", () => {
    expect(isCommonPassword("123456")).toBe(true);
    expect(isCommonPassword("PassWord1")).toBe(true);
    expect(isCommonPassword("correct-horse-42")).toBe(false);
    expect(isCommonPassword("Tr0ub4dor&3-zebra")).toBe(false);
  });
});

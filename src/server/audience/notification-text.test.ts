import { describe, expect, it } from "vitest";
import { excerptOf, LINK_REMOVED, NOTIFICATION_EXCERPT_LENGTH, nameOf } from "./notification-text";

describe("what a notification quotes of a reader's text", () => {
  it("removes every spelling of a link a mail client would show", () => {
    for (const link of [
      "https://evil.example/buy?now=1",
      "HTTP://EVIL.EXAMPLE",
      "ftp://evil.example/x",
      "mailto:spam@evil.example",
      "www.evil.example",
      "evil.example",
      "evil.example/path",
      "sub.evil.co.uk",
      "ｅｖｉｌ．ｅｘａｍｐｌｅ",
      "evil\u200b.example",
      "xn--80ak6aa92e.xn--p1ai",
      "203.0.113.9/login",
      "пример.рф",
    ]) {
      const text = excerptOf(`Cheap pills at ${link} today`);
      expect(text, link).toBe(`Cheap pills at ${LINK_REMOVED} today`);
    }
  });

  it("keeps ordinary text, one line, and cuts it to a short excerpt", () => {
    expect(excerptOf("Lovely post!\n\nSee you   soon.")).toBe("Lovely post! See you soon.");
    const long = excerptOf("word ".repeat(100));
    expect(long.length).toBeLessThanOrEqual(NOTIFICATION_EXCERPT_LENGTH);
    expect(long.endsWith("…")).toBe(true);
  });

  it("a cut cannot leave a shorter host name behind, and a name is short and link-free", () => {
    expect(excerptOf(`${"a ".repeat(95)}bad.examples.com`)).not.toMatch(/bad\.ex/);
    expect(nameOf("www.evil.example")).toBe(LINK_REMOVED);
    expect(nameOf("x".repeat(100)).length).toBeLessThanOrEqual(40);
    expect(nameOf("\u200b")).toBe("A reader");
  });
});

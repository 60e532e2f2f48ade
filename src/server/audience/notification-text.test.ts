import { describe, expect, it } from "vitest";
import {
  excerptOf,
  LINK_REMOVED,
  NOTIFICATION_EXCERPT_LENGTH,
  nameOf,
  unlinkedName,
  ZERO_WIDTH_SPACE,
} from "./notification-text";

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

  it("a cut cannot leave a shorter host name behind; a name is short, kept, and unlinkable", () => {
    expect(excerptOf(`${"a ".repeat(95)}bad.examples.com`)).not.toMatch(/bad\.ex/);
    // A name is a name, never scrubbed: the body of a letter breaks it where a link would join.
    expect(nameOf("reader.ana")).toBe("reader.ana");
    expect(nameOf("www.evil.example")).toBe("www.evil.example");
    const shown = unlinkedName("https://evil.example");
    expect(shown.replaceAll(ZERO_WIDTH_SPACE, "")).toBe("https://evil.example");
    expect(unlinkedName("ann@ｅｖｉｌ．ｅｘａｍｐｌｅ")).toBe(
      `ann@${ZERO_WIDTH_SPACE}evil.${ZERO_WIDTH_SPACE}example`,
    );
    expect(nameOf("x".repeat(100)).length).toBeLessThanOrEqual(40);
    expect(nameOf("\u200b")).toBe("A reader");
  });
});

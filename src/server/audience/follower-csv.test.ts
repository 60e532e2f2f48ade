import { describe, expect, it } from "vitest";
import { AUDIENCE_TEXT } from "../../common/audience-page";
import { csvCell, csvFields, parseFollowerCsv } from "./follower-csv";

describe("the Audience page's CSV", () => {
  it("reads quoted fields, an 'email' column by its header, and reports bad lines by number", () => {
    expect(csvFields('"a, b",c;d\t"say ""hi"""')).toEqual(["a, b", "c", "d", 'say "hi"']);
    expect(csvFields('"open')).toBeNull();
    const parsed = parseFollowerCsv(
      [
        "\uFEFFName,E-mail",
        "Ann,ann@example.com",
        "Bob,bob@",
        "Ann again, ANN@example.com ",
        ",",
        '"x,y',
      ].join("\r\n"),
    );
    expect(parsed.addresses).toEqual([{ line: 2, email: "ann@example.com" }]);
    expect(parsed.problems).toEqual([
      { line: 3, text: "Bob,bob@", reason: AUDIENCE_TEXT.invalidAddress },
      { line: 4, text: "Ann again, ANN@example.com ", reason: AUDIENCE_TEXT.duplicate(2) },
      { line: 5, text: ",", reason: AUDIENCE_TEXT.invalidAddress },
      { line: 6, text: '"x,y', reason: "a quote is not closed" },
    ]);
  });

  it("never writes a cell a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1@example.com")).toBe("'+1@example.com");
    expect(csvCell("-a@example.com")).toBe("'-a@example.com");
    expect(csvCell("plain@example.com")).toBe("plain@example.com");
    expect(csvCell(null)).toBe("");
  });
});

import { describe, expect, it } from "vitest";
import { postBlocks } from "./post-blocks";

// Tables and quotes in a letter: a layout mail apps draw (HTML attributes and inline styles).

const TABLE =
  '<table><thead><tr><th scope="col">Day</th><th colspan="2" scope="col">Where</th></tr></thead>' +
  '<tbody><tr><th rowspan="2" scope="row">Sat</th><td>Lisbon</td><td>Alfama</td></tr>' +
  '<tr><td colspan="2">Sintra</td></tr></tbody></table>';

describe("postBlocks › tables", () => {
  it("keeps a table with its header row and spans, laid out for mail apps", () => {
    const [block] = postBlocks(TABLE, [], "https://blog.example");
    expect(block?.kind).toBe("text");
    const html = block?.kind === "text" ? block.html : "";
    expect(html).toMatch(
      /^<table width="100%" cellpadding="8" cellspacing="0" border="0" style="[^"]*border-collapse:collapse/,
    );
    expect(html).toContain('<thead><tr><th scope="col" align="left"');
    expect(html).toMatch(
      /<th colspan="2" scope="col" align="left" valign="top" style="[^"]*border:1px solid/,
    );
    expect(html).toMatch(
      /<th rowspan="2" scope="row"[^>]*>Sat<\/th><td[^>]*>Lisbon<\/td><td[^>]*>Alfama<\/td>/,
    );
    expect(html).toMatch(/<td colspan="2"[^>]*>Sintra<\/td>/);
  });

  it("never lets a cell's own style or handler through", () => {
    const [block] = postBlocks(
      '<table><tbody><tr><td style="position:fixed" onclick="x()" colspan="3">a</td></tr></tbody></table>',
      [],
      "https://blog.example",
    );
    const html = block?.kind === "text" ? block.html : "";
    expect(html).not.toMatch(/position|onclick/);
    expect(html).toContain('colspan="3"');
  });
});

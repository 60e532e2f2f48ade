// Text in the feeds and the sitemap: XML 1.0 element content and attribute values.

/** Drop what XML 1.0 cannot carry at all: controls other than tab/newline, lone surrogates, U+FFFE/U+FFFF. */
function stripInvalidXml(value: string): string {
  let out = "";
  for (const ch of value) {
    const c = ch.codePointAt(0)!;
    const invalid =
      (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) ||
      (c >= 0xd800 && c <= 0xdfff) ||
      c === 0xfffe ||
      c === 0xffff;
    if (!invalid) out += ch;
  }
  return out;
}

/** Escape text for XML element content and attribute values. */
export function xmlEscape(value: string): string {
  return stripInvalidXml(value).replace(/[&<>"']/g, (c) => {
    switch (c) {
      case "&":
        return "&amp;";
      case "<":
        return "&lt;";
      case ">":
        return "&gt;";
      case '"':
        return "&quot;";
      default:
        return "&apos;";
    }
  });
}

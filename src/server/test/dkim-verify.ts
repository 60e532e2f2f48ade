import { createHash, createVerify } from "node:crypto";

// A DKIM check (RFC 6376, relaxed/relaxed, rsa-sha256: what nodemailer signs with) for tests:
// the body hash and the signature over the signed headers, against the public key.

const relaxedHeader = (line: string) => {
  const i = line.indexOf(":");
  return `${line.slice(0, i).trim().toLowerCase()}:${line
    .slice(i + 1)
    .replace(/\r\n/g, "")
    .replace(/[ \t]+/g, " ")
    .trim()}`;
};

const relaxedBody = (body: string) => {
  const lines = body.split("\r\n").map((l) => l.replace(/[ \t]+/g, " ").replace(/ +$/, ""));
  while (lines.length && lines.at(-1) === "") lines.pop();
  return lines.length ? `${lines.join("\r\n")}\r\n` : "";
};

export function verifyDkim(raw: string, publicKeyPem: string): { domain: string; selector: string } {
  const message = raw.replace(/\r?\n/g, "\r\n");
  const split = message.indexOf("\r\n\r\n");
  const head = message.slice(0, split);
  const body = message.slice(split + 4);
  // Unfolded header fields, each with its original folding kept for canonicalisation.
  const fields = head.split(/\r\n(?![ \t])/);
  const sigField = fields.find((f) => /^dkim-signature:/i.test(f));
  if (!sigField) throw new Error("no DKIM-Signature header");
  const tags = Object.fromEntries(
    sigField
      .slice(sigField.indexOf(":") + 1)
      .replace(/\s+/g, "")
      .split(";")
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]),
  ) as Record<string, string>;
  if (tags.c !== "relaxed/relaxed" || tags.a !== "rsa-sha256")
    throw new Error(`unexpected ${tags.c} ${tags.a}`);
  const bh = createHash("sha256").update(relaxedBody(body)).digest("base64");
  if (bh !== tags.bh) throw new Error("body hash does not match");
  const used = new Map<string, number>();
  const signed = tags
    .h!.split(":")
    .map((name) => {
      const all = fields.filter((f) => f.toLowerCase().startsWith(`${name.toLowerCase()}:`));
      const n = used.get(name.toLowerCase()) ?? 0;
      used.set(name.toLowerCase(), n + 1);
      const field = all[all.length - 1 - n];
      return field ? `${relaxedHeader(field)}\r\n` : "";
    })
    .join("");
  const sigWithoutB = relaxedHeader(sigField).replace(/([;:]\s*b=)[^;]*/, "$1");
  const ok = createVerify("RSA-SHA256")
    .update(signed + sigWithoutB)
    .verify(publicKeyPem, tags.b!, "base64");
  if (!ok) throw new Error("signature does not verify");
  return { domain: tags.d!, selector: tags.s! };
}

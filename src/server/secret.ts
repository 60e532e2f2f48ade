import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** A fresh random token (a link's proof: follow confirmations, unsubscribing, mailbox checks). */
export const newToken = () => randomBytes(32).toString("base64url");

/** The session-signing secret: generated once into DATA_DIR/secret (mode 600) and reused. */
export function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = newToken();
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Seals short secrets kept in the database (a Bluesky app password, its session tokens). */
export interface Sealer {
  seal(plain: string): string;
  /** The sealed text's plain text, or null when it was sealed with another key or altered. */
  open(sealed: string): string | null;
}

/**
 * AES-256-GCM under a key derived (HKDF-SHA256) from the server's secret for this one use, so the
 * session-signing secret itself never encrypts anything. A changed SESSION_SECRET opens nothing
 * sealed before it: the author connects again. Sealed text: `v1.{iv}.{tag}.{ciphertext}`, base64url.
 */
export function sealerOf(secret: string): Sealer {
  const key = Buffer.from(hkdfSync("sha256", secret, "duet", "duet stored credentials v1", 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || data === undefined) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString(
          "utf8",
        );
      } catch {
        return null;
      }
    },
  };
}

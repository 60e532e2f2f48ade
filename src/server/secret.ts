import { randomBytes } from "node:crypto";
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

import { createPrivateKey } from "node:crypto";
import { readFileSync } from "node:fs";

/** nodemailer's DKIM options: every message is signed with this key when set. */
export interface DkimConfig {
  domainName: string;
  keySelector: string;
  privateKey: string;
  /** The header fields the signature covers (colon-separated, nodemailer's option). */
  headerFieldNames: string;
}

/**
 * nodemailer's default list (RFC 4871 §5.5) plus List-Unsubscribe-Post: RFC 8058 §4 trusts
 * one-click unsubscribing only when both List-Unsubscribe fields are signed.
 */
export const DKIM_SIGNED_HEADERS = [
  "From",
  "Sender",
  "Reply-To",
  "Subject",
  "Date",
  "Message-ID",
  "To",
  "Cc",
  "MIME-Version",
  "Content-Type",
  "Content-Transfer-Encoding",
  "Content-ID",
  "Content-Description",
  "Resent-Date",
  "Resent-From",
  "Resent-Sender",
  "Resent-To",
  "Resent-Cc",
  "Resent-Message-ID",
  "In-Reply-To",
  "References",
  "List-Id",
  "List-Help",
  "List-Unsubscribe",
  "List-Unsubscribe-Post",
  "List-Subscribe",
  "List-Post",
  "List-Owner",
  "List-Archive",
].join(":");

export interface DkimEnv {
  DKIM_DOMAIN?: string | undefined;
  DKIM_SELECTOR?: string | undefined;
  DKIM_PRIVATE_KEY?: string | undefined;
  DKIM_PRIVATE_KEY_FILE?: string | undefined;
}

/** How a bad value is reported (env.ts throws its one-line ConfigError naming the variable). */
export type Fail = (variable: string, message: string) => never;

/**
 * DKIM signing is optional: all of domain, selector and a key (inline PEM, `\n` escapes allowed,
 * or a file path), or none of them. A key that does not parse is refused at start, not at the
 * first email.
 */
export function dkimConfig(e: DkimEnv, fail: Fail): DkimConfig | null {
  const keyGiven = e.DKIM_PRIVATE_KEY ?? e.DKIM_PRIVATE_KEY_FILE;
  if (!e.DKIM_DOMAIN && !e.DKIM_SELECTOR && !keyGiven) return null;
  if (!e.DKIM_DOMAIN) return fail("DKIM_DOMAIN", "required when DKIM_SELECTOR or a DKIM key is set");
  if (!e.DKIM_SELECTOR) return fail("DKIM_SELECTOR", "required when DKIM_DOMAIN is set");
  if (e.DKIM_PRIVATE_KEY && e.DKIM_PRIVATE_KEY_FILE)
    return fail("DKIM_PRIVATE_KEY_FILE", "set DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE, not both");
  let privateKey: string;
  if (e.DKIM_PRIVATE_KEY) privateKey = e.DKIM_PRIVATE_KEY.replace(/\\n/g, "\n");
  else if (e.DKIM_PRIVATE_KEY_FILE) {
    try {
      privateKey = readFileSync(e.DKIM_PRIVATE_KEY_FILE, "utf8");
    } catch {
      return fail("DKIM_PRIVATE_KEY_FILE", "cannot read that file");
    }
  } else return fail("DKIM_PRIVATE_KEY", "required when DKIM_DOMAIN is set (or DKIM_PRIVATE_KEY_FILE)");
  const variable = e.DKIM_PRIVATE_KEY ? "DKIM_PRIVATE_KEY" : "DKIM_PRIVATE_KEY_FILE";
  try {
    createPrivateKey(privateKey);
  } catch {
    return fail(variable, "must be a PEM private key");
  }
  return {
    domainName: e.DKIM_DOMAIN,
    keySelector: e.DKIM_SELECTOR,
    privateKey,
    headerFieldNames: DKIM_SIGNED_HEADERS,
  };
}

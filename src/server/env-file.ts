import { existsSync, readFileSync } from "node:fs";

/** Variables that may carry credentials are never echoed into logs. */
const SECRET_VARIABLES = new Set([
  "DATABASE_URL",
  "SMTP_URL",
  "EMAILJS_PRIVATE_KEY",
  "EMAILJS_PUBLIC_KEY",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "SESSION_SECRET",
]);

export function shownValue(name: string, value: string | undefined): string {
  if (value === undefined || SECRET_VARIABLES.has(name)) return "";
  const oneLine = value.replace(/[\r\n]+/g, " ");
  return ` (got "${oneLine.length > 80 ? `${oneLine.slice(0, 80)}…` : oneLine}")`;
}

/** Read `.env` (if present) without overriding variables already set. */
export function readDotEnv(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const out: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (!m?.[1]) continue;
    out[m[1]] = (m[2] ?? "").replace(/^(['"])(.*)\1$/, "$2");
  }
  return out;
}

import { readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "../paths";

const LIST_FILE = path.join(REPO_ROOT, "src/server/auth/common-passwords.txt");

let cached: Set<string> | null = null;

/** The shipped list of the most common passwords (SPEC §5: "password strength is also checked"). No network. */
export function commonPasswords(): Set<string> {
  if (!cached) {
    cached = new Set(
      readFileSync(LIST_FILE, "utf8")
        .split("\n")
        .map((line) => line.trim().toLowerCase())
        .filter((line) => line.length > 0 && !line.startsWith("#")),
    );
  }
  return cached;
}

/** True when the password is on the list, compared case-insensitively ("Password1" is as weak as "password1"). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}

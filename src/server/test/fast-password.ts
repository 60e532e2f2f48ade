import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";
import type { PasswordHasher } from "../auth/auth";

// Scrypt costs ~0.45 s of CPU per sign-up plus one per sign-in: most of an API test file's time
// went into creating its users. The test harness (test-app.ts) hashes with one SHA-256 instead.
// Only test code imports this file, and it refuses to run outside vitest, so no configuration or
// environment variable can give a real server cheap password hashes. The auth tests that check
// sign-up and sign-in themselves build their app with `realPasswords: true` (Better Auth's scrypt).

const PREFIX = "test-sha256";

function assertUnderVitest(): void {
  if (!process.env.VITEST || process.env.NODE_ENV === "production") {
    throw new Error("The test password hasher runs only under vitest; a server always hashes with scrypt.");
  }
}

const digest = (salt: string, password: string) =>
  createHash("sha256").update(`${salt}:${password}`).digest("hex");

export const fastPasswordHasher: PasswordHasher = {
  async hash(password) {
    assertUnderVitest();
    const salt = randomBytes(8).toString("hex");
    return `${PREFIX}:${salt}:${digest(salt, password)}`;
  },
  async verify({ hash, password }) {
    assertUnderVitest();
    const [prefix, salt, expected] = hash.split(":");
    // A hash written by scrypt (an imported archive, a fixture) is still checked by scrypt.
    if (prefix !== PREFIX || !salt || !expected) return verifyPassword({ hash, password });
    const actual = Buffer.from(digest(salt, password), "hex");
    const wanted = Buffer.from(expected, "hex");
    return actual.length === wanted.length && timingSafeEqual(actual, wanted);
  },
};

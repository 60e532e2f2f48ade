import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../env";
import { runToExit } from "../test/server-process";

describe("loadConfig", () => {
  it("uses the documented defaults when nothing is set", () => {
    const config = loadConfig({}, null);
    expect(config.port).toBe(3000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://127.0.0.1:3000");
    expect(config.siteName).toBe("Duet");
    expect(config.authorEmails).toEqual({ him: "him@duet.local", her: "her@duet.local" });
    expect(config.seedDemo).toBe(true);
    expect(config.backupIntervalMinutes).toBe(60);
    expect(config.backupKeep).toBe(7);
  });

  it("derives PUBLIC_URL from HOST and PORT and drops a trailing slash from a given one", () => {
    expect(loadConfig({ HOST: "0.0.0.0", PORT: "8080" }, null).publicUrl).toBe("http://0.0.0.0:8080");
    expect(loadConfig({ PUBLIC_URL: "https://blog.example.com/" }, null).publicUrl).toBe(
      "https://blog.example.com",
    );
  });

  it("trusts the Vite dev server's origins only for a site on this machine, never a published one", () => {
    const dev = ["http://localhost:5173", "http://127.0.0.1:5173"];
    expect(loadConfig({}, null).trustedOrigins).toEqual(["http://127.0.0.1:3000", ...dev]);
    for (const PUBLIC_URL of [
      "https://blog.example.com",
      "http://192.168.1.5:3000",
      "http://localhost.example.com",
    ]) {
      const trusted = loadConfig({ PUBLIC_URL }, null).trustedOrigins;
      expect(trusted, PUBLIC_URL).toEqual([new URL(PUBLIC_URL).origin]);
    }
    expect(loadConfig({ HOST: "0.0.0.0" }, null).trustedOrigins).toEqual(["http://0.0.0.0:3000"]);
  });

  it("compares author addresses trimmed and lower-cased", () => {
    const config = loadConfig({ AUTHOR_HIM_EMAIL: " Tom@Example.com " }, null);
    expect(config.authorEmails.him).toBe("tom@example.com");
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "3.5"],
    ["PORT", " "],
    ["DATABASE_URL", "mysql://db/duet"],
    ["PUBLIC_URL", "not a url"],
    ["PUBLIC_URL", "ftp://example.com"],
    ["AUTHOR_HIM_EMAIL", "him-at-home"],
    ["AUTHOR_HER_EMAIL", "@"],
    ["SEED_DEMO", "maybe"],
    ["SMTP_URL", "http://mail.example.com"],
    ["BACKUP_INTERVAL_MINUTES", "-5"],
    ["BACKUP_KEEP", "0"],
    ["LOG_LEVEL", "loud"],
  ])("rejects %s=%j with one line naming the variable", (name, value) => {
    expect(() => loadConfig({ [name]: value }, null)).toThrow(ConfigError);
    try {
      loadConfig({ [name]: value }, null);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(new RegExp(`^Invalid environment variable ${name}: `));
      expect(message).not.toContain("\n");
    }
  });

  it("rejects the same address for both authors", () => {
    expect(() => loadConfig({ AUTHOR_HIM_EMAIL: "a@b.co", AUTHOR_HER_EMAIL: "A@B.co" }, null)).toThrow(
      /AUTHOR_HER_EMAIL/,
    );
  });

  it("requires EmailJS's template id and public key when EMAILJS_SERVICE_ID is set", () => {
    expect(() => loadConfig({ EMAILJS_SERVICE_ID: "service_x", EMAILJS_PUBLIC_KEY: "k" }, null)).toThrow(
      "Invalid environment variable EMAILJS_TEMPLATE_ID: required when EMAILJS_SERVICE_ID is set",
    );
    expect(() => loadConfig({ EMAILJS_SERVICE_ID: "service_x", EMAILJS_TEMPLATE_ID: "t" }, null)).toThrow(
      /^Invalid environment variable EMAILJS_PUBLIC_KEY: /,
    );
    const ok = { EMAILJS_SERVICE_ID: "s", EMAILJS_TEMPLATE_ID: "t", EMAILJS_PUBLIC_KEY: "k" };
    expect(loadConfig(ok, null).emailjs).toMatchObject({ serviceId: "s", templateId: "t", publicKey: "k" });
  });

  it("refuses WEB_CONCURRENCY above 1 on the embedded database, and accepts it with DATABASE_URL", () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: "2" }, null)).toThrow(
      "Invalid environment variable WEB_CONCURRENCY: above 1 needs DATABASE_URL (the embedded database belongs to one process)",
    );
    expect(() => loadConfig({ WEB_CONCURRENCY: "0" }, null)).toThrow(
      /^Invalid environment variable WEB_CONCURRENCY: /,
    );
    expect(() => loadConfig({ WEB_CONCURRENCY: "two" }, null)).toThrow(
      /^Invalid environment variable WEB_CONCURRENCY: /,
    );
    expect(loadConfig({}, null).webConcurrency).toBe(1);
    expect(
      loadConfig({ WEB_CONCURRENCY: "4", DATABASE_URL: "postgres://db/duet" }, null).webConcurrency,
    ).toBe(4);
  });

  it("never echoes a database password in the error", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://duet:s3cret@db/duet" }, null)).toThrow(
      /^(?!.*s3cret).*DATABASE_URL/,
    );
  });

  it("reads .env without overriding the real environment", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "duet-env-"));
    try {
      const file = path.join(dir, ".env");
      writeFileSync(file, 'SITE_NAME="From File"\nPORT=4000\n');
      const config = loadConfig({ PORT: "5000" }, file);
      expect(config.siteName).toBe("From File");
      expect(config.port).toBe(5000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("npm start with a bad environment", { timeout: 60_000 }, () => {
  let dataDir = "";
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "duet-badenv-"));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each([
    ["PORT", "abc"],
    ["DATABASE_URL", "mysql://localhost/duet"],
    ["PUBLIC_URL", "not a url"],
    ["AUTHOR_HIM_EMAIL", "nobody"],
    ["AUTHOR_HER_EMAIL", "her at home"],
    ["SEED_DEMO", "perhaps"],
    ["WEB_CONCURRENCY", "2"],
    ["S3_BUCKET", "Not A Bucket"],
  ])("exits non-zero with one line naming %s", async (name, value) => {
    const { code, stderr } = await runToExit("src/server/main.ts", { DATA_DIR: dataDir, [name]: value });
    expect(code).not.toBe(0);
    const lines = stderr.split("\n").filter((l) => l.trim() !== "");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid environment variable ${name}: `));
  });

  it("npm start (scripts/start.mjs) stops on PORT=abc before building anything", async () => {
    const { code, stdout, stderr } = await runToExit("scripts/start.mjs", {
      DATA_DIR: dataDir,
      PORT: "abc",
      CLIENT_DIST_DIR: path.join(dataDir, "no-client-here"),
    });
    expect(code).not.toBe(0);
    expect(stderr.trim()).toBe('Invalid environment variable PORT: must be a whole number (got "abc")');
    expect(stdout).not.toContain("Building");
  });
});

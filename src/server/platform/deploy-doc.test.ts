// docs/deploy.md shows the nginx configuration the scale-out platform test runs: the same function
// generates both, so the documented setup is the tested one.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { duetSiteConfig } from "../test/nginx";
import { REPO_ROOT } from "../test/server-process";

const doc = readFileSync(path.join(REPO_ROOT, "docs/deploy.md"), "utf8");
const tls = {
  serverName: "blog.example.com",
  certificate: "/etc/letsencrypt/live/blog.example.com/fullchain.pem",
  key: "/etc/letsencrypt/live/blog.example.com/privkey.pem",
};

describe("docs/deploy.md", () => {
  it("shows the tested nginx configuration for one server and for three machines", () => {
    const cacheDir = "/var/cache/nginx/duet";
    expect(doc).toContain(
      duetSiteConfig({ upstreams: ["127.0.0.1:3000"], listen: "443 ssl", cacheDir, tls }),
    );
    expect(doc).toContain(
      duetSiteConfig({
        upstreams: ["10.0.0.11:3000", "10.0.0.12:3000", "10.0.0.13:3000"],
        listen: "443 ssl",
        cacheDir,
        tls,
      }),
    );
  });

  it("names every variable the scaled-out shape needs", () => {
    for (const name of [
      "DATABASE_URL",
      "WEB_CONCURRENCY",
      "SESSION_SECRET",
      "S3_BUCKET",
      "UPLOADS_PUBLIC_URL",
      "TRUST_PROXY",
    ])
      expect(doc).toContain(`${name}=`);
  });
});

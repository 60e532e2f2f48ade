// The nginx load balancer of the scale-out platform test. `duetSiteConfig` is also the config shown
// in docs/deploy.md (a test checks they are the same), so the documented setup is the tested one.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { hasExited, stopChild } from "./stop-child";
import { stopWithParent } from "./stop-with-parent";

export const NGINX_BIN = "/usr/sbin/nginx";

export interface SiteOptions {
  /** host:port of every Duet process (or machine × WEB_CONCURRENCY port). */
  upstreams: string[];
  /** What nginx listens on, e.g. "127.0.0.1:8080" or "443 ssl". */
  listen: string;
  /** Folder of nginx's cache for /assets and /uploads. */
  cacheDir: string;
  /** HTTPS: the site's name and its certificate files (e.g. from certbot). */
  tls?: { serverName: string; certificate: string; key: string };
}

const PROXY = `proxy_pass http://duet;
        proxy_http_version 1.1;
        # Keep the connections to Duet open (the upstream's keepalive): no new socket per request.
        proxy_set_header Connection "";
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_read_timeout 300s;
        # A process that is restarting refuses connections, resets one it had not read yet, or
        # answers 503 to a request that reached it as it began closing: try the next. Duet
        # finishes every request it has started before it exits and stores nothing when it
        # answers 503, so such a request was never processed and may be sent again, POST included.
        proxy_next_upstream error http_503 non_idempotent;
        proxy_next_upstream_tries 3;`;

/** The caches, `upstream` and `server` blocks for Duet behind nginx (inside the http block). */
export function duetSiteConfig({ upstreams, listen, cacheDir, tls }: SiteOptions): string {
  const https = tls
    ? `
    server_name ${tls.serverName};
    ssl_certificate ${tls.certificate};
    ssl_certificate_key ${tls.key};`
    : "";
  return `proxy_cache_path ${cacheDir} levels=1:2 keys_zone=duet_static:10m max_size=1g inactive=30d use_temp_path=off;
# Pages for readers who are not signed in, kept one second (the microcache below); kept a day
# beyond that only to be served while Duet restarts.
proxy_cache_path ${cacheDir}-pages levels=1:2 keys_zone=duet_pages:10m max_size=256m inactive=1d use_temp_path=off;

# A reader carrying Better Auth's session cookie (with the __Secure- prefix over HTTPS) is signed in:
# their answers are never taken from the page cache, nor stored in it.
map $http_cookie $duet_signed_in {
    default 0;
    "~better-auth.session_token=" 1;
}
# What Duet itself marks private or no-store (a signed-in page, health, metrics) is never stored.
map $upstream_http_cache_control $duet_no_store {
    default 0;
    "~*(private|no-store)" 1;
}
# One cached copy per encoding Duet answers with.
map $http_accept_encoding $duet_encoding {
    default "";
    "~*\bbr\b" br;
    "~*\bgzip\b" gzip;
}

upstream duet {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=2s;`).join("\n")}
    keepalive 32;
    # Below Duet's own 5 s, so nginx never reuses a connection Duet is closing.
    keepalive_timeout 4s;
}

server {
    listen ${listen};${https}
    client_max_body_size 110m;

    location / {
        ${PROXY}
        # The microcache: an anonymous reader's page, feed or public read is answered by nginx for
        # a second after Duet answered it (nginx counts whole seconds: one to two), so an author's
        # edit shows within that; the author, signed in, sees it at once. Duet's
        # "no-cache" means "revalidate": after that second nginx asks again with the ETag (a 304
        # is cheap), in the background while it serves the previous copy.
        proxy_cache duet_pages;
        proxy_cache_key $scheme$host$request_uri$duet_encoding;
        proxy_cache_valid 200 301 404 1s;
        proxy_ignore_headers Cache-Control Expires Vary;
        proxy_cache_bypass $duet_signed_in;
        proxy_no_cache $duet_signed_in $duet_no_store;
        proxy_cache_revalidate on;
        proxy_cache_lock on;
        proxy_cache_background_update on;
        # While Duet restarts (refused, reset, 502/503), anonymous readers get the last copy.
        proxy_cache_use_stale error timeout updating http_500 http_502 http_503 http_504;
        add_header X-Cache-Status $upstream_cache_status always;
    }

    # Writing together (docs/writing-together.md): the co-editing WebSocket, passed on as one,
    # never cached; Duet pings it every 30 s, well within the read timeout.
    location /api/collab/ {
        proxy_pass http://duet;
        proxy_http_version 1.1;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection "upgrade";
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_read_timeout 300s;
    }

    # Hashed assets and uploaded images never change under one name (Duet sends them immutable):
    # nginx keeps a copy and answers them without asking Duet again.
    location ~ ^/(assets|uploads)/ {
        ${PROXY}
        proxy_cache duet_static;
        proxy_cache_valid 200 30d;
        proxy_cache_lock on;
        add_header X-Cache-Status $upstream_cache_status;
    }
}`;
}

/** A whole nginx.conf for a prefix folder: no root needed, everything under `prefix`. */
function mainConfig(prefix: string, site: string): string {
  // As root, nginx's workers would run as "nobody" and could not write its cache in our folder.
  const user = process.getuid?.() === 0 ? "user root;\n" : "";
  return `daemon off;
${user}worker_processes 1;
error_log ${path.join(prefix, "error.log")} warn;
pid ${path.join(prefix, "nginx.pid")};
events { worker_connections 1024; }
http {
    access_log off;
    # As Debian's own nginx.conf has them.
    sendfile on;
    tcp_nopush on;
    client_body_temp_path ${path.join(prefix, "body")};
    proxy_temp_path ${path.join(prefix, "proxy")};
    fastcgi_temp_path ${path.join(prefix, "fastcgi")};
    uwsgi_temp_path ${path.join(prefix, "uwsgi")};
    scgi_temp_path ${path.join(prefix, "scgi")};
${site.replace(/^/gm, "    ")}
}
`;
}

export interface Nginx {
  child: ChildProcess;
  stop(): Promise<void>;
  errors(): string;
}

export async function startNginx(
  prefix: string,
  options: Omit<SiteOptions, "cacheDir" | "tls">,
): Promise<Nginx> {
  mkdirSync(prefix, { recursive: true });
  const file = path.join(prefix, "nginx.conf");
  writeFileSync(
    file,
    mainConfig(prefix, duetSiteConfig({ ...options, cacheDir: path.join(prefix, "cache") })),
  );
  const check = spawnSync(
    NGINX_BIN,
    ["-t", "-q", "-p", prefix, "-e", path.join(prefix, "error.log"), "-c", file],
    {
      encoding: "utf8",
    },
  );
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
  const child = spawn(NGINX_BIN, ["-p", prefix, "-e", path.join(prefix, "error.log"), "-c", file], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  stopWithParent(child);
  let output = "";
  child.stderr?.on("data", (d) => (output += d));
  const url = `http://${options.listen}`;
  for (let i = 0; i < 100; i++) {
    if (hasExited(child)) throw new Error(`nginx exited:\n${output}`);
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    errors: () => {
      const log = path.join(prefix, "error.log");
      return existsSync(log) ? spawnSync("cat", [log], { encoding: "utf8" }).stdout : "";
    },
    stop: () => stopChild(child, "SIGQUIT"),
  };
}

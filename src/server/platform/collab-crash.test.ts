// Writing together through the real, compiled server, killed with SIGKILL mid-session: every
// update one editor had received from the other is there when a new process starts on the same
// DATA_DIR (stored before relayed: docs/decisions/0048-writing-together.md).
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Editor, openEditor, until, upgradeStatus } from "../test/collab-clients";
import { freePort, type ServerProcess, startServerProcess } from "../test/server-process";

const PASSWORD = "correct-horse-42";
const HER = "her@duet.local";

describe("a co-editing server killed mid-session", { timeout: 300_000 }, () => {
  const mails: Array<{ to: string[]; text: string }> = [];
  let smtp: SMTPServer;
  let dataDir = "";
  let env: Record<string, string> = {};
  let server: ServerProcess | null = null;
  const editors: Editor[] = [];

  const api = async (method: string, url: string, body?: unknown, cookie = "") => {
    const res = await fetch(`${server!.baseURL}${url}`, {
      method,
      headers: {
        origin: server!.baseURL,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(cookie ? { cookie } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      redirect: "manual",
    });
    return { status: res.status, text: await res.text(), cookie: res.headers.getSetCookie() };
  };
  const cookieOf = (setCookies: string[]) => setCookies.map((c) => c.split(";")[0]).join("; ");

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            mails.push({ to: session.envelope.rcptTo.map((r) => r.address), text: parsed.text ?? "" });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    dataDir = mkdtempSync(path.join(tmpdir(), "duet-collab-crash-"));
    env = {
      PORT: String(await freePort()),
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    };
    server = await startServerProcess(dataDir, env);
  });
  afterAll(async () => {
    for (const editor of editors) editor.destroy();
    server?.child.kill("SIGKILL");
    await server?.exited;
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("loses nothing the other editor had received", async () => {
    // Her account, verified by the emailed link opened in the client that registered.
    const signUp = await api("POST", "/api/auth/sign-up/email", {
      email: HER,
      password: PASSWORD,
      name: "Her",
    });
    expect(signUp.status, signUp.text).toBe(200);
    await until(() => mails.some((m) => m.to.includes(HER) && m.text.includes("verify")), "her link", 60_000);
    const link = mails
      .find((m) => m.to.includes(HER))!
      .text.match(/https?:\/\/\S+/g)!
      .find((u) => u.includes("verify"))!;
    const opened = await fetch(link, { redirect: "manual", headers: { cookie: cookieOf(signUp.cookie) } });
    expect(opened.status).toBeLessThan(400);
    const signIn = await api("POST", "/api/auth/sign-in/email", { email: HER, password: PASSWORD });
    expect(signIn.status, signIn.text).toBe(200);
    const cookie = cookieOf(signIn.cookie);
    const created = await api(
      "POST",
      "/api/posts",
      { title: "Together", content: "<p>x</p>", author: "her", status: "draft" },
      cookie,
    );
    expect(created.status, created.text).toBe(201);
    const postId = (JSON.parse(created.text) as { id: string }).id;

    const base = `${server!.baseURL.replace("http", "ws")}/api/collab`;
    const headers = { cookie, origin: server!.baseURL };
    expect(await upgradeStatus(`${base}/posts/${postId}`, { origin: server!.baseURL })).toBe(401);
    // Two tabs of hers: what the second has received is what counts as acknowledged.
    const writer = await openEditor(base, `posts/${postId}`, headers);
    const watcher = await openEditor(base, `posts/${postId}`, headers);
    editors.push(writer, watcher);
    const words = "Every word the other tab saw survives a kill -9.";
    for (const [i, char] of [...words].entries()) {
      writer.text.insert(i, char);
      await new Promise((r) => setTimeout(r, 2));
    }
    await until(() => watcher.text.toString() === words, "the other tab's copy");
    const dying = server!;
    dying.child.kill("SIGKILL");
    expect((await dying.exited).signal).toBe("SIGKILL");
    writer.destroy();
    watcher.destroy();

    server = await startServerProcess(dataDir, env);
    const fresh = await openEditor(base, `posts/${postId}`, headers);
    editors.push(fresh);
    expect(fresh.text.toString()).toBe(words);
  });
});

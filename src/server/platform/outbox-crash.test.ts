// The real server killed with SIGKILL right after a post's publish and right after a comment's
// 201: once it is back on the same DATA_DIR, the follower's letter, the author's notification
// and the social web's deliveries go out, each exactly once (the outbox: docs/decisions/0043).
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MastodonPeer, startMastodonPeer } from "../test/mastodon-peer";
import { freePort, type ServerProcess, startServerProcess } from "../test/server-process";

const PASSWORD = "correct-horse-42";
const HER = "her@duet.local";
const FAN = "fan@example.com";
const READER = "reader@example.com";

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

async function waitFor<T>(probe: () => T | null | undefined | false, what: string, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("side effects after a kill -9", { timeout: 400_000 }, () => {
  const mails: Mail[] = [];
  let smtp: SMTPServer;
  let bob: MastodonPeer;
  let dataDir = "";
  let env: Record<string, string> = {};
  let server: ServerProcess | null = null;
  let base = "";
  let herCookie = "";
  let postId = "";

  const api = async (method: string, url: string, body?: unknown, cookie = "") => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        origin: base,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(cookie ? { cookie } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      redirect: "manual",
    });
    return { status: res.status, text: await res.text(), cookie: res.headers.getSetCookie() };
  };
  const signIn = async (email: string) => {
    const res = await api("POST", "/api/auth/sign-in/email", { email, password: PASSWORD });
    expect(res.status, res.text).toBe(200);
    return res.cookie.map((c) => c.split(";")[0]).join("; ");
  };
  const mailTo = (to: string, has: string) =>
    mails.filter((m) => m.to.includes(to) && m.subject.includes(has));
  const linkIn = (mail: Mail, has: string) =>
    (mail.text.match(/https?:\/\/\S+/g) ?? []).find((u) => u.includes(has)) ?? null;
  const creates = (type: string) =>
    bob.deliveries.filter(
      (d) => d.body.type === "Create" && (d.body.object as { type?: string } | undefined)?.type === type,
    );
  /** Kill the serving process without warning, and start a new one on the same DATA_DIR and port. */
  const killAndRestart = async () => {
    const dying = server!;
    dying.child.kill("SIGKILL");
    expect((await dying.exited).signal).toBe("SIGKILL");
    server = await startServerProcess(dataDir, env);
  };
  /** Long enough for a second, duplicate send to have arrived. */
  const settle = () => new Promise((r) => setTimeout(r, 5_000));

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            mails.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    bob = await startMastodonPeer();
    dataDir = mkdtempSync(path.join(tmpdir(), "duet-outbox-"));
    const port = await freePort();
    env = {
      PORT: String(port),
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      MAIL_QUEUE_PER_MINUTE: "100000",
      FEDIVERSE_ALLOW_PRIVATE: "true",
    };
    server = await startServerProcess(dataDir, env);
    base = server.baseURL;

    // Her account, verified by the emailed link (opened with the cookie of the client that
    // registered, as her browser would); a follower by email, confirmed by the link.
    const signUp = await api("POST", "/api/auth/sign-up/email", {
      email: HER,
      password: PASSWORD,
      name: "Her",
    });
    expect(signUp.status, signUp.text).toBe(200);
    const verify = await waitFor(
      () => mails.find((m) => m.to.includes(HER) && linkIn(m, "verify")),
      "her link",
    );
    const opened = await fetch(linkIn(verify, "verify")!, {
      redirect: "manual",
      headers: { cookie: signUp.cookie.map((c) => c.split(";")[0]).join("; ") },
    });
    expect(opened.status).toBeLessThan(400);
    expect(opened.headers.get("location") ?? "").not.toContain("reset-password");
    herCookie = await signIn(HER);
    expect((await api("POST", "/api/follow", { email: FAN, authors: ["her"] })).status).toBe(200);
    const confirm = await waitFor(
      () => mails.find((m) => m.to.includes(FAN) && linkIn(m, "confirm=")),
      "confirm",
    );
    const tokens = new URL(linkIn(confirm, "confirm=")!).searchParams.get("confirm")!.split(",");
    expect((await api("POST", "/api/follow/confirm", { tokens })).status).toBe(200);
    // Bob follows her from the social web.
    const follow = await bob.send(`${base}/ap/users/her/inbox`, {
      id: `${bob.origin}/follows/1`,
      type: "Follow",
      actor: bob.actorUri,
      object: `${base}/ap/users/her`,
    });
    expect(follow.status, follow.body).toBe(202);
    await waitFor(() => bob.deliveries.find((d) => d.body.type === "Accept"), "Accept");
  }, 300_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
    await bob?.close();
    await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("killed right after a post's publish: one letter to the follower, one Create to the social web", async () => {
    const res = await api(
      "POST",
      "/api/posts",
      { title: "Written before the crash", content: "<p>Hello</p>", author: "her" },
      herCookie,
    );
    expect(res.status, res.text).toBe(201);
    await killAndRestart();
    postId = (JSON.parse(res.text) as { id: string }).id;
    await waitFor(() => mailTo(FAN, "Written before the crash").length > 0, "the follower's letter");
    await waitFor(() => creates("Article").length > 0, "the post's Create");
    await settle();
    expect(mailTo(FAN, "Written before the crash")).toHaveLength(1);
    expect(creates("Article")).toHaveLength(1);
  });

  it("killed right after a comment's 201: one email to the post's author, one reply to the social web", async () => {
    // Bob answers from the social web: his reply is a comment the reader can answer.
    const note = `${bob.origin}/users/bob/statuses/1`;
    const sent = await bob.send(`${base}/ap/users/her/inbox`, {
      id: `${note}/activity`,
      type: "Create",
      actor: bob.actorUri,
      to: ["https://www.w3.org/ns/activitystreams#Public"],
      object: {
        id: note,
        type: "Note",
        attributedTo: bob.actorUri,
        content: "<p>Lovely</p>",
        inReplyTo: `${base}/ap/posts/${postId}`,
        to: ["https://www.w3.org/ns/activitystreams#Public"],
      },
    });
    expect(sent.status, sent.body).toBe(202);
    let bobsComment = "";
    const deadline = Date.now() + 60_000;
    while (!bobsComment && Date.now() < deadline) {
      const list = JSON.parse((await api("GET", `/api/posts/${postId}/comments`)).text) as {
        items?: { id: string; content: string }[];
      };
      bobsComment = list.items?.find((c) => c.content.includes("Lovely"))?.id ?? "";
      if (!bobsComment) await new Promise((r) => setTimeout(r, 200));
    }
    expect(bobsComment, "bob's reply as a comment").not.toBe("");
    await settle();
    const notifiedBefore = mails.filter((m) => m.to.includes(HER)).length;

    expect(
      (await api("POST", "/api/auth/sign-up/email", { email: READER, password: PASSWORD, name: "R" })).status,
    ).toBe(200);
    const reader = await signIn(READER);
    const res = await api(
      "POST",
      `/api/posts/${postId}/comments`,
      { content: "Said just before the crash", replyTo: bobsComment },
      reader,
    );
    expect(res.status, res.text).toBe(201);
    await killAndRestart();
    const toHer = () => mails.filter((m) => m.to.includes(HER)).slice(notifiedBefore);
    await waitFor(
      () => toHer().some((m) => m.text.includes("Said just before the crash")),
      "her notification",
    );
    await waitFor(() => creates("Note").length > 0, "the reply's Note");
    await settle();
    expect(toHer().filter((m) => m.text.includes("Said just before the crash"))).toHaveLength(1);
    expect(creates("Note")).toHaveLength(1);
  });
});

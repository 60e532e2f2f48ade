import { createServer } from "node:net";
import { signRequest } from "@fedify/fedify";
import {
  Accept,
  Announce,
  Article,
  Create,
  Delete,
  Flag,
  Follow,
  Like,
  Note,
  Person,
  Reject,
  Update,
} from "@fedify/vocab";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Comment } from "../../common/engagement";
import { loadSharp } from "../content/image-store";
import { fediverseQueue, fediverseReactions, fediverseReplies, mailQueue } from "../db/schema";
import { AVATAR_PATH, type RemoteServer, startRemoteServer } from "../test/remote-fediverse";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";
import { AVATAR_SIZE } from "./avatar-copy";
import { remoteUserId } from "./remote-people";

// The whole journey over real HTTP with real signatures: Duet on one loopback port, a second
// Fedify server (alice) on another, each fetching the other's actor and keys.
let t: TestApp;
let remote: RemoteServer;
let her: TestUser;
let duet: string;
let herActor: Person;
let postId = "";

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function waitFor<T>(
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  what: string,
) {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const received = (type: typeof Create | typeof Update | typeof Delete) =>
  remote.received.filter((a) => a instanceof type);
const rctx = () => remote.federation.createContext(new URL(remote.origin));
const alice = () => new URL(remote.actorUri);
const articleUri = () => new URL(`${duet}/ap/posts/${postId}`);
const reactions = (kind: "like" | "announce") =>
  t.ctx.db
    .select()
    .from(fediverseReactions)
    .where(and(eq(fediverseReactions.postId, postId), eq(fediverseReactions.kind, kind)));
const comments = async () => {
  const res = await t.request({ method: "GET", url: `/api/posts/${postId}/comments` });
  if (res.statusCode !== 200) throw new Error(`comments: ${res.statusCode} ${res.body}`);
  return (res.json() as { items: Comment[] }).items;
};

beforeAll(async () => {
  remote = await startRemoteServer();
  const port = await freePort();
  duet = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ PUBLIC_URL: duet, FEDIVERSE_ALLOW_PRIVATE: "true" });
  await t.app.listen({ port, host: "127.0.0.1" });
  her = await t.as("her");
  herActor = (await rctx().lookupObject(`${duet}/ap/users/her`)) as Person;
}, 180_000);
afterAll(async () => {
  await t?.close();
  await remote?.close();
});

// Generous limits: deliveries go through the queue, and CI machines are shared.
describe("Duet and a remote server over real HTTP", { timeout: 90_000 }, () => {
  it("a remote account finds @her by WebFinger, follows her and is accepted", async () => {
    // (Fedify looks acct: up over https only; the test server speaks http, so ask it directly.)
    const finger = await fetch(`${duet}/.well-known/webfinger?resource=acct:her@${new URL(duet).host}`);
    const self = ((await finger.json()) as { links: { rel: string; href: string }[] }).links.find(
      (l) => l.rel === "self",
    );
    expect(self?.href).toBe(`${duet}/ap/users/her`);
    await rctx().sendActivity(
      { identifier: "alice" },
      herActor,
      new Follow({ id: new URL(`${remote.origin}/follows/1`), actor: alice(), object: herActor.id }),
    );
    await waitFor(() => remote.received.some((a) => a.constructor.name === "Accept"), "Accept");
    const mine = await t.request({
      method: "GET",
      url: "/api/admin/fediverse/followers",
      cookie: her.cookie,
    });
    expect(mine.json()).toMatchObject({
      total: 1,
      items: [{ handle: `@alice@${remote.host}`, name: "Alice Remote" }],
    });
  });

  it("a published post reaches the follower once as a Create(Article); an edit and a restore send Update", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/posts",
      cookie: her.cookie,
      payload: {
        title: "Hello fediverse",
        content: "<p>First words</p>",
        author: "her",
        hashtags: ["travel"],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    postId = (res.json() as { id: string }).id;
    const [create] = (await waitFor(
      () => received(Create).length > 0 && received(Create),
      "Create",
    )) as Create[];
    const article = await create!.getObject(rctx());
    expect(article).toBeInstanceOf(Article);
    expect(article?.name?.toString()).toBe("Hello fediverse");
    expect(article?.url?.toString()).toBe(`${duet}/post/${postId}`);
    const patch = await t.request({
      method: "PATCH",
      url: `/api/posts/${postId}`,
      cookie: her.cookie,
      payload: { content: "<p>Better words</p>" },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const [update] = (await waitFor(
      () => received(Update).length > 0 && received(Update),
      "Update",
    )) as Update[];
    expect(((await update!.getObject(rctx())) as Article).content?.toString()).toContain("Better words");
    // Restoring a revision is an edit too: the follower gets the restored text in an Update.
    const revisions = await t.request({
      method: "GET",
      url: `/api/posts/${postId}/revisions`,
      cookie: her.cookie,
    });
    const created = (revisions.json() as { items: { id: string; kind: string }[] }).items.find(
      (r) => r.kind === "create",
    );
    const restore = await t.request({
      method: "POST",
      url: `/api/posts/${postId}/revisions/${created!.id}/restore`,
      cookie: her.cookie,
    });
    expect(restore.statusCode, restore.body).toBe(200);
    await waitFor(async () => {
      for (const sent of received(Update)) {
        const object = await sent.getObject(rctx()).catch(() => null);
        if (object instanceof Article && object.content?.toString().includes("First words")) return object;
      }
      return null;
    }, "the restore's Update");
    expect(received(Create)).toHaveLength(1);
  });

  it("a like and a boost are counted apart from readers' likes; a replayed like counts once", async () => {
    const like = new Like({ id: new URL(`${remote.origin}/likes/1`), actor: alice(), object: articleUri() });
    await rctx().sendActivity({ identifier: "alice" }, herActor, like);
    await rctx().sendActivity({ identifier: "alice" }, herActor, like);
    await rctx().sendActivity(
      { identifier: "alice" },
      herActor,
      new Announce({ id: new URL(`${remote.origin}/boosts/1`), actor: alice(), object: articleUri() }),
    );
    await waitFor(
      async () => (await reactions("like")).length === 1 && (await reactions("announce")).length === 1,
      "reactions",
    );
    const post = (await t.request({ method: "GET", url: `/api/posts/${postId}` })).json() as {
      likes: number;
    };
    expect(post.likes).toBe(0);
    const reading = await t.request({ method: "GET", url: `/api/posts/${postId}/reading` });
    expect(reading.json()).toMatchObject({ socialWeb: { likes: 1, boosts: 1, names: ["Alice Remote"] } });
  });

  it("a reply becomes a comment with the remote name; its Update and Delete are honoured", async () => {
    const note = (content: string) =>
      new Note({
        id: new URL(`${remote.origin}/notes/1`),
        attribution: alice(),
        content,
        replyTarget: articleUri(),
      });
    await rctx().sendActivity(
      { identifier: "alice" },
      herActor,
      new Create({
        id: new URL(`${remote.origin}/notes/1/create`),
        actor: alice(),
        object: note("<p>Lovely <script>x</script>post</p>"),
      }),
    );
    const [comment] = (await waitFor(
      async () => (await comments()).length > 0 && comments(),
      "comment",
    )) as Comment[];
    expect(comment!.author).toBe(`Alice Remote (@alice@${remote.host})`);
    expect(comment!.content).toBe("Lovely xpost");
    await rctx().sendActivity(
      { identifier: "alice" },
      herActor,
      new Update({
        id: new URL(`${remote.origin}/notes/1/update`),
        actor: alice(),
        object: note("<p>Edited</p>"),
      }),
    );
    await waitFor(async () => (await comments())[0]?.content === "Edited", "edited comment");
    await rctx().sendActivity(
      { identifier: "alice" },
      herActor,
      new Delete({
        id: new URL(`${remote.origin}/notes/1/delete`),
        actor: alice(),
        object: new URL(`${remote.origin}/notes/1`),
      }),
    );
    await waitFor(async () => (await comments()).length === 0, "deleted comment");
  });

  it("a remote first comment is held and notified; her reply goes back as a Note, edits and hides follow", async () => {
    // The first-comment hold applies to remote people too (alice's earlier reply was deleted).
    await t.request({
      method: "PATCH",
      url: "/api/moderation",
      cookie: her.cookie,
      payload: { holdFirstComments: true },
    });
    const remoteNote = new URL(`${remote.origin}/notes/2`);
    await rctx().sendActivity(
      { identifier: "alice" },
      herActor,
      new Create({
        id: new URL(`${remote.origin}/notes/2/create`),
        actor: alice(),
        object: new Note({
          id: remoteNote,
          attribution: alice(),
          content: "<p>Where?</p>",
          replyTarget: articleUri(),
        }),
      }),
    );
    const held = (await waitFor(async () => {
      const review = (
        await t.request({ method: "GET", url: "/api/moderation", cookie: her.cookie })
      ).json() as {
        held: { comment: Comment }[];
      };
      return review.held[0]?.comment;
    }, "held comment")) as Comment;
    expect(await comments()).toHaveLength(0);
    // Her notification is the one a reader's held comment gives (queued on `commentCreated`, just
    // after the comment shows in her review list: waited for, not raced).
    const subjects = await waitFor(async () => {
      const mails = await t.ctx.db
        .select()
        .from(mailQueue)
        .where(eq(mailQueue.toEmail, t.ctx.config.authorEmails.her));
      const found = mails.map((m) => m.subject);
      return found.some((subject) => subject.includes("waits for your approval")) && found;
    }, "her notification of the held comment");
    expect(subjects).toContainEqual(expect.stringContaining("waits for your approval"));
    await t.request({ method: "POST", url: `/api/comments/${held.id}/approve`, cookie: her.cookie });
    await t.request({
      method: "PATCH",
      url: "/api/moderation",
      cookie: her.cookie,
      payload: { holdFirstComments: false },
    });

    const res = await t.request({
      method: "POST",
      url: `/api/posts/${postId}/comments`,
      cookie: her.cookie,
      payload: { content: "In Lisbon <3\n\nCome by", replyTo: held.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const mine = (res.json() as Comment).id;
    const sentTo = (type: typeof Create | typeof Update | typeof Delete) =>
      received(type).find((a) => a.objectId?.href === `${duet}/ap/replies/${mine}`);
    const create = (await waitFor(() => sentTo(Create), "reply Create")) as Create;
    const note = (await create.getObject(rctx())) as Note;
    expect(note).toBeInstanceOf(Note);
    expect(note.updated).toBeNull();
    expect(note.replyTargetId?.href).toBe(remoteNote.href);
    expect(note.attributionId?.href).toBe(herActor.id?.href);
    expect(note.content?.toString()).toContain("In Lisbon &#60;3</p><p>Come by");
    expect(note.content?.toString()).toContain(`href="${remote.origin}/@alice"`);
    // Its id answers with the Note itself (what the remote server dereferences).
    const fetched = (await rctx().lookupObject(`${duet}/ap/replies/${mine}`)) as Note;
    expect(fetched.replyTargetId?.href).toBe(remoteNote.href);
    // Alice answers her Note: it comes home under the thread, answering her reply.
    await rctx().sendActivity(
      { identifier: "alice" },
      herActor,
      new Create({
        id: new URL(`${remote.origin}/notes/4/create`),
        actor: alice(),
        object: new Note({
          id: new URL(`${remote.origin}/notes/4`),
          attribution: alice(),
          content: "<p>Lovely</p>",
          replyTarget: note.id,
        }),
      }),
    );
    const answer = await waitFor(
      async () => (await comments())[0]?.replies?.find((c) => c.content === "Lovely"),
      "answer to her Note",
    );
    expect(answer.replyTo).toEqual({ id: mine, author: expect.any(String) });

    await t.request({
      method: "PATCH",
      url: `/api/comments/${mine}`,
      cookie: her.cookie,
      payload: { content: "In Porto now" },
    });
    const update = (await waitFor(() => sentTo(Update), "reply Update")) as Update;
    const edited = (await update.getObject(rctx())) as Note;
    expect(edited.content?.toString()).toContain("In Porto now");
    expect(edited.updated).toBeTruthy();
    await t.request({
      method: "PATCH",
      url: `/api/comments/${mine}/visibility`,
      cookie: her.cookie,
      payload: { hidden: true },
    });
    await waitFor(() => sentTo(Delete), "reply Delete");
    expect(received(Create).filter((a) => a.objectId?.href.includes("/ap/replies/"))).toHaveLength(1);
    // Taken back: its id answers as a Tombstone (410), like a deleted post's.
    const gone = await fetch(`${duet}/ap/replies/${mine}`, {
      headers: { accept: "application/activity+json" },
    });
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ type: "Tombstone", id: `${duet}/ap/replies/${mine}` });
  });

  it("a Flag about the post and a comment reaches her inbox with the server and the reason", async () => {
    await rctx().sendActivity(
      { identifier: "alice" },
      herActor,
      new Flag({
        id: new URL(`${remote.origin}/flags/1`),
        actor: alice(),
        objects: [herActor.id!, articleUri(), new URL(`${remote.origin}/notes/2`)],
        content: "Spam, sorry",
      }),
    );
    const reason = `From ${remote.host}: Spam, sorry`;
    const reports = await waitFor(async () => {
      const res = await t.request({ method: "GET", url: "/api/admin/fediverse/reports", cookie: her.cookie });
      return (
        (res.json() as { items: { postId: string; reason: string; host: string }[] }).items[0] && res.json()
      );
    }, "post report");
    expect(reports).toMatchObject({ items: [{ postId, host: remote.host, reason }] });
    const reported = await waitFor(async () => {
      const review = (
        await t.request({ method: "GET", url: "/api/moderation", cookie: her.cookie })
      ).json() as { reported: { reasons: string[] }[] };
      return review.reported.length > 0 && review.reported;
    }, "comment report");
    expect(reported.map((r) => r.reasons)).toEqual([[reason]]);
  });

  it("an account she blocked has its later replies and likes refused", async () => {
    const block = await t.request({
      method: "POST",
      url: "/api/blocks",
      cookie: her.cookie,
      payload: { userId: remoteUserId(remote.actorUri) },
    });
    expect(block.statusCode, block.body).toBe(201);
    // Her list of blocked people names the account as it is known (it has no real address).
    const blocks = await t.request({ method: "GET", url: "/api/blocks", cookie: her.cookie });
    expect(blocks.json()).toMatchObject({ items: [{ name: "Alice Remote", displayName: "" }] });
    await rctx().sendActivity(
      { identifier: "alice" },
      herActor,
      new Like({ id: new URL(`${remote.origin}/likes/9`), actor: alice(), object: articleUri() }),
    );
    await rctx().sendActivity(
      { identifier: "alice" },
      herActor,
      new Create({
        id: new URL(`${remote.origin}/notes/3/create`),
        actor: alice(),
        object: new Note({
          id: new URL(`${remote.origin}/notes/3`),
          attribution: alice(),
          content: "<p>Again</p>",
          replyTarget: articleUri(),
        }),
      }),
    );
    // Both were taken off the queue and handled (the inbox answers before the work is done).
    await waitFor(async () => (await t.ctx.db.select().from(fediverseQueue)).length === 0, "empty queue");
    expect(await reactions("like")).toHaveLength(1);
    const stored = await t.ctx.db.select().from(fediverseReplies);
    expect(stored.map((r) => r.objectId)).not.toContain(`${remote.origin}/notes/3`);
    await t.request({
      method: "DELETE",
      url: `/api/blocks/${remoteUserId(remote.actorUri)}`,
      cookie: her.cookie,
    });
  });

  it("refuses a forged signature and a blocked server, changing nothing", async () => {
    const keys = await remote.federation.createContext(new URL(remote.origin)).getActorKeyPairs("alice");
    const body = (type: string, id: string) =>
      JSON.stringify({
        "@context": "https://www.w3.org/ns/activitystreams",
        id,
        type,
        actor: remote.actorUri,
        object: articleUri().href,
      });
    const signed = await signRequest(
      new Request(`${duet}/ap/inbox`, {
        method: "POST",
        headers: { "content-type": "application/activity+json" },
        body: body("Like", `${remote.origin}/likes/2`),
      }),
      keys[0]!.privateKey,
      keys[0]!.keyId,
    );
    const forged = await fetch(signed.url, {
      method: "POST",
      headers: signed.headers,
      body: body("Like", `${remote.origin}/likes/3`),
    });
    expect(forged.status).toBe(401);
    const block = await t.request({
      method: "POST",
      url: "/api/admin/fediverse/blocked-servers",
      cookie: her.cookie,
      payload: { host: remote.host },
    });
    expect(block.statusCode).toBe(201);
    const blocked = await fetch(signed.url, {
      method: "POST",
      headers: signed.headers,
      body: body("Like", `${remote.origin}/likes/2`),
    });
    expect(blocked.status).toBe(403);
    expect(await reactions("like")).toHaveLength(1);
    await t.request({
      method: "DELETE",
      url: `/api/admin/fediverse/blocked-servers/${remote.host}`,
      cookie: her.cookie,
    });
  });

  it("deleting the post sends Delete and leaves a Tombstone", async () => {
    const res = await t.request({ method: "DELETE", url: `/api/posts/${postId}`, cookie: her.cookie });
    expect(res.statusCode).toBe(204);
    await waitFor(() => received(Delete).length > 0, "Delete");
    const gone = await fetch(articleUri(), { headers: { accept: "application/activity+json" } });
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as { type: string }).type).toBe("Tombstone");
    expect(received(Create).filter((a) => a.objectId?.href.includes("/ap/posts/"))).toHaveLength(1);
  });

  it("a follower's avatar is our resized copy; the post page never shows their server's image", async () => {
    const list = (
      await t.request({ method: "GET", url: "/api/admin/fediverse/followers", cookie: her.cookie })
    ).json() as { items: { avatarUrl: string | null }[] };
    const avatarUrl = list.items[0]?.avatarUrl ?? "";
    expect(avatarUrl).toMatch(/^\/uploads\/avatars\/\d+_[0-9a-f]{24}\.webp$/);
    const image = await fetch(`${duet}${avatarUrl}`);
    expect(image.headers.get("content-type")).toBe("image/webp");
    const meta = await (await loadSharp())(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([AVATAR_SIZE, AVATAR_SIZE]);
    // A reply on a new post: the comment carries her profile link and our copy of her avatar.
    const res = await t.request({
      method: "POST",
      url: "/api/posts",
      cookie: her.cookie,
      payload: { title: "Second", content: "<p>Again</p>", author: "her" },
    });
    postId = (res.json() as { id: string }).id;
    await rctx().sendActivity(
      { identifier: "alice" },
      herActor,
      new Create({
        id: new URL(`${remote.origin}/notes/5/create`),
        actor: alice(),
        object: new Note({
          id: new URL(`${remote.origin}/notes/5`),
          attribution: alice(),
          content: "<p>Hello again</p>",
          replyTarget: articleUri(),
        }),
      }),
    );
    const [comment] = (await waitFor(
      async () => (await comments()).length > 0 && comments(),
      "comment",
    )) as Comment[];
    expect(comment!.remote).toEqual({ profileUrl: `${remote.origin}/@alice`, avatarUrl, initials: "AR" });
    // The post answers at its slug (a redirect from its id).
    const moved = await t.request({ method: "GET", url: `/post/${postId}` });
    const page = await t.request({ method: "GET", url: String(moved.headers.location ?? `/post/${postId}`) });
    expect(page.body).toContain("Hello again");
    expect(page.body).toContain(avatarUrl);
    expect(page.body).not.toContain(AVATAR_PATH);
  });

  it("a new handle keeps the old one as an alias and followers get Update(Person)", async () => {
    const res = await t.request({
      method: "PUT",
      url: "/api/admin/fediverse/handle",
      cookie: her.cookie,
      payload: { handle: "clara" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ handle: "clara", oldAddresses: [`@her@${new URL(duet).host}`] });
    const person = await waitFor(async () => {
      for (const update of received(Update)) {
        const object = await update.getObject(rctx()).catch(() => null);
        if (object instanceof Person && object.preferredUsername?.toString() === "clara") return object;
      }
      return null;
    }, "Update(Person)");
    expect(person.id?.href).toBe(`${duet}/ap/users/her`);
    for (const handle of ["clara", "her"]) {
      const finger = await fetch(
        `${duet}/.well-known/webfinger?resource=acct:${handle}@${new URL(duet).host}`,
      );
      const links = ((await finger.json()) as { links: { rel: string; href: string }[] }).links;
      expect(links.find((l) => l.rel === "self")?.href, handle).toBe(`${duet}/ap/users/her`);
    }
  });

  it("with approval on, a Follow is held: Reject and Accept reach the follower", async () => {
    const him = await t.as("him");
    const on = await t.request({
      method: "PUT",
      url: "/api/admin/fediverse/settings",
      cookie: him.cookie,
      payload: { approveFollowers: true },
    });
    expect(on.json()).toMatchObject({ approveFollowers: true });
    const hisActor = (await rctx().lookupObject(`${duet}/ap/users/him`)) as Person;
    expect(hisActor.manuallyApprovesFollowers).toBe(true);
    const accepts = () => remote.received.filter((a) => a instanceof Accept);
    const before = accepts().length;
    const follow = (n: number) =>
      rctx().sendActivity(
        { identifier: "alice" },
        hisActor,
        new Follow({ id: new URL(`${remote.origin}/follows/${n}`), actor: alice(), object: hisActor.id }),
      );
    const requests = () =>
      t.request({ method: "GET", url: "/api/admin/fediverse/follow-requests", cookie: him.cookie });
    const followers = () =>
      t.request({ method: "GET", url: "/api/admin/fediverse/followers", cookie: him.cookie });
    const settle = (action: "accept" | "reject") =>
      t.request({
        method: "POST",
        url: `/api/admin/fediverse/follow-requests/${action}`,
        cookie: him.cookie,
        payload: { actorId: remote.actorUri },
      });
    // Held, then rejected: Reject(Follow) reaches her, and she is not a follower.
    await follow(2);
    await waitFor(async () => (await requests()).json().total === 1, "held follow");
    expect((await settle("reject")).statusCode).toBe(200);
    const rejected = (await waitFor(
      () => remote.received.find((a) => a instanceof Reject),
      "Reject",
    )) as Reject;
    expect(rejected.objectId?.href).toBe(`${remote.origin}/follows/2`);
    expect((await followers()).json().total).toBe(0);
    // Asked again, held again (nothing sent meanwhile), then accepted.
    await follow(3);
    await waitFor(async () => (await requests()).json().total === 1, "held follow");
    expect((await requests()).json().items[0]).toMatchObject({ handle: `@alice@${remote.host}` });
    expect(accepts()).toHaveLength(before);
    expect((await followers()).json().total).toBe(0);
    const accept = await settle("accept");
    expect(accept.statusCode, accept.body).toBe(200);
    const answer = (await waitFor(() => accepts().length > before && accepts().at(-1), "Accept")) as Accept;
    expect(answer.objectId?.href).toBe(`${remote.origin}/follows/3`);
    expect((await followers()).json().total).toBe(1);
    expect((await requests()).json().total).toBe(0);
  });
});

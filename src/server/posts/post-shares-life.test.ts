import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPost, Page, PostRevisionSummary } from "../../common/types";
import { type Roles, requestAs, signInRoles } from "../test/roles";
import { normalisedArchive } from "../test/sample-blog";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// Draft sharing (docs/decisions/0050-draft-sharing.md), continued: the partner's use of a shared
// draft's history, and the share travelling in its owner's archive, never in the partner's.

let t: TestApp;
let roles: Roles;
let work: string;

const draftOf = async (who: TestUser, author: string, title: string) => {
  const res = await requestAs(t, "POST", "/api/posts", who, {
    author,
    title,
    content: "<p>The harbour at dawn.</p>",
    status: "draft",
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<BlogPost>();
};
const share = (who: TestUser, id: string) => requestAs(t, "PUT", `/api/posts/${id}/share`, who);
const unshare = (who: TestUser, id: string) => requestAs(t, "DELETE", `/api/posts/${id}/share`, who);

beforeAll(async () => {
  t = await buildTestApp();
  roles = await signInRoles(t);
  work = mkdtempSync(path.join(tmpdir(), "duet-shares-"));
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

describe("a shared draft's history and archive", () => {
  it("lets the partner page through revisions and restore one", async () => {
    const draft = await draftOf(roles.him, "him", "History");
    await requestAs(t, "PATCH", `/api/posts/${draft.id}`, roles.him, { content: "<p>Second.</p>" });
    await share(roles.him, draft.id);
    const list = (await requestAs(t, "GET", `/api/posts/${draft.id}/revisions`, roles.her)).json<
      Page<PostRevisionSummary>
    >();
    const first = list.items[list.items.length - 1]!;
    const restored = await requestAs(
      t,
      "POST",
      `/api/posts/${draft.id}/revisions/${first.id}/restore`,
      roles.her,
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<BlogPost>()).toMatchObject({ author: "him", status: "draft" });
    await unshare(roles.him, draft.id);
    const refused = await requestAs(
      t,
      "POST",
      `/api/posts/${draft.id}/revisions/${first.id}/restore`,
      roles.her,
    );
    expect(refused.statusCode).toBe(404);
  });

  it("travels in its owner's archive with the post, never in the partner's", async () => {
    const draft = await draftOf(roles.him, "him", "Packed");
    await share(roles.him, draft.id);
    const shares: Record<string, string[]> = {};
    for (const role of ["him", "her"] as const) {
      const res = await requestAs(t, "GET", "/api/admin/export", roles[role]);
      expect(res.statusCode).toBe(200);
      const file = path.join(work, `${role}.tar.gz`);
      writeFileSync(file, res.rawPayload);
      const { tables } = await normalisedArchive(file);
      shares[role] = (tables.post_shares ?? []).map((line) => JSON.parse(line).postId);
      const posts = (tables.blog_posts ?? []).map((line) => JSON.parse(line).id);
      // The partner's archive carries none of his posts, shared or not.
      if (role === "her") expect(posts).not.toContain(draft.id);
    }
    expect(shares.him).toContain(draft.id);
    expect(shares.her).toEqual([]);
  });
});

import { afterAll, beforeAll, expect, it } from "vitest";
import { urlOf } from "../../../common/api";
import { pairAccept, pairPropose, pairReady } from "../../../common/api/takes";
import type { PostPair } from "../../../common/takes";
import type { BlogPost } from "../../../common/types";
import { type AtprotoNetwork, startAtprotoNetwork } from "../../test/atproto-network";
import { type Roles, requestAs, signInRoles } from "../../test/roles";
import { buildTestApp, type TestApp, type TestUser } from "../../test/test-app";

// A two-takes post (decision 0046) goes out from each author's own account with their own take,
// at the reveal: each take is its author's post, announced once by the publishing claim.

let net: AtprotoNetwork;
let t: TestApp;
let roles: Roles;

beforeAll(async () => {
  net = await startAtprotoNetwork(["alice", "bob"]);
  t = await buildTestApp({
    FEDIVERSE_ALLOW_PRIVATE: "true",
    BLUESKY_RESOLVER_URL: net.pds,
    BLUESKY_PLC_URL: net.plc,
  });
  roles = await signInRoles(t);
  for (const [who, name] of [
    [roles.her, "alice"],
    [roles.him, "bob"],
  ] as const) {
    const res = await requestAs(t, "POST", "/api/admin/bluesky", who, {
      handle: `${name}.test`,
      appPassword: net.accounts[name]!.appPassword,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}, 90_000);
afterAll(async () => {
  await t?.close();
  await net?.close();
});

async function documents(name: string): Promise<Array<{ value: { title: string; path: string } }>> {
  const did = net.accounts[name]!.did;
  const res = await fetch(
    `${net.pds}/xrpc/com.atproto.repo.listRecords?repo=${did}&collection=site.standard.document`,
  );
  return ((await res.json()) as { records: Array<{ value: { title: string; path: string } }> }).records;
}

it("puts each take in its own author's repository at the reveal, and nothing before", async () => {
  const pair = (
    await requestAs(t, "POST", urlOf(pairPropose), roles.him, { topic: "Lisbon", revealAt: null })
  ).json<PostPair>();
  expect((await requestAs(t, "POST", urlOf(pairAccept, { id: pair.id }), roles.her)).statusCode).toBe(200);
  const write = async (who: TestUser, author: string) =>
    (
      await requestAs(t, "POST", "/api/posts", who, {
        author,
        pairId: pair.id,
        title: `${author}'s take on Lisbon`,
        content: `<p>${author} wrote this.</p>`,
      })
    ).json<BlogPost>();
  const his = await write(roles.him, "him");
  const hers = await write(roles.her, "her");
  await requestAs(t, "POST", urlOf(pairReady, { id: pair.id }), roles.her);
  await t.ctx.publishing.kick();
  await t.ctx.fediverse.bluesky.kick();
  // One take ready: still sealed, nothing out.
  expect(await documents("alice")).toEqual([]);
  expect(await documents("bob")).toEqual([]);

  expect((await requestAs(t, "POST", urlOf(pairReady, { id: pair.id }), roles.him)).statusCode).toBe(200);
  await t.ctx.publishing.kick();
  await t.ctx.fediverse.bluesky.kick();
  const [herDoc, ...moreHers] = await documents("alice");
  const [hisDoc, ...moreHis] = await documents("bob");
  expect([moreHers, moreHis]).toEqual([[], []]);
  expect(herDoc!.value).toMatchObject({ title: "her's take on Lisbon", path: `/post/${hers.slug}` });
  expect(hisDoc!.value).toMatchObject({ title: "him's take on Lisbon", path: `/post/${his.slug}` });
});

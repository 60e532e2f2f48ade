import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { queryKeys } from "../../../../common/query-keys";
import type { SocialWebAccount } from "../api/social-web";
import { FollowApproval } from "./social-web-requests";

const render = (element: ReturnType<typeof createElement>, client = new QueryClient()) =>
  renderToStaticMarkup(createElement(QueryClientProvider, { client }, element));

const account: SocialWebAccount = {
  handle: "her",
  address: "@her@blog.example",
  actorUrl: "https://blog.example/ap/users/her",
  followers: 1,
  canChangeHandle: true,
  oldAddresses: [],
  approveFollowers: true,
  pendingFollowers: 2,
};

describe("FollowApproval", () => {
  it("shows the setting and each waiting person with our avatar copy or initials, Accept and Reject", () => {
    const client = new QueryClient();
    // A page at a time (useInfiniteQuery): the first page, and no more.
    const page = {
      total: 2,
      nextCursor: null,
      items: [
        {
          handle: "@ana@social.example",
          name: "Ana Lima",
          actorId: "https://social.example/users/ana",
          avatarUrl: "/uploads/avatars/1_abc.webp",
          initials: "AL",
          since: "2026-11-01T00:00:00.000Z",
        },
        {
          handle: "@bo@social.example",
          name: "",
          actorId: "https://social.example/users/bo",
          avatarUrl: null,
          initials: "B",
          since: "2026-11-02T00:00:00.000Z",
        },
      ],
    };
    client.setQueryData([...queryKeys.socialWeb, "requests"], { pages: [page], pageParams: [null] });
    const html = render(createElement(FollowApproval, { account }), client);
    expect(html).toContain("Approve new followers from the social web");
    expect(html).toMatch(/<input type="checkbox"[^>]* checked=""/);
    expect(html).toContain("Waiting for approval (2)");
    expect(html).toContain('<img class="audience-avatar" src="/uploads/avatars/1_abc.webp" alt=""');
    expect(html).toContain('aria-hidden="true">B</span>');
    expect(html.match(/>Accept</g)).toHaveLength(2);
    expect(html.match(/>Reject</g)).toHaveLength(2);
    expect(html).not.toContain("social.example/media");
    // A person without a name shows the handle once, not as name and handle.
    expect(html.match(/@bo@social\.example/g)).toHaveLength(1);
    expect(html).toContain('<span class="audience-social-meta">@ana@social.example</span>');
    expect(html).not.toContain("Show more requests");
  });

  it("offers the next page when there are more than a page of requests", () => {
    const client = new QueryClient();
    const person = (n: number) => ({
      handle: `@p${n}@social.example`,
      name: `P ${n}`,
      actorId: `https://social.example/users/p${n}`,
      avatarUrl: null,
      initials: "P",
      since: "2026-11-01T00:00:00.000Z",
    });
    const page = { total: 25, nextCursor: "20", items: Array.from({ length: 20 }, (_, i) => person(i)) };
    client.setQueryData([...queryKeys.socialWeb, "requests"], { pages: [page], pageParams: [null] });
    const html = render(
      createElement(FollowApproval, { account: { ...account, pendingFollowers: 25 } }),
      client,
    );
    expect(html).toContain("Waiting for approval (25)");
    expect(html.match(/>Accept</g)).toHaveLength(20);
    expect(html).toContain(">Show more requests</button>");
  });
});

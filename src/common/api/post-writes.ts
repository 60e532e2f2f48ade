import type { CreatePostSchema, UpdatePostSchema } from "../schemas/post";
import type { BlogPost, BlogPostCard, PostShareState } from "../types";
import type { Endpoint } from "./endpoint";
import type { EmptyQuery, NoData, PostIdParams } from "./params";

// Apart from posts.ts: the reader's pages bundle the reads, the studio these.
// Writes: who may make each is in its contract row, checked before what is sent (decision 0041).

export const postCreate: Endpoint<{ body: typeof CreatePostSchema; response: BlogPost }> = {
  method: "POST",
  path: "/api/posts",
};

export const postUpdate: Endpoint<{
  params: typeof PostIdParams;
  body: typeof UpdatePostSchema;
  response: BlogPost;
}> = { method: "PATCH", path: "/api/posts/:id" };

export const postDelete: Endpoint<{ params: typeof PostIdParams; response: null }> = {
  method: "DELETE",
  path: "/api/posts/:id",
};

/** Draft sharing (docs/decisions/0050-draft-sharing.md): the owner invites the partner in, or stops. */
export const postShare: Endpoint<{
  params: typeof PostIdParams;
  body: typeof NoData;
  response: PostShareState;
}> = { method: "PUT", path: "/api/posts/:id/share" };
export const postUnshare: Endpoint<{
  params: typeof PostIdParams;
  query: typeof EmptyQuery;
  response: PostShareState;
}> = { method: "DELETE", path: "/api/posts/:id/share" };
/** The partner's drafts and scheduled posts shared with the signed-in author. */
export const sharedWithMe: Endpoint<{ response: { items: BlogPostCard[] } }> = {
  method: "GET",
  path: "/api/me/shared-posts",
};

import type { CreatePostSchema, UpdatePostSchema } from "../schemas/post";
import type { BlogPost } from "../types";
import type { Endpoint } from "./endpoint";
import type { PostIdParams } from "./params";

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

import type { CreatePostSchema, PostListQuerySchema, UpdatePostSchema } from "../schemas/post";
import type { BlogPost, BlogPostCard, Page, PostReading } from "../types";
import type { Endpoint } from "./endpoint";
import type { LooseIdParams, PostIdParams, PostSlugParams } from "./params";

// Posts: the public reads (the Content API) first, then the authors' writes.

export const postsList: Endpoint<{ query: typeof PostListQuerySchema; response: Page<BlogPostCard> }> = {
  method: "GET",
  path: "/api/posts",
};

export const postRead: Endpoint<{ params: typeof PostIdParams; response: BlogPost }> = {
  method: "GET",
  path: "/api/posts/:id",
};

export const postBySlug: Endpoint<{ params: typeof PostSlugParams; response: BlogPost }> = {
  method: "GET",
  path: "/api/posts/by-slug/:slug",
};

export const postReading: Endpoint<{ params: typeof PostIdParams; response: PostReading }> = {
  method: "GET",
  path: "/api/posts/:id/reading",
};

// Writes: the handlers check who asks before what is sent (a visitor's 401 first).

export const postCreate: Endpoint<{ body: typeof CreatePostSchema; response: BlogPost }> = {
  method: "POST",
  path: "/api/posts",
};

export const postUpdate: Endpoint<{
  params: typeof LooseIdParams;
  body: typeof UpdatePostSchema;
  response: BlogPost;
}> = { method: "PATCH", path: "/api/posts/:id" };

export const postDelete: Endpoint<{ params: typeof LooseIdParams; response: null }> = {
  method: "DELETE",
  path: "/api/posts/:id",
};

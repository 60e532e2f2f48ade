import type { PostListQuerySchema } from "../schemas/post";
import type { BlogPost, BlogPostCard, Page, PostReading } from "../types";
import type { Endpoint } from "./endpoint";
import type { PostIdParams, PostSlugParams } from "./params";

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

import { CreatePostSchema, UpdatePostSchema } from "../../schemas/post";
import { PostIdParams } from "../params";
import { postCreate, postDelete, postUpdate } from "../post-writes";
import { row } from "./contract";
import { BlogPostSchema } from "./responses";

const AUTHOR_WRITE = ["UNAUTHORIZED", "FORBIDDEN", "VALIDATION_ERROR", "CONFLICT"] as const;

/** The authors' writes: `who` is checked before what is sent (decision 0041). */
export const writeRows = [
  row(postCreate, {
    who: "authors",
    summary: "Publish, schedule or save a draft (an author, as themself)",
    tags: ["Posts"],
    body: CreatePostSchema,
    response: BlogPostSchema,
    errors: AUTHOR_WRITE,
  }),
  row(postUpdate, {
    who: "authors",
    summary: "Edit a post (its author)",
    tags: ["Posts"],
    params: PostIdParams,
    paramsNotFound: "Post not found",
    body: UpdatePostSchema,
    response: BlogPostSchema,
    errors: [...AUTHOR_WRITE, "NOT_FOUND"],
  }),
  row(postDelete, {
    who: "authors",
    summary: "Delete a post with its likes and comments (its author)",
    tags: ["Posts"],
    params: PostIdParams,
    paramsNotFound: "Post not found",
    errors: ["UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND"],
  }),
];

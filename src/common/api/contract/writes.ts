import { CreatePostSchema, UpdatePostSchema } from "../../schemas/post";
import { EmptyQuery, NoData, PostIdParams } from "../params";
import { postCreate, postDelete, postShare, postUnshare, postUpdate, sharedWithMe } from "../post-writes";
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
  row(postShare, {
    who: "authors",
    summary: "Share a draft or scheduled post with the other author (its author)",
    description:
      "The partner may then open, co-edit, save and note it; publishing, scheduling, deleting and " +
      "sharing stay the author's. A take of a two-takes post not yet revealed: 409. " +
      "docs/decisions/0050-draft-sharing.md.",
    tags: ["Posts"],
    params: PostIdParams,
    paramsNotFound: "Post not found",
    body: NoData,
    errors: [...AUTHOR_WRITE, "NOT_FOUND"],
  }),
  row(postUnshare, {
    who: "authors",
    summary: "Stop sharing a post with the other author (its author)",
    description: "The partner's open editors are closed (4403) and their access ends at once.",
    tags: ["Posts"],
    params: PostIdParams,
    paramsNotFound: "Post not found",
    query: EmptyQuery,
    errors: ["UNAUTHORIZED", "FORBIDDEN", "VALIDATION_ERROR", "NOT_FOUND"],
  }),
  row(sharedWithMe, {
    who: "authors",
    summary: "The other author's drafts and scheduled posts shared with me",
    tags: ["Posts"],
    errors: ["UNAUTHORIZED", "FORBIDDEN"],
  }),
];

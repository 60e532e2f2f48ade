import { PageQuerySchema } from "../../schemas/page-query";
import { PostListQuerySchema } from "../../schemas/post";
import { SearchQuerySchema } from "../../schemas/search";
import { authorRead, authorsList } from "../authors";
import { commentsList } from "../comments";
import { likeRead, likeToggle } from "../likes";
import { pageRead } from "../pages";
import { AuthorParams, NoData, PageSlugParams, PostIdParams, PostSlugParams } from "../params";
import { postBySlug, postRead, postReading, postsList } from "../posts";
import { search } from "../search";
import { row } from "./contract";
import {
  AuthorProfileSchema,
  BlogPostCardSchema,
  BlogPostSchema,
  CommentSchema,
  LikeStateSchema,
  PageOf,
  PostReadingSchema,
  SearchHitSchema,
  SitePageSchema,
} from "./responses";

const LIST_ERRORS = ["VALIDATION_ERROR"] as const;
const READ_ERRORS = ["NOT_FOUND"] as const;

/** The public reads: the Content API of docs/api.md. */
export const readRows = [
  row(postsList, {
    who: "anyone",
    summary: "List public posts",
    description: "Newest first, both blogs or one author's or one tag's, a page at a time.",
    tags: ["Posts"],
    content: true,
    query: PostListQuerySchema,
    response: PageOf(BlogPostCardSchema),
    errors: LIST_ERRORS,
  }),
  row(postRead, {
    who: "anyone",
    summary: "Read a post",
    description: "A public post; an author also reads their own drafts and scheduled posts.",
    tags: ["Posts"],
    content: true,
    params: PostIdParams,
    paramsNotFound: "Post not found",
    response: BlogPostSchema,
    errors: READ_ERRORS,
  }),
  row(postBySlug, {
    who: "anyone",
    summary: "Read a post by its address",
    description: "By its slug or an earlier one; the answer's `slug` is the current one.",
    tags: ["Posts"],
    content: true,
    params: PostSlugParams,
    response: BlogPostSchema,
    errors: READ_ERRORS,
  }),
  row(postReading, {
    who: "anyone",
    summary: "What the post page shows around a post",
    description: "Reading time, the author's profile, the previous and next post of the same blog.",
    tags: ["Posts"],
    content: true,
    params: PostIdParams,
    paramsNotFound: "Post not found",
    response: PostReadingSchema,
    errors: READ_ERRORS,
  }),
  row(search, {
    who: "anyone",
    summary: "Search public posts",
    description: "Ranked by relevance; titles and snippets mark the words found.",
    tags: ["Search"],
    content: true,
    query: SearchQuerySchema,
    response: PageOf(SearchHitSchema),
    errors: ["VALIDATION_ERROR", "TOO_MANY_REQUESTS"],
  }),
  row(commentsList, {
    who: "anyone",
    summary: "A post's comments",
    description: "Top-level comments newest first, each with its replies oldest first.",
    tags: ["Comments"],
    content: true,
    params: PostIdParams,
    paramsNotFound: "Post not found",
    query: PageQuerySchema,
    response: PageOf(CommentSchema),
    errors: ["VALIDATION_ERROR", "NOT_FOUND"],
  }),
  row(authorsList, {
    who: "anyone",
    summary: "Both authors' profiles",
    tags: ["Authors"],
    content: true,
    response: AuthorProfileSchema.array(),
    errors: [],
  }),
  row(authorRead, {
    who: "anyone",
    summary: "One author's profile",
    tags: ["Authors"],
    content: true,
    params: AuthorParams,
    paramsNotFound: "Author not found",
    response: AuthorProfileSchema,
    errors: READ_ERRORS,
  }),
  row(pageRead, {
    who: "anyone",
    summary: "A published page",
    description: "About, contact and the authors' own pages; the authors also get drafts and details.",
    tags: ["Pages"],
    content: true,
    params: PageSlugParams,
    paramsNotFound: "Page not found",
    response: SitePageSchema,
    errors: READ_ERRORS,
  }),
  row(likeRead, {
    who: "anyone",
    summary: "A post's likes, and whether the reader likes it",
    tags: ["Likes"],
    params: PostIdParams,
    paramsNotFound: "Post not found",
    response: LikeStateSchema,
    errors: READ_ERRORS,
  }),
  row(likeToggle, {
    who: "signed-in",
    unauthorized: "Please log in to like posts",
    summary: "Like or unlike a post (signed-in readers)",
    description: "Signed-in readers only: a visitor's 401 comes before any check of the id.",
    tags: ["Likes"],
    params: PostIdParams,
    paramsNotFound: "Post not found",
    body: NoData,
    response: LikeStateSchema,
    errors: ["UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "TOO_MANY_REQUESTS"],
  }),
];

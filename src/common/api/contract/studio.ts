import { AuthorProfileBodySchema } from "../../schemas/author-profile";
import { OwnPostsQuerySchema } from "../../schemas/own-posts";
import { RevisionCompareQuerySchema, RevisionListQuerySchema } from "../../schemas/revisions";
import { CreatePageSchema, UpdatePageSchema } from "../../schemas/site-page";
import { SiteSettingsBodySchema } from "../../schemas/site-settings";
import { verificationEmail } from "../account";
import { collabSocket } from "../collab";
import {
  AuthorParams,
  CollabParams,
  EmptyQuery,
  NoData,
  PageSlugParams,
  PostIdParams,
  PostRevisionParams,
} from "../params";
import {
  authorUpdate,
  demoPostsCount,
  demoPostsRemove,
  firstHour,
  ownPosts,
  pageCreate,
  pageDelete,
  pagesList,
  pageUpdate,
  revisionCompare,
  revisionRestore,
  revisionsList,
  settingsChanges,
  settingsRead,
  settingsTestContact,
  settingsUpdate,
} from "../studio";
import { row } from "./contract";
import { AuthorProfileSchema, BlogPostSchema } from "./responses";

const tags = ["Studio"] as const;
const AUTHORS = ["UNAUTHORIZED", "FORBIDDEN"] as const;
const WRITE = ["UNAUTHORIZED", "FORBIDDEN", "VALIDATION_ERROR"] as const;

/** The studio's calls: `who` is checked before what is sent (decision 0041). */
export const studioRows = [
  row(collabSocket, {
    who: "authors",
    summary: "Write a post or page together: a WebSocket (y-websocket's protocol)",
    description:
      "Opened with `Upgrade: websocket`, our Origin and an author's session; refused before the " +
      "upgrade otherwise (401, 403, 404 for an id that names nothing). A plain GET answers 426. " +
      "Limits and close codes: docs/writing-together.md.",
    tags,
    params: CollabParams,
    paramsNotFound: "Nothing to write here",
    errors: [...AUTHORS, "CROSS_SITE", "NOT_FOUND", "BAD_REQUEST"],
  }),
  row(ownPosts, {
    who: "authors",
    summary: "The signed-in author's posts",
    tags,
    query: OwnPostsQuerySchema,
    errors: WRITE,
  }),
  row(firstHour, { who: "authors", summary: "The first-hour checklist's state", tags, errors: AUTHORS }),
  row(demoPostsCount, { who: "authors", summary: "How many demo posts are left", tags, errors: AUTHORS }),
  row(demoPostsRemove, {
    who: "authors",
    summary: "Remove every demo post",
    tags,
    query: EmptyQuery,
    body: NoData,
    errors: WRITE,
  }),
  row(revisionsList, {
    who: "signed-in",
    summary: "A post's saved states (its author)",
    tags,
    params: PostIdParams,
    paramsNotFound: "Post not found",
    query: RevisionListQuerySchema,
    errors: [...WRITE, "NOT_FOUND"],
  }),
  row(revisionCompare, {
    who: "signed-in",
    summary: "A revision compared with the current text or the previous revision",
    tags,
    params: PostRevisionParams,
    paramsNotFound: "Post not found",
    query: RevisionCompareQuerySchema,
    errors: [...WRITE, "NOT_FOUND"],
  }),
  row(revisionRestore, {
    who: "signed-in",
    summary: "Bring a revision's text back",
    tags,
    params: PostRevisionParams,
    paramsNotFound: "Post not found",
    body: NoData,
    response: BlogPostSchema,
    errors: [...WRITE, "NOT_FOUND"],
  }),
  row(authorUpdate, {
    who: "signed-in",
    summary: "Set an author's profile (that author's account)",
    tags,
    params: AuthorParams,
    paramsNotFound: "Author not found",
    body: AuthorProfileBodySchema,
    response: AuthorProfileSchema,
    errors: [...WRITE, "NOT_FOUND"],
  }),
  row(settingsRead, {
    who: "anyone",
    summary: "The site settings (the contact recipients for the authors)",
    tags,
    errors: [],
  }),
  row(settingsUpdate, {
    who: "authors",
    forbidden: "Only the two authors can change the site settings.",
    summary: "Save the site settings",
    tags,
    body: SiteSettingsBodySchema,
    errors: WRITE,
  }),
  row(settingsChanges, {
    who: "authors",
    forbidden: "Only the two authors can change the site settings.",
    summary: "Who changed which setting, when",
    tags,
    errors: AUTHORS,
  }),
  row(settingsTestContact, {
    who: "authors",
    forbidden: "Only the two authors can change the site settings.",
    summary: "Send a test message to the contact addresses",
    tags,
    body: NoData,
    errors: [...WRITE, "CONTACT_TEST_FAILED"],
  }),
  row(pagesList, {
    who: "authors",
    forbidden: "Only the two authors can write pages.",
    summary: "Every page with its state",
    tags,
    errors: AUTHORS,
  }),
  row(pageCreate, {
    who: "authors",
    forbidden: "Only the two authors can write pages.",
    summary: "A new page",
    tags,
    body: CreatePageSchema,
    errors: [...WRITE, "CONFLICT"],
  }),
  row(pageUpdate, {
    who: "authors",
    forbidden: "Only the two authors can write pages.",
    summary: "Edit a page",
    tags,
    params: PageSlugParams,
    paramsNotFound: "Page not found",
    body: UpdatePageSchema,
    errors: [...WRITE, "NOT_FOUND", "CONFLICT"],
  }),
  row(pageDelete, {
    who: "authors",
    forbidden: "Only the two authors can write pages.",
    summary: "Delete a page",
    tags,
    params: PageSlugParams,
    paramsNotFound: "Page not found",
    errors: [...AUTHORS, "NOT_FOUND"],
  }),
  row(verificationEmail, {
    who: "signed-in",
    summary: "Send the address verification email again",
    tags: ["Studio"],
    body: NoData,
    errors: ["UNAUTHORIZED", "TOO_MANY_REQUESTS"],
  }),
];

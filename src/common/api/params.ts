import { z } from "zod";
import { COLLAB_KINDS } from "../collab";
import { AUTHORS } from "../limits";
import { strictBody } from "../schemas/body";
import { FediverseHostSchema } from "../schemas/fediverse";
import { UUID_PATTERN } from "../schemas/id";
import { PageSlugSchema } from "../schemas/site-page";

// Path parameters of the endpoint table. A path that names nothing answers 404 (the contract's
// `paramsNotFound`), as the hand-written `isId()` checks did: an invented id is not a bad request.

export const PostIdParams = z.strictObject({
  id: z.string().regex(UUID_PATTERN).describe("The post's id (a UUID)."),
});
export const PostSlugParams = z.strictObject({
  slug: z.string().min(1).describe("The post's address: its slug or an earlier one."),
});
export const AuthorParams = z.strictObject({ author: z.enum(AUTHORS).describe("'him' or 'her'.") });
export const PageSlugParams = z.strictObject({ slug: PageSlugSchema.describe("The page's address.") });

/** A comment, page or other row by its id: a path with no UUID names nothing (404). */
export const IdParams = z.strictObject({
  id: z.string().regex(UUID_PATTERN).describe("The id (a UUID)."),
});
/** A received Webmention by its number (webmentions_received.id): anything else names nothing. */
export const MentionIdParams = z.strictObject({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/)
    .describe("The mention's id (a positive whole number)."),
});
/** A live document: a post or a page (`posts` | `pages`) by its id; anything else names nothing. */
export const CollabParams = z.strictObject({
  kind: z.enum(COLLAB_KINDS).describe("'posts' or 'pages'."),
  id: z.string().regex(UUID_PATTERN).describe("The post's or page's id (a UUID)."),
});
export const UserIdParams = z.strictObject({ userId: z.string().describe("The reader's account id.") });
/** A call that takes no query: any field is refused rather than ignored. */
export const EmptyQuery = z.strictObject({});
/**
 * A call that carries no data: no body at all, or an empty JSON object (any field is refused;
 * anything but an object gets the plain sentence of every body).
 */
export const NoData = strictBody({}).nullish();

// ---- The social web's part (who-fedi).
/** A server to unblock, by its host name: the same rule and message as blocking it. */
export const BlockedHostParams = z.strictObject({
  host: FediverseHostSchema.describe("A server's host name."),
});
/** A report from another server, by its number: a path with no number names nothing (404). */
export const ReportIdParams = z.strictObject({
  id: z
    .string()
    .regex(/^\d{1,15}$/)
    .describe("The report's id (a number)."),
});

// ---- The studio's part (who-studio): its calls' own inputs.
/** A post's revision: a post path with no UUID is no post (404); the handler names a bad revision id. */
export const PostRevisionParams = z.strictObject({
  id: z.string().regex(UUID_PATTERN).describe("The post's id (a UUID)."),
  revisionId: z.string().describe("The revision's id."),
});

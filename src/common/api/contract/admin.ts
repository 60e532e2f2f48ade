import { ContactBodySchema } from "../../schemas/contact";
import { PageQuerySchema } from "../../schemas/page-query";
import { PostStatsQuerySchema, StatsQuerySchema } from "../../schemas/stats";
import {
  archiveExport,
  archiveImport,
  contactMessages,
  contactSend,
  health,
  postStats,
  ready,
  session,
  stats,
  uploads,
} from "../admin";
import { EmptyQuery } from "../params";
import { row } from "./contract";

const AUTHORS = ["UNAUTHORIZED", "FORBIDDEN", "VALIDATION_ERROR"] as const;
const UPLOAD = ["UNAUTHORIZED", "FORBIDDEN", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE"] as const;

export const adminRows = [
  row(contactSend, {
    who: "anyone",
    summary: "Send the authors a message (anyone)",
    tags: ["Contact"],
    body: ContactBodySchema,
    errors: ["VALIDATION_ERROR", "TOO_MANY_REQUESTS"],
  }),
  row(contactMessages, {
    who: "authors",
    summary: "Received messages",
    tags: ["Studio"],
    query: PageQuerySchema,
    errors: AUTHORS,
  }),
  row(stats, {
    who: "authors",
    summary: "The blog's numbers",
    tags: ["Studio"],
    query: StatsQuerySchema,
    errors: AUTHORS,
  }),
  row(postStats, {
    who: "authors",
    summary: "Posts' own numbers",
    tags: ["Studio"],
    query: PostStatsQuerySchema,
    errors: AUTHORS,
  }),
  row(uploads, {
    who: "authors",
    summary: "Upload images (multipart)",
    tags: ["Studio"],
    errors: [...UPLOAD, "STORAGE_UNAVAILABLE"],
  }),
  row(archiveExport, {
    who: "authors",
    summary: "The author's blog as one archive",
    tags: ["Studio"],
    query: EmptyQuery,
    errors: AUTHORS,
  }),
  row(archiveImport, {
    who: "authors",
    summary: "Move a blog in from an archive (multipart)",
    tags: ["Studio"],
    errors: [...UPLOAD, "CONFLICT", "BLOG_NOT_EMPTY", "INVALID_ARCHIVE"],
  }),
  row(session, { who: "anyone", summary: "Who is signed in", tags: ["Meta"], errors: [] }),
  row(health, { who: "anyone", summary: "Liveness", tags: ["Meta"], errors: [] }),
  row(ready, {
    who: "anyone",
    summary: "Readiness: the database and the storage answer",
    tags: ["Meta"],
    errors: [],
  }),
];

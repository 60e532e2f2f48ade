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
import { row } from "./contract";

const AUTHORS = ["UNAUTHORIZED", "FORBIDDEN", "VALIDATION_ERROR"] as const;
const UPLOAD = ["UNAUTHORIZED", "FORBIDDEN", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE"] as const;

export const adminRows = [
  row(contactSend, {
    summary: "Send the authors a message (anyone)",
    tags: ["Contact"],
    body: ContactBodySchema,
    errors: ["VALIDATION_ERROR", "TOO_MANY_REQUESTS"],
  }),
  row(contactMessages, {
    summary: "Received messages",
    tags: ["Studio"],
    query: PageQuerySchema,
    errors: AUTHORS,
  }),
  row(stats, { summary: "The blog's numbers", tags: ["Studio"], query: StatsQuerySchema, errors: AUTHORS }),
  row(postStats, {
    summary: "Posts' own numbers",
    tags: ["Studio"],
    query: PostStatsQuerySchema,
    errors: AUTHORS,
  }),
  row(uploads, {
    summary: "Upload images (multipart)",
    tags: ["Studio"],
    errors: [...UPLOAD, "STORAGE_UNAVAILABLE"],
  }),
  row(archiveExport, { summary: "The author's blog as one archive", tags: ["Studio"], errors: AUTHORS }),
  row(archiveImport, {
    summary: "Move a blog in from an archive (multipart)",
    tags: ["Studio"],
    errors: [...UPLOAD, "CONFLICT", "BLOG_NOT_EMPTY", "INVALID_ARCHIVE"],
  }),
  row(session, { summary: "Who is signed in", tags: ["Meta"], errors: [] }),
  row(health, { summary: "Liveness", tags: ["Meta"], errors: [] }),
  row(ready, { summary: "Readiness: the database and the storage answer", tags: ["Meta"], errors: [] }),
];

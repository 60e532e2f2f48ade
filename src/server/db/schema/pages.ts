import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { PAGE_PLACEMENTS } from "../../../common/site-pages";
import type { PostImage } from "../../../common/types";
import { user } from "./auth";

// ---- Pages: About, Privacy Policy, Terms of Service and any other page the authors write.

/**
 * One row per page the authors saved. Privacy and Terms exist before anyone saves them: until then
 * their pages show the templates (server/site-pages/templates.ts).
 */
export const sitePages = pgTable("site_pages", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** The address: /privacy, /terms, or /p/{slug} for every other page. */
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  /** Sanitised HTML, the same allowlist as posts. */
  content: text("content").notNull(),
  images: jsonb("images").$type<PostImage[]>().notNull().default([]),
  published: boolean("published").notNull().default(false),
  /** none | nav | footer: where the page is linked from. */
  placement: text("placement", { enum: PAGE_PLACEMENTS }).notNull().default("none"),
  /** Order among the links of one placement, smallest first. */
  position: integer("position").notNull().default(0),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

import { bigint, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// ---- Site-wide: contact messages and the shared cache counter.

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** pending → sent, or failed after the last attempt. */
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true, mode: "date" }),
    ip: text("ip"),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt.desc()),
    index("contact_messages_due_idx").on(t.status, t.nextAttemptAt),
  ],
);

/** One row: a counter every write bumps, so processes sharing one PostgreSQL can drop stale caches. */
export const siteState = pgTable("site_state", {
  id: integer("id").primaryKey(),
  contentVersion: bigint("content_version", { mode: "number" }).notNull().default(0),
});

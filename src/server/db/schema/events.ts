import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

// ---- Domain events: the outbox every write records in its own transaction (server/events.ts).

/** What happened, stored with the write that made it happen. */
export const domainEvents = pgTable(
  "domain_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("domain_events_created_idx").on(t.createdAt)],
);

/**
 * One row per (event, subscriber): claimed with a lease, marked done in the transaction of the
 * subscriber's own writes, so a handler's work is kept exactly once however often it is tried.
 */
export const eventDeliveries = pgTable(
  "event_deliveries",
  {
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => domainEvents.id, { onDelete: "cascade" }),
    subscriber: text("subscriber").notNull(),
    /** pending → done, or failed after the last attempt. */
    status: text("status", { enum: ["pending", "done", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When it is due: now, after a failure its retry time, while claimed the end of the lease. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** The process holding the lease (null when nobody does). */
    claimedBy: text("claimed_by"),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.subscriber] }),
    index("event_deliveries_due_idx").on(t.status, t.nextAttemptAt),
  ],
);

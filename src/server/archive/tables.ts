import { and, asc, getTableColumns, gt, is, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { isId } from "../../common/schemas/id";
import type { Db } from "../db/client";
import * as schema from "../db/schema";

/**
 * Which tables an archive holds, derived from the Drizzle schema so that a table added by a later
 * feature (drafts, revisions, followers…) is carried without touching this code. Left out:
 * sessions, one-time tokens, rate-limit counters, the cache counter and the outgoing mail queue
 * (state of this server, not of the blog: a queued email must not be sent again by the new one).
 * `account` (password hashes) only with --with-secrets.
 */
const NOT_ARCHIVED = new Set([
  "session",
  "verification",
  "rate_limit",
  "site_state",
  "mail_queue",
  "mail_rate",
]);
// Statistics: the rollups travel; today's salt and visitor hashes never leave this server (docs/stats.md).
for (const name of ["stats_salts", "stats_visitor_hashes"]) NOT_ARCHIVED.add(name);
// The social web: Fedify's cache and delivery queue are this server's state; the actors' private
// keys are secrets (docs/fediverse.md: without them the new server makes new keys).
for (const name of ["fediverse_kv", "fediverse_queue"]) NOT_ARCHIVED.add(name);
// The outbox of domain events is this server's pending work, like the mail queue: an imported
// event must not be handled again by the new server.
for (const name of ["domain_events", "event_deliveries"]) NOT_ARCHIVED.add(name);
// Bluesky: the connected accounts hold sealed app passwords and sessions, never exported (not even
// with --with-secrets: the new server's key could not open them). The records' references travel,
// so reconnecting the same account there edits the same records instead of posting them twice.
NOT_ARCHIVED.add("bluesky_accounts");
// A live document's Yjs updates are a session's working state: the saved post or page is what the
// blog holds (docs/decisions/0048-writing-together.md); a new server starts its sessions afresh.
NOT_ARCHIVED.add("collab_updates");
export const SECRET_TABLES = new Set(["account", "fediverse_actors"]);

export interface ArchiveTable {
  name: string;
  table: PgTable;
  /** property key (the archive's field name) → column */
  columns: Map<string, AnyPgColumn>;
  primaryKey: string[];
  /** field → referenced table name (foreign keys of one column) */
  references: Map<string, { table: string; field: string }>;
}

function describe(table: PgTable): ArchiveTable {
  const config = getTableConfig(table);
  // Generated columns (the posts' search vector) are derived from the others: neither kept nor written.
  const columns = new Map(
    (Object.entries(getTableColumns(table)) as [string, AnyPgColumn][]).filter(([, c]) => !c.generated),
  );
  const keyOf = (column: { name: string }) => [...columns].find(([, c]) => c.name === column.name)![0];
  const primaryKey = config.primaryKeys[0]
    ? config.primaryKeys[0].columns.map(keyOf)
    : [...columns].filter(([, c]) => c.primary).map(([k]) => k);
  const references = new Map<string, { table: string; field: string }>();
  for (const fk of config.foreignKeys) {
    const ref = fk.reference();
    if (ref.columns.length !== 1) continue;
    const target = getTableConfig(ref.foreignTable);
    const targetColumns = Object.entries(getTableColumns(ref.foreignTable)) as [string, AnyPgColumn][];
    const field = targetColumns.find(([, c]) => c.name === ref.foreignColumns[0]!.name)![0];
    references.set(keyOf(ref.columns[0]!), { table: target.name, field });
  }
  return { name: config.name, table, columns, primaryKey, references };
}

/** Every archived table, referenced tables before the tables that point at them. */
export function archiveTables(options: { withSecrets: boolean }): ArchiveTable[] {
  const all = (Object.values(schema) as unknown[])
    .filter((v): v is PgTable => is(v, PgTable))
    .map(describe)
    .filter((t) => !NOT_ARCHIVED.has(t.name) && (options.withSecrets || !SECRET_TABLES.has(t.name)));
  const byName = new Map(all.map((t) => [t.name, t]));
  const ordered: ArchiveTable[] = [];
  const seen = new Set<string>();
  const visit = (t: ArchiveTable) => {
    if (seen.has(t.name)) return;
    seen.add(t.name);
    for (const ref of t.references.values()) {
      const target = byName.get(ref.table);
      if (target && target !== t) visit(target);
    }
    ordered.push(t);
  };
  for (const t of [...all].sort((a, b) => a.name.localeCompare(b.name))) visit(t);
  return ordered;
}

export type ArchiveRow = Record<string, unknown>;

/** Rows of a table in primary-key order, one page at a time (keyset pagination, bounded memory). */
export async function* readRows(
  db: Db,
  t: ArchiveTable,
  pageSize: number,
  /** Only these rows (the studio's scoped export). */
  filter?: SQL,
): AsyncGenerator<ArchiveRow[]> {
  const keys = t.primaryKey.map((k) => t.columns.get(k)!);
  let after: unknown[] | null = null;
  for (;;) {
    let where: SQL | undefined;
    if (after) {
      const last: unknown[] = after;
      where =
        keys.length === 1
          ? gt(keys[0]!, last[0])
          : sql`(${sql.join(keys, sql`, `)}) > (${sql.join(
              last.map((v) => sql`${v}`),
              sql`, `,
            )})`;
    }
    const rows = (await db
      .select(Object.fromEntries(t.columns))
      .from(t.table)
      .where(filter && where ? and(filter, where) : (filter ?? where))
      .orderBy(...keys.map((k) => asc(k)))
      .limit(pageSize)) as ArchiveRow[];
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < pageSize) return;
    const lastRow = rows[rows.length - 1]!;
    after = t.primaryKey.map((k) => lastRow[k]);
  }
}

/** A row as the archive stores it: JSON values, timestamps as ISO strings. */
export function encodeRow(row: ArchiveRow): ArchiveRow {
  const out: ArchiveRow = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;
/** Longest text one field may hold in an archive (a post's content is far below). */
const MAX_TEXT = 2_000_000;

/**
 * Check an archived row against the table's columns and turn it back into insertable values.
 * Returns a message naming the first problem, or the values.
 */
export function decodeRow(t: ArchiveTable, raw: unknown): { values: ArchiveRow } | { problem: string } {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return { problem: "a row is not an object" };
  const values: ArchiveRow = {};
  for (const [key, value] of Object.entries(raw)) {
    const column = t.columns.get(key);
    if (!column) return { problem: `unknown field '${key}'` };
    if (value === null) {
      if (column.notNull) return { problem: `'${key}' must not be null` };
      values[key] = null;
      continue;
    }
    const problem = checkValue(column, value);
    if (problem) return { problem: `'${key}' ${problem}` };
    values[key] = column.columnType === "PgTimestamp" ? new Date(value as string) : value;
  }
  for (const [key, column] of t.columns) {
    if (!(key in values) && column.notNull && !column.hasDefault) return { problem: `'${key}' is missing` };
  }
  return { values };
}

function checkValue(column: AnyPgColumn, value: unknown): string | null {
  const enumValues = (column as { enumValues?: readonly string[] }).enumValues;
  switch (column.columnType) {
    case "PgText":
    case "PgVarchar":
      if (typeof value !== "string") return "must be text";
      if (value.length > MAX_TEXT) return "is too long";
      if (enumValues?.length && !enumValues.includes(value)) return `must be one of ${enumValues.join(", ")}`;
      return null;
    case "PgUUID":
      return typeof value === "string" && isId(value) ? null : "must be a uuid";
    case "PgTimestamp":
      return typeof value === "string" && ISO.test(value) && !Number.isNaN(Date.parse(value))
        ? null
        : "must be an ISO timestamp";
    case "PgInteger":
    case "PgSmallInt":
    case "PgBigInt53":
    case "PgSerial":
    case "PgBigSerial53":
      return Number.isSafeInteger(value) ? null : "must be a whole number";
    case "PgBoolean":
      return typeof value === "boolean" ? null : "must be true or false";
    case "PgArray":
      return Array.isArray(value) && value.every((v) => typeof v === "string" && v.length <= MAX_TEXT)
        ? null
        : "must be a list of text";
    case "PgJsonb":
    case "PgJson":
      return null;
    default:
      return typeof value === "string" || typeof value === "number" || typeof value === "boolean"
        ? null
        : "has an unsupported value";
  }
}

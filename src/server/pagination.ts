import { type AnyColumn, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { isId } from "../common/schemas/id";
import { CURSOR_MESSAGE } from "../common/schemas/page-query";
import type { Page } from "../common/types";
import { invalid } from "./errors";

/**
 * The one keyset pagination of every list (posts, comments, inbox): newest first, ties broken by
 * id, a page and an opaque cursor to the next one. The query contract is common/schemas/page-query.
 */

/** Position after the last row of a page: its exact instant (microseconds, UTC) and id. */
export interface Cursor {
  at: string;
  id: string;
}

export interface PageRequest {
  limit: number;
  cursor: Cursor | null;
}

// PostgreSQL keeps microseconds and JS Dates only milliseconds, so the cursor carries the instant
// as PostgreSQL prints it: no row within the same millisecond is skipped or repeated.
export const exactInstant = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString("base64url");
}

/** The cursor of a previous page, or null when it is not one we made. */
export function decodeCursor(raw: string): Cursor | null {
  if (raw.length > 200 || !/^[A-Za-z0-9_-]+$/.test(raw)) return null;
  const [at, id, ...rest] = Buffer.from(raw, "base64url").toString("utf8").split("|");
  if (rest.length > 0 || !at || !id || !ISO_MICROS.test(at) || !isId(id)) return null;
  // Only a real instant PostgreSQL accepts: no year 0, no 30 February.
  const ms = Date.parse(at);
  if (Number.isNaN(ms) || at.startsWith("0000")) return null;
  if (new Date(ms).toISOString().slice(0, 23) !== at.slice(0, 23)) return null;
  return { at, id: id.toLowerCase() };
}

/** A parsed page query (common/schemas/page-query) → what a repository takes; a bad cursor is a 400. */
export function pageRequest(query: { limit?: number; cursor?: string }, defaultLimit: number): PageRequest {
  const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor);
  if (query.cursor !== undefined && !cursor) throw invalid(CURSOR_MESSAGE);
  return { limit: query.limit ?? defaultLimit, cursor };
}

/**
 * Lists kept in a save order rather than by time (revisions: several saves can share a
 * millisecond, and an autosave rewrites its revision's time): the same query contract, an opaque
 * cursor holding the last row's sequence number.
 */
export interface SeqPageRequest {
  limit: number;
  afterSeq: number | null;
}

export const encodeSeqCursor = (seq: number): string => Buffer.from(`seq|${seq}`).toString("base64url");

export function decodeSeqCursor(raw: string): number | null {
  if (raw.length > 200 || !/^[A-Za-z0-9_-]+$/.test(raw)) return null;
  const match = /^seq\|([1-9]\d{0,14})$/.exec(Buffer.from(raw, "base64url").toString("utf8"));
  return match ? Number(match[1]) : null;
}

/** A parsed page query (common/schemas/page-query) of a save-ordered list; a bad cursor is a 400. */
export function seqPageRequest(
  query: { limit?: number; cursor?: string },
  defaultLimit: number,
): SeqPageRequest {
  const afterSeq = query.cursor === undefined ? null : decodeSeqCursor(query.cursor);
  if (query.cursor !== undefined && afterSeq === null) throw invalid(CURSOR_MESSAGE);
  return { limit: query.limit ?? defaultLimit, afterSeq };
}

/** Rows strictly after the cursor in (instant desc, id desc) order. */
export const after = (at: AnyColumn, id: AnyColumn, cursor: Cursor | null): SQL | undefined =>
  cursor ? sql`(${at}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined;

/**
 * Newest first, in the order of the `(…, at desc, id desc)` indexes. Drizzle's `.desc()` index is
 * DESC NULLS LAST while a bare DESC sorts nulls first: PostgreSQL then cannot read the index in
 * order and sorts every row, NOT NULL columns included. Both sides say NULLS LAST.
 */
export const newestFirst = (at: AnyColumn, id: AnyColumn): SQL[] => [
  sql`${at} desc nulls last`,
  sql`${id} desc nulls last`,
];

/** Oldest first: the same indexes read backwards (ASC NULLS FIRST is DESC NULLS LAST reversed). */
export const oldestFirst = (at: AnyColumn, id: AnyColumn): SQL[] => [
  sql`${at} asc nulls first`,
  sql`${id} asc nulls first`,
];

/**
 * Fetch `limit + 1` rows (each with `cursorAt: exactInstant(…)`) and hand them here: the page's
 * rows and the cursor after its last one (null on the last page).
 */
export function splitPage<Row extends { cursorAt: string }>(
  rows: Row[],
  limit: number,
  idOf: (row: Row) => string,
): { rows: Row[]; nextCursor: string | null } {
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  return {
    rows: kept,
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.cursorAt, id: idOf(last) }) : null,
  };
}

/** The page shape of a list whose rows carry their own `id`. */
export function toPage<Row extends { cursorAt: string; id: string }, T>(
  rows: Row[],
  limit: number,
  present: (row: Row) => T,
): Page<T> {
  const page = splitPage(rows, limit, (row) => row.id);
  return { items: page.rows.map(present), nextCursor: page.nextCursor };
}

/**
 * Lists ordered by relevance (search): best first, then newest, then by id. The cursor holds the
 * last row's rank exactly as PostgreSQL printed it (`real`'s text is exact), its instant and id.
 */
export interface RankCursor extends Cursor {
  rank: string;
}

export interface RankPageRequest {
  limit: number;
  cursor: RankCursor | null;
}

const RANK_TEXT = /^\d{1,6}(\.\d{1,12})?(e[-+]\d{1,2})?$/;

export const encodeRankCursor = (cursor: RankCursor): string =>
  Buffer.from(`rank|${cursor.rank}|${encodeCursor(cursor)}`).toString("base64url");

export function decodeRankCursor(raw: string): RankCursor | null {
  if (raw.length > 200 || !/^[A-Za-z0-9_-]+$/.test(raw)) return null;
  const [tag, rank, inner, ...rest] = Buffer.from(raw, "base64url").toString("utf8").split("|");
  if (tag !== "rank" || rest.length > 0 || !rank || !RANK_TEXT.test(rank) || !inner) return null;
  const cursor = decodeCursor(inner);
  return cursor ? { ...cursor, rank } : null;
}

/** A parsed page query of a ranked list; a bad cursor is a 400. */
export function rankPageRequest(
  query: { limit?: number; cursor?: string },
  defaultLimit: number,
): RankPageRequest {
  const cursor = query.cursor === undefined ? null : decodeRankCursor(query.cursor);
  if (query.cursor !== undefined && !cursor) throw invalid(CURSOR_MESSAGE);
  return { limit: query.limit ?? defaultLimit, cursor };
}

/** Rows strictly after the cursor in (rank desc, instant desc, id desc) order. */
export const afterRank = (
  rank: SQLWrapper,
  at: SQLWrapper,
  id: SQLWrapper,
  cursor: RankCursor | null,
): SQL | undefined =>
  cursor
    ? sql`(${rank}, ${at}, ${id}) < (${cursor.rank}::real, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : undefined;

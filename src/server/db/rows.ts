/**
 * The rows of a raw `db.execute(sql…)`, whichever driver answered: node-postgres and PGlite give
 * `{ rows }`, a driver may give the array itself. Column names are the database's (snake_case),
 * values as the driver decoded them (a bigint or a timestamp may arrive as a string).
 */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] } | null)?.rows ?? []) as T[];
}

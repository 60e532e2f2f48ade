import { createHash } from "node:crypto";
import { newToken } from "../secret";
import type { ArchiveRow, ArchiveTable } from "./tables";

/**
 * What an archive may not grant (docs/decisions/0025-archive-trust.md). An archive is data from
 * outside: its accounts, verification state, password hashes, tokens and authorship never give
 * anyone a sign-in, a role or a link the running blog did not give.
 *  - Accounts arrive unverified and without credentials; only the operator's `--with-secrets`
 *    keeps password hashes and verification, and only for accounts this import creates.
 *  - An account that exists here is never changed; rows follow it only when the operator imports,
 *    or when it is the importing author's own account (the studio's button).
 *  - Every row pointing at an account points at an account of the archive (never at a local id).
 *  - Followers arrive unconfirmed unless the operator keeps their confirmation.
 *  - Secret link tokens never travel: export leaves them out, import makes new ones.
 *  - The studio's button (`scope`) takes only the importing author's blog.
 */
export interface TrustOptions {
  /** The studio's Import button: only this author's blog; rows follow only this account. */
  scope?: { author: "him" | "her"; email: string };
  /** Operator only (`npm run import -- --with-secrets`): keep password hashes and verification. */
  withSecrets?: boolean;
  /** Operator only (`--keep-followers-confirmed`): followers keep their confirmation. */
  keepFollowersConfirmed?: boolean;
  /** Both authors' addresses here: in the studio, an archive never creates the other's account. */
  authorEmails?: { him: string; her: string };
}

/**
 * Columns holding the secret of a link (follow confirm/unsubscribe, stop-emails) or its hash (the
 * mailbox proof's pending link): never archived.
 */
export const isTokenColumn = (column: string) => /(^|_)token(_hash)?$/.test(column);

/** The raw archived row with a fresh token in each token column (whatever the archive held). */
export function withFreshTokens(t: ArchiveTable, raw: unknown): unknown {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return raw;
  const out: Record<string, unknown> = { ...raw };
  for (const [key, column] of t.columns)
    if (isTokenColumn(column.name)) out[key] = column.name.endsWith("_hash") ? null : newToken();
  return out;
}

/** The field of a table that says which blog ('him' or 'her') a row belongs to. */
export function authorField(t: ArchiveTable): string | null {
  for (const [key, column] of t.columns) {
    const values = (column as { enumValues?: readonly string[] }).enumValues;
    if (values?.includes("him") && values.includes("her")) return key;
  }
  return null;
}

/**
 * Two takes' pairs (docs/decisions/0046-two-takes.md) belong to both blogs: their author field
 * names who proposed, not whose they are, and a pair row holds no take's text (the topic and the
 * prompt are shared). An author's archive carries the pairs of their takes and proposals; each
 * author's ready time is a fact of their take, so only the author's own travels and lands, and a
 * proposal still open in the partner's name does not land from an author's import.
 */
export const PAIRS_TABLE = "post_pairs";
const READY_FIELD = { him: "himReadyAt", her: "herReadyAt" } as const;
export const withoutPartnerReady = (row: ArchiveRow, author: "him" | "her"): ArchiveRow => ({
  ...row,
  [READY_FIELD[author === "him" ? "her" : "him"]]: null,
});

/** In the studio, a table travels when it belongs to a blog: an author field, or a link to such a row. */
const partOfABlog = (t: ArchiveTable) =>
  authorField(t) !== null || [...t.references.values()].some((r) => r.table !== "user" && r.table !== t.name);

export const keyOf = (t: ArchiveTable, row: ArchiveRow) =>
  `${t.name}\u0000${t.primaryKey.map((k) => String(row[k])).join("\u0000")}`;

/** Where an archive's account lands here. */
export type UserPlan = Map<string, { id: string; email: string; existing: boolean; placeholder: boolean }>;

/** A stand-in account for an archive account the studio may not attach to a local one. */
export function placeholderFor(archiveId: string): { id: string; email: string } {
  const id = `imported-${createHash("sha256").update(archiveId).digest("hex").slice(0, 20)}`;
  return { id, email: `${id}@imported.invalid` };
}

/**
 * Decides, row by row and in archive order (referenced rows first), which rows are taken and
 * with which values. Both passes of an import use one, so the check sees what the write will do.
 */
export class Admission {
  private readonly skippedKeys = new Set<string>();
  readonly skipped = new Map<string, number>();

  constructor(
    private readonly options: TrustOptions,
    private readonly tables: Map<string, ArchiveTable>,
    /** Known after the check pass; the check pass itself runs without it. */
    private readonly users: UserPlan | null = null,
    /** Accounts rows of the studio's import need (others are not created). */
    private readonly neededUsers: Set<string> | null = null,
  ) {}

  /** Whether a row of `table` with these primary-key values was left out. */
  isSkipped(table: string, values: ArchiveRow): boolean {
    const t = this.tables.get(table);
    return !!t && this.skippedKeys.has(keyOf(t, values));
  }

  private skip(t: ArchiveTable, values: ArchiveRow): null {
    this.skippedKeys.add(keyOf(t, values));
    this.skipped.set(t.name, (this.skipped.get(t.name) ?? 0) + 1);
    return null;
  }

  /** The values to insert, or null when the row is left out. `addedUsers`: user ids this import created. */
  admit(t: ArchiveTable, row: ArchiveRow, addedUsers?: Set<string>): ArchiveRow | null {
    const { scope } = this.options;
    const values = { ...row };
    if (t.name === "user") return this.admitUser(t, values);
    if (t.name === "account") {
      // Credentials only by the operator's choice, and only for an account this import created.
      const target = this.users?.get(String(values.userId));
      if (!this.options.withSecrets || !target || target.existing || target.placeholder)
        return this.skip(t, values);
      if (addedUsers && !addedUsers.has(target.id)) return this.skip(t, values);
    }
    if (scope) {
      if (!partOfABlog(t)) return this.skip(t, values);
      const field = authorField(t);
      if (t.name === PAIRS_TABLE) {
        // A proposal in the partner's name is the partner's to make: an archive cannot.
        if (values[field!] !== scope.author && values.state === "proposed") return this.skip(t, values);
        Object.assign(values, withoutPartnerReady(values, scope.author));
      } else if (field && values[field] !== scope.author) return this.skip(t, values);
    }
    for (const [field, ref] of t.references) {
      const value = values[field];
      if (value === null || value === undefined) continue;
      const target = this.tables.get(ref.table);
      if (target && ref.table !== "user" && this.skippedKeys.has(`${ref.table}\u0000${String(value)}`))
        return this.skip(t, values);
      if (ref.table === "user" && this.users) {
        const mapped = this.users.get(String(value));
        if (!mapped) return this.skip(t, values);
        values[field] = mapped.id;
      }
    }
    if (t.name === "followers" && !this.options.keepFollowersConfirmed) values.confirmedAt = null;
    // A reader's proven notification mailbox (decision 0024) is verification state: proven again here.
    if (t.name === "notification_settings")
      Object.assign(values, {
        verifiedEmail: null,
        verifyTokenHash: null,
        verifyEmail: null,
        verifySentAt: null,
      });
    return values;
  }

  private admitUser(t: ArchiveTable, values: ArchiveRow): ArchiveRow | null {
    const id = String(values.id);
    if (this.neededUsers && !this.neededUsers.has(id)) return this.skip(t, values);
    if (!this.options.withSecrets) values.emailVerified = false;
    const plan = this.users?.get(id);
    if (!plan) return values;
    // An account that exists here is never changed: no credentials, no verification, no new name.
    if (plan.existing) return null;
    if (plan.placeholder) return { ...values, id: plan.id, email: plan.email, emailVerified: false };
    return values;
  }
}

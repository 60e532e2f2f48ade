import { eq } from "drizzle-orm";
import type { AuthorKey } from "../../../common/limits";
import type { AppContext } from "../../context";
import { blueskyAccounts } from "../../db/schema";
import { atUri, newTid, PUBLICATION } from "./at-uri";
import { HandleNotFound, resolveAccount } from "./identity";
import { XrpcError, XrpcUnreachable, xrpc } from "./xrpc";

export type AccountRow = typeof blueskyAccounts.$inferSelect;

interface Session {
  did?: unknown;
  handle?: unknown;
  accessJwt?: unknown;
  refreshJwt?: unknown;
}
interface Tokens {
  accessJwt: string;
  refreshJwt: string;
}

/** Why a connection was refused, each a clear 4xx for the Audience page. */
export type ConnectRefusal = "handle" | "password" | "unreachable" | "connected";

export class ConnectRefused extends Error {
  constructor(
    readonly reason: ConnectRefusal,
    message: string,
  ) {
    super(message);
  }
}

export const guardOf = (ctx: AppContext) => ({ allowPrivate: ctx.config.fediverseAllowPrivate });

const tokensOf = (session: Session): Tokens | null =>
  typeof session.accessJwt === "string" && typeof session.refreshJwt === "string"
    ? { accessJwt: session.accessJwt, refreshJwt: session.refreshJwt }
    : null;

/**
 * Connect an author's account: resolve the handle to its PDS, sign in there with the app password
 * (com.atproto.server.createSession), and only then store the account, its sealed app password
 * and session in one insert. Nothing is kept from a refused try.
 */
export async function connectAccount(
  ctx: AppContext,
  author: AuthorKey,
  input: { handle: string; appPassword: string },
): Promise<AccountRow> {
  const guard = guardOf(ctx);
  let account: Awaited<ReturnType<typeof resolveAccount>>;
  try {
    account = await resolveAccount(ctx.config, guard, input.handle);
  } catch (error) {
    if (error instanceof HandleNotFound) throw new ConnectRefused("handle", error.message);
    if (error instanceof XrpcUnreachable || error instanceof XrpcError)
      throw new ConnectRefused("unreachable", error.message);
    throw error;
  }
  let session: Session;
  try {
    session = await xrpc<Session>(guard, account.pdsUrl, "com.atproto.server.createSession", {
      json: { identifier: account.did, password: input.appPassword },
    });
  } catch (error) {
    if (error instanceof XrpcError && error.status < 500) throw new ConnectRefused("password", error.message);
    if (error instanceof XrpcUnreachable || error instanceof XrpcError)
      throw new ConnectRefused("unreachable", error.message);
    throw error;
  }
  const tokens = tokensOf(session);
  if (!tokens || session.did !== account.did)
    throw new ConnectRefused("unreachable", "the PDS answered another account");
  const [row] = await ctx.db
    .insert(blueskyAccounts)
    .values({
      author,
      did: account.did,
      handle: account.handle,
      pdsUrl: account.pdsUrl,
      appPassword: ctx.sealer.seal(input.appPassword),
      session: ctx.sealer.seal(JSON.stringify(tokens)),
      connectedAt: ctx.now(),
      publicationRkey: newTid(ctx.now()),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    // Connected meanwhile (another tab): this new session is let go, the first one stays.
    await endSession(ctx, account.pdsUrl, tokens.refreshJwt);
    throw new ConnectRefused("connected", "already connected");
  }
  return row;
}

/** Forget the author's account; its session is ended at its PDS first (best effort). True when there was one. */
export async function disconnectAccount(ctx: AppContext, author: AuthorKey): Promise<boolean> {
  const [row] = await ctx.db.delete(blueskyAccounts).where(eq(blueskyAccounts.author, author)).returning();
  if (!row) return false;
  const tokens = tokensOf(JSON.parse(ctx.sealer.open(row.session) ?? "{}") as Session);
  if (tokens) await endSession(ctx, row.pdsUrl, tokens.refreshJwt);
  return true;
}

async function endSession(ctx: AppContext, pdsUrl: string, refreshJwt: string): Promise<void> {
  await xrpc(guardOf(ctx), pdsUrl, "com.atproto.server.deleteSession", {
    post: true,
    token: refreshJwt,
  }).catch(() => {});
}

export async function accountOf(ctx: AppContext, author: AuthorKey): Promise<AccountRow | null> {
  const [row] = await ctx.db.select().from(blueskyAccounts).where(eq(blueskyAccounts.author, author));
  return row ?? null;
}

/** The publication record's AT-URI (`site.standard.publication`, one per blog). */
export const publicationUri = (row: AccountRow) => atUri(row.did, PUBLICATION, row.publicationRkey);

/**
 * Run calls with the account's session: an expired access token is refreshed
 * (com.atproto.server.refreshSession), a lapsed refresh token is replaced by signing in again with
 * the app password. A new session is sealed and stored. A refused app password is an XrpcError.
 */
export async function withSession<T>(
  ctx: AppContext,
  row: AccountRow,
  run: (accessJwt: string) => Promise<T>,
): Promise<T> {
  const guard = guardOf(ctx);
  const stored = tokensOf(JSON.parse(ctx.sealer.open(row.session) ?? "{}") as Session);
  const expired = (error: unknown) =>
    error instanceof XrpcError &&
    (error.status === 401 || error.error === "ExpiredToken" || error.error === "InvalidToken");
  if (stored) {
    try {
      return await run(stored.accessJwt);
    } catch (error) {
      if (!expired(error)) throw error;
    }
  }
  let fresh: Tokens | null = null;
  if (stored)
    fresh = await xrpc<Session>(guard, row.pdsUrl, "com.atproto.server.refreshSession", {
      post: true,
      token: stored.refreshJwt,
    })
      .then(tokensOf)
      .catch(() => null);
  if (!fresh) {
    const password = ctx.sealer.open(row.appPassword);
    if (password === null)
      throw new XrpcError(401, "AuthenticationRequired", "the stored app password cannot be opened");
    fresh = tokensOf(
      await xrpc<Session>(guard, row.pdsUrl, "com.atproto.server.createSession", {
        json: { identifier: row.did, password },
      }),
    );
    if (!fresh) throw new XrpcError(401, "AuthenticationRequired", "the PDS answered no session");
  }
  await ctx.db
    .update(blueskyAccounts)
    .set({ session: ctx.sealer.seal(JSON.stringify(fresh)) })
    .where(eq(blueskyAccounts.author, row.author));
  return run(fresh.accessJwt);
}

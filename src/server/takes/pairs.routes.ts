import type { FastifyInstance, FastifyRequest } from "fastify";
import { pairAccept, pairDecline, pairPropose, pairReady, pairsList, pairUnready } from "../../common/api";
import { SCHEDULE_MAX_AHEAD_DAYS } from "../../common/limits";
import { canAnswerPair } from "../../common/policies";
import { authorCaller, route } from "../api/route";
import type { AppContext } from "../context";
import { conflict, forbidden, invalid, notFound } from "../errors";
import { toPostPair } from "./pair.presenter";
import { answerPair, findPair, insertPair, listPairs, setReady, takesOf } from "./pairs.repository";

export const PAIR_MESSAGES = {
  notFound: "Two-takes post not found",
  revealAtInPast: "The reveal date must be in the future.",
  revealAtTooFar: "The reveal date must be within five years.",
  ownProposal: "Only your partner can answer this proposal.",
  answered: "This proposal has already been answered.",
  notWriting: "Takes can be made ready or not once the proposal is accepted, and until the reveal.",
  noTake: "Write your take first.",
} as const;

/** Two takes (docs/decisions/0046-two-takes.md): propose, and the partner accepts or declines. */
export async function registerPairsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, pairsList, {}, async (request) => {
    const me = authorCaller(request).authorKey;
    const rows = await listPairs(ctx.db);
    const takes = await takesOf(
      ctx.db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toPostPair(row, me, takes, ctx.now()));
  });

  route(app, pairPropose, {}, async (request, reply) => {
    const me = authorCaller(request).authorKey;
    const { topic, prompt, revealAt } = request.body;
    const now = ctx.now();
    const at = revealAt === null ? null : new Date(revealAt);
    if (at && at.getTime() <= now.getTime()) throw invalid(PAIR_MESSAGES.revealAtInPast);
    if (at && at.getTime() - now.getTime() > SCHEDULE_MAX_AHEAD_DAYS * 86_400_000)
      throw invalid(PAIR_MESSAGES.revealAtTooFar);
    const row = await ctx.events.transaction(async (tx, record) => {
      const pair = await insertPair(tx, { topic, prompt, revealAt: at, proposedBy: me }, now);
      await record("pairChanged", { pairId: pair.id });
      await record("pairProposed", { pairId: pair.id });
      return pair;
    });
    return reply.status(201).send(toPostPair(row, me, [], ctx.now()));
  });

  const answer = async (
    request: FastifyRequest<{ Params: { id: string } }>,
    state: "accepted" | "declined",
  ) => {
    const viewer = authorCaller(request);
    const { id } = request.params;
    const row = await ctx.events.transaction(async (tx, record) => {
      const done = await answerPair(tx, id, viewer.authorKey, state, ctx.now());
      if (done) await record("pairChanged", { pairId: id });
      return done;
    });
    if (row) return toPostPair(row, viewer.authorKey, await takesOf(ctx.db, [id]), ctx.now());
    // Why it did not pass, in the order a person would ask.
    const pair = await findPair(ctx.db, id);
    if (!pair) throw notFound("pair", PAIR_MESSAGES.notFound);
    if (!canAnswerPair(viewer, pair)) throw forbidden(PAIR_MESSAGES.ownProposal);
    throw conflict(PAIR_MESSAGES.answered);
  };
  route(app, pairAccept, {}, (request) => answer(request, "accepted"));
  route(app, pairDecline, {}, (request) => answer(request, "declined"));

  const ready = async (request: FastifyRequest<{ Params: { id: string } }>, yes: boolean) => {
    const me = authorCaller(request).authorKey;
    const { id } = request.params;
    const row = await ctx.events.transaction(async (tx, record) => {
      const done = await setReady(tx, id, me, yes ? ctx.now() : null);
      if (done) await record("pairChanged", { pairId: id });
      return done;
    });
    const takes = await takesOf(ctx.db, [id]);
    if (row) {
      // Both ready: the publishing claim reveals them, once, whichever process gets there first.
      if (yes) await ctx.publishing.kick();
      return toPostPair((await findPair(ctx.db, id)) ?? row, me, takes, ctx.now());
    }
    const pair = await findPair(ctx.db, id);
    if (!pair) throw notFound("pair", PAIR_MESSAGES.notFound);
    if (pair.state !== "accepted") throw conflict(PAIR_MESSAGES.notWriting);
    throw conflict(PAIR_MESSAGES.noTake);
  };
  route(app, pairReady, {}, (request) => ready(request, true));
  route(app, pairUnready, {}, (request) => ready(request, false));
}

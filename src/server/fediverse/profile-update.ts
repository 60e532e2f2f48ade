import { Update } from "@fedify/vocab";
import type { AuthorKey } from "../../common/limits";
import type { AppContext } from "../context";
import { personOf } from "./actor-document";
import { actorPath, followerCount } from "./actors";
import { instant } from "./articles";
import type { DuetFederation } from "./federation-type";

/**
 * The actor changed (its handle, or whether it approves followers): `Update(Person)` to every
 * follower's (shared) inbox through the queue, so their servers show the new handle. Returns at once.
 */
export async function sendProfileUpdate(
  ctx: AppContext,
  federation: DuetFederation,
  author: AuthorKey,
): Promise<void> {
  if ((await followerCount(ctx.db, author)) === 0) return;
  const actorUrl = `${ctx.config.publicUrl}${actorPath(author)}`;
  const fctx = federation.createContext(new Request(actorUrl), ctx);
  const person = await personOf(fctx, author);
  const actorUri = fctx.getActorUri(author);
  await fctx.sendActivity(
    { identifier: author },
    "followers",
    new Update({
      id: new URL(`${actorUri.href}#updates/${ctx.now().getTime()}`),
      actor: actorUri,
      object: person,
      updated: instant(ctx.now()),
    }),
    { preferSharedInbox: true },
  );
}

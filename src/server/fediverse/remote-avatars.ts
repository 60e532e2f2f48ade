import type { Context } from "@fedify/fedify";
import { type Actor, type Create, Image, type Note } from "@fedify/vocab";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { fediverseReplies } from "../db/schema";
import { copyRemoteAvatar } from "./avatar-copy";

/** The address of an actor's icon as it names it (an Image's url, or a bare link). */
async function iconUrlOf(fctx: Context<AppContext>, actor: Actor): Promise<string | null> {
  const icon = await actor.getIcon(fctx).catch(() => null);
  if (!(icon instanceof Image)) return null;
  const url = icon.url;
  if (url instanceof URL) return url.href;
  return url?.href?.href ?? null;
}

/** A social-web actor's avatar, kept as {@link copyRemoteAvatar} keeps any remote person's. */
export async function rememberAvatar(fctx: Context<AppContext>, actor: Actor | null): Promise<void> {
  if (!actor?.id) return;
  const source = await iconUrlOf(fctx, actor).catch(() => null);
  await copyRemoteAvatar(fctx.data, actor.id.href, source);
}

/** A reply that became a comment: its writer's avatar is kept for the post page. */
export async function rememberReplier(fctx: Context<AppContext>, create: Create, note: Note): Promise<void> {
  if (!note.id) return;
  const [reply] = await fctx.data.db
    .select({ id: fediverseReplies.objectId })
    .from(fediverseReplies)
    .where(eq(fediverseReplies.objectId, note.id.href));
  if (reply) await rememberAvatar(fctx, await create.getActor(fctx).catch(() => null));
}

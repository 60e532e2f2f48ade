import "./node-runtime";
import { exportJwk, generateCryptoKeyPair, importJwk } from "@fedify/fedify";
import { eq } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import type { Db } from "../db/client";
import { fediverseActors } from "../db/schema";
import { actorSettings, OLD_HANDLES_MAX, saveActorSettings } from "./actor-settings";
import { type ActorRow, authorForHandle, followerCount } from "./actors";

// The parts of an actor that need Fedify's key functions (the social web's lazily loaded half).

/** The author's actor, created with its default handle and its keys on first use (once). */
export async function ensureActor(db: Db, author: AuthorKey): Promise<ActorRow> {
  const [row] = await db.select().from(fediverseActors).where(eq(fediverseActors.author, author));
  if (row && row.keys.length > 0) return row;
  const keys = [];
  for (const algorithm of ["RSASSA-PKCS1-v1_5", "Ed25519"] as const) {
    const pair = await generateCryptoKeyPair(algorithm);
    keys.push({ privateKey: await exportJwk(pair.privateKey), publicKey: await exportJwk(pair.publicKey) });
  }
  // Two processes may race on first use: the first insert wins and both use its keys.
  await db.insert(fediverseActors).values({ author, handle: author, keys }).onConflictDoNothing();
  const [stored] = await db.select().from(fediverseActors).where(eq(fediverseActors.author, author));
  if (stored && stored.keys.length === 0) {
    await db.update(fediverseActors).set({ keys }).where(eq(fediverseActors.author, author));
    return { ...stored, keys };
  }
  return stored!;
}

export async function actorKeyPairs(db: Db, author: AuthorKey): Promise<CryptoKeyPair[]> {
  const row = await ensureActor(db, author);
  return Promise.all(
    row.keys.map(async (k) => ({
      privateKey: await importJwk(k.privateKey, "private"),
      publicKey: await importJwk(k.publicKey, "public"),
    })),
  );
}

export type HandleChange = "ok" | "unchanged" | "taken";

/**
 * A handle may change at any time. Once someone follows, the old handle stays as an alias (it
 * keeps answering WebFinger for the same actor, whose id never changes), and the caller sends
 * `Update(Person)` so followers' servers show the new one (docs/fediverse.md: why not Move).
 */
export async function changeHandle(db: Db, author: AuthorKey, handle: string): Promise<HandleChange> {
  const actor = await ensureActor(db, author);
  if (actor.handle === handle) return "unchanged";
  const owner = await authorForHandle(db, handle);
  if (owner && owner !== author) return "taken";
  const settings = await actorSettings(db, author);
  const followed = (await followerCount(db, author)) > 0;
  const kept = settings.oldHandles.filter((h) => h !== handle);
  // Nobody could have learnt the old handle from a follow: it is simply let go.
  const oldHandles = followed ? [...kept, actor.handle].slice(-OLD_HANDLES_MAX) : kept;
  await db.transaction(async (tx) => {
    await tx.update(fediverseActors).set({ handle }).where(eq(fediverseActors.author, author));
    await saveActorSettings(tx, author, { oldHandles });
  });
  return "ok";
}

import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailRate } from "../db/schema";

/**
 * MAIL_QUEUE_PER_MINUTE shared by every process on one database (docs/decisions/0031-audience.md).
 * The mail_rate row holds the next free send slot; taking a slot moves it on by 60 s / perMinute
 * in one UPDATE, so two processes never get the same slot, and the sender waits for its own.
 * The database's clock is used, so processes on machines with skewed clocks still agree.
 */
export async function takeSendSlot(db: Db, name: string, perMinute: number): Promise<number> {
  const spacingMs = 60_000 / perMinute;
  const step = sql`(${spacingMs}::double precision * interval '1 millisecond')`;
  const [row] = await db
    .insert(mailRate)
    .values({ name, nextSlotAt: sql`clock_timestamp() + ${step}` })
    .onConflictDoUpdate({
      target: mailRate.name,
      set: { nextSlotAt: sql`greatest(${mailRate.nextSlotAt}, clock_timestamp()) + ${step}` },
    })
    .returning({
      waitMs:
        sql<number>`extract(epoch from (${mailRate.nextSlotAt} - clock_timestamp())) * 1000 - ${spacingMs}::double precision`.mapWith(
          Number,
        ),
    });
  return Math.max(0, row?.waitMs ?? 0);
}

/** A pacer for the delivery worker: waits for this process's next shared slot. */
export function sharedPace(
  db: Db,
  name: string,
  perMinute: number,
  sleep: (ms: number) => Promise<void>,
): () => Promise<void> {
  return async () => {
    const wait = await takeSendSlot(db, name, perMinute);
    if (wait > 0) await sleep(wait);
  };
}

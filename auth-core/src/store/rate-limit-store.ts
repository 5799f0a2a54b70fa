import { deleteInBatches, type SweepPace } from "./batched-delete.js";
import type { DB } from "./database.js";

/**
 * Counts a hit in a fixed window shared by every process on the database. One upsert: a new
 * window starts when the stored one has ended. Returns the count in the current window and when
 * it ends.
 */
export async function countRateLimitHit(db: DB, key: string, now: Date, windowEndsAt: Date): Promise<{ count: number; windowEndsAt: string }> {
  const nowISO = now.toISOString();
  const row = await db
    .insertInto("rateLimit")
    .values({ key, count: 1, windowEndsAt: windowEndsAt.toISOString() })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => ({
        count: eb
          .case()
          .when("rateLimit.windowEndsAt", "<=", nowISO)
          .then(1)
          .else(eb("rateLimit.count", "+", 1))
          .end(),
        windowEndsAt: eb.case().when("rateLimit.windowEndsAt", "<=", nowISO).then(windowEndsAt.toISOString()).else(eb.ref("rateLimit.windowEndsAt")).end(),
      })),
    )
    .returning(["count", "windowEndsAt"])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowEndsAt: row.windowEndsAt };
}

/**
 * The expiry sweep's share: windows that have ended, in batches (deleteInBatches) through
 * rateLimit_windowEndsAt_idx. A window a hit restarted since the batch was chosen is kept: the
 * DELETE asks again that it has ended.
 */
export async function deleteEndedRateLimitWindows(db: DB, now: Date, pace: SweepPace): Promise<number> {
  const at = now.toISOString();
  return deleteInBatches(pace, async (limit, from) => {
    let ended = db.selectFrom("rateLimit").select("key").where("windowEndsAt", "<=", at);
    if (from !== null) ended = ended.where("windowEndsAt", ">=", from);
    const rows = await db
      .deleteFrom("rateLimit")
      .where("windowEndsAt", "<=", at)
      .where("key", "in", ended.orderBy("windowEndsAt").limit(limit))
      .returning("windowEndsAt")
      .execute();
    return rows.map((row) => row.windowEndsAt);
  });
}

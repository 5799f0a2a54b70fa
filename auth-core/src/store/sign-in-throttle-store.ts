import type { DB } from "./database.js";

export interface ThrottleState {
  failures: number;
  lastFailureAt: string;
}

export async function findThrottleState(db: DB, key: string): Promise<ThrottleState | undefined> {
  const row = await db.selectFrom("signInThrottle").select(["failures", "lastFailureAt"]).where("key", "=", key).executeTakeFirst();
  return row ? { failures: Number(row.failures), lastFailureAt: row.lastFailureAt } : undefined;
}

/** Counts one more consecutive failure, in one upsert (concurrent failures all count). */
export async function countThrottledFailure(db: DB, key: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto("signInThrottle")
    .values({ key, failures: 1, lastFailureAt: at })
    .onConflict((oc) => oc.column("key").doUpdateSet((eb) => ({ failures: eb("signInThrottle.failures", "+", 1), lastFailureAt: at })))
    .execute();
}

export async function clearThrottle(db: DB, key: string): Promise<void> {
  await db.deleteFrom("signInThrottle").where("key", "=", key).execute();
}

/** Rows whose last failure is older than `before`: forgotten by the housekeeping. */
export async function deleteStaleThrottles(db: DB, before: Date): Promise<number> {
  const result = await db.deleteFrom("signInThrottle").where("lastFailureAt", "<", before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

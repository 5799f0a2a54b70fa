import type { DB } from "./database.js";

export interface ThrottleState {
  failures: number;
  lastFailureAt: string;
}

export async function findThrottleState(db: DB, key: string): Promise<ThrottleState | undefined> {
  const row = await db.selectFrom("signInThrottle").select(["failures", "lastFailureAt"]).where("key", "=", key).executeTakeFirst();
  return row ? { failures: Number(row.failures), lastFailureAt: row.lastFailureAt } : undefined;
}

/**
 * When an attempt may go ahead: with fewer than `freeFailures` counted, or below `hardStop` when
 * the last counted attempt is no later than `notAfter` for its count (`otherwise` past the list).
 */
export interface ReservationRule {
  freeFailures: number;
  hardStop: number;
  notAfter: readonly [{ failures: number; at: string }, ...{ failures: number; at: string }[]];
  otherwise: string;
}

/**
 * Reserves one attempt: counts it as a failure before the password is checked, in one
 * conditional upsert that also decides whether it may go ahead. The database applies concurrent
 * upserts of one key one after the other (SQLite's single writer; PostgreSQL's row lock, with the
 * condition checked against the row as the previous upsert left it), so N parallel attempts
 * count as N and no more than the rule allows go ahead, across processes too. False: refused,
 * nothing counted.
 */
export async function reserveAttempt(db: DB, key: string, now: Date, rule: ReservationRule): Promise<boolean> {
  const at = now.toISOString();
  const reserved = await db
    .insertInto("signInThrottle")
    .values({ key, failures: 1, lastFailureAt: at })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet((eb) => ({ failures: eb("signInThrottle.failures", "+", 1), lastFailureAt: at }))
        .where((eb) => {
          const [first, ...rest] = rule.notAfter;
          let waitOver = eb.case().when("signInThrottle.failures", "=", first.failures).then(first.at);
          for (const step of rest) waitOver = waitOver.when("signInThrottle.failures", "=", step.failures).then(step.at);
          return eb.or([
            eb("signInThrottle.failures", "<", rule.freeFailures),
            eb.and([eb("signInThrottle.failures", "<", rule.hardStop), eb("signInThrottle.lastFailureAt", "<=", waitOver.else(rule.otherwise).end())]),
          ]);
        }),
    )
    .returning("failures")
    .executeTakeFirst();
  return reserved !== undefined;
}

export async function clearThrottle(db: DB, key: string): Promise<void> {
  await db.deleteFrom("signInThrottle").where("key", "=", key).execute();
}

/** Rows whose last failure is older than `before`: forgotten by the housekeeping. */
export async function deleteStaleThrottles(db: DB, before: Date): Promise<number> {
  const result = await db.deleteFrom("signInThrottle").where("lastFailureAt", "<", before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

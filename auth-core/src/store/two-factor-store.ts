import type { DB, TwoFactorChallengeRow, TwoFactorRow } from "./database.js";

export async function findTwoFactor(db: DB, userId: string): Promise<TwoFactorRow | undefined> {
  return db.selectFrom("twoFactor").selectAll().where("userId", "=", userId).executeTakeFirst();
}

/** A new secret for the user, unconfirmed; one replaced before its first code goes. */
export async function putUnverifiedTwoFactor(db: DB, row: { id: string; userId: string; secret: string; now: Date }): Promise<void> {
  const at = row.now.toISOString();
  await db.deleteFrom("twoFactor").where("userId", "=", row.userId).execute();
  await db.insertInto("twoFactor").values({ id: row.id, userId: row.userId, secret: row.secret, verified: 0, createdAt: at, updatedAt: at }).execute();
}

/**
 * Takes TOTP step `step` for the user: one conditional UPDATE, so of two requests with the same
 * code (or a later request with an older one) only the first is accepted. False: already used.
 */
export async function claimTOTPStep(db: DB, userId: string, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .updateTable("twoFactor")
    .set({ lastUsedStep: step, updatedAt: now.toISOString() })
    .where("userId", "=", userId)
    .where((eb) => eb.or([eb("lastUsedStep", "is", null), eb("lastUsedStep", "<", step)]))
    .returning("id")
    .execute();
  return rows.length === 1;
}

export async function markTwoFactorVerified(db: DB, userId: string, now: Date): Promise<void> {
  await db.updateTable("twoFactor").set({ verified: 1, updatedAt: now.toISOString() }).where("userId", "=", userId).execute();
}

export async function deleteTwoFactor(db: DB, userId: string): Promise<void> {
  await db.deleteFrom("twoFactor").where("userId", "=", userId).execute();
  await db.deleteFrom("twoFactorBackupCode").where("userId", "=", userId).execute();
  await db.deleteFrom("twoFactorChallenge").where("userId", "=", userId).execute();
}

/**
 * Reserves one code check of a sign-in's second step against the account: counts it as a failure
 * before the code is looked at, in one conditional UPDATE, and refuses (false, nothing counted)
 * while the account is locked. The check that brings the count to `lockAfter` starts the lock
 * (until `lockUntil`) and sets the count back to 0, for the next round after the lock. The
 * database applies concurrent updates of the row one after the other (SQLite's single writer;
 * PostgreSQL's row lock, with the condition checked again against the row the previous update
 * left), so however many steps run at once, no more than `lockAfter` codes are looked at before
 * the lock. A right code clears the count and the lock (clearTwoFactorFailures).
 */
export async function reserveTwoFactorCheck(db: DB, userId: string, now: Date, lockAfter: number, lockUntil: Date): Promise<boolean> {
  const reserved = await db
    .updateTable("twoFactor")
    .set((eb) => {
      const reachesLimit = eb(eb("failedAttempts", "+", 1), ">=", lockAfter);
      return {
        failedAttempts: eb
          .case()
          .when(reachesLimit)
          .then(0)
          .else(eb("failedAttempts", "+", 1))
          .end(),
        lockedUntil: eb.case().when(reachesLimit).then(lockUntil.toISOString()).else(eb.ref("lockedUntil")).end(),
      };
    })
    .where("userId", "=", userId)
    .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<=", now.toISOString())]))
    .returning("id")
    .executeTakeFirst();
  return reserved !== undefined;
}

/**
 * A passed second step: the failure count and lock go; with `releaseMailedCodes` (the app or a
 * backup code passed it) mailed codes held back by a reset count again.
 */
export async function clearTwoFactorFailures(db: DB, userId: string, options: { releaseMailedCodes: boolean }): Promise<void> {
  await db
    .updateTable("twoFactor")
    .set({ failedAttempts: 0, lockedUntil: null, ...(options.releaseMailedCodes ? { mailedCodesHeld: 0 } : {}) })
    .where("userId", "=", userId)
    .execute();
}

/** A completed password reset: mailed codes are no second step until the app or a backup code passes one. */
export async function holdMailedCodes(db: DB, userId: string, now: Date): Promise<void> {
  await db.updateTable("twoFactor").set({ mailedCodesHeld: 1, updatedAt: now.toISOString() }).where("userId", "=", userId).execute();
}

/** Replaces the user's backup codes with these hashes. */
export async function replaceBackupCodes(db: DB, userId: string, rows: Array<{ id: string; codeHash: string }>, now: Date): Promise<void> {
  await db.deleteFrom("twoFactorBackupCode").where("userId", "=", userId).execute();
  if (rows.length === 0) return;
  const at = now.toISOString();
  await db
    .insertInto("twoFactorBackupCode")
    .values(rows.map((row) => ({ ...row, userId, createdAt: at })))
    .execute();
}

/** Uses a backup code: one `delete … returning` per form of it, so a code is taken at most once. */
export async function consumeBackupCode(db: DB, userId: string, codeHashes: readonly string[]): Promise<boolean> {
  // The forms of one typed code (two-factor/backup-codes.ts): at most one of them is ever stored.
  for (const codeHash of codeHashes) {
    const rows = await db.deleteFrom("twoFactorBackupCode").where("userId", "=", userId).where("codeHash", "=", codeHash).returning("id").execute();
    if (rows.length === 1) return true;
  }
  return false;
}

export async function insertChallenge(
  db: DB,
  row: { id: string; userId: string; rememberMe: boolean; signInMethod: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db
    .insertInto("twoFactorChallenge")
    .values({
      id: row.id,
      userId: row.userId,
      rememberMe: row.rememberMe ? 1 : 0,
      signInMethod: row.signInMethod,
      attempts: 0,
      expiresAt: row.expiresAt.toISOString(),
      createdAt: row.now.toISOString(),
    })
    .execute();
}

export async function findLiveChallenge(db: DB, id: string, now: Date): Promise<TwoFactorChallengeRow | undefined> {
  return db.selectFrom("twoFactorChallenge").selectAll().where("id", "=", id).where("expiresAt", ">", now.toISOString()).executeTakeFirst();
}

/**
 * Counts one attempt at the pending step, in one statement: `attempts + 1` only while it is
 * below `max` and the step is alive. Requests that race each other are all counted, and no more
 * than `max` of them ever get a row back (and so have their code looked at).
 */
export async function countChallengeAttempt(db: DB, id: string, max: number, now: Date): Promise<TwoFactorChallengeRow | undefined> {
  return db
    .updateTable("twoFactorChallenge")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .where("attempts", "<", max)
    .where("expiresAt", ">", now.toISOString())
    .returningAll()
    .executeTakeFirst();
}

/** Ends the pending step; true for the one request that ended it (the winner signs in). */
export async function deleteChallenge(db: DB, id: string): Promise<boolean> {
  const rows = await db.deleteFrom("twoFactorChallenge").where("id", "=", id).returning("id").execute();
  return rows.length === 1;
}

/**
 * Puts a newly mailed code on the pending step, counting the send in the same statement: false
 * (nothing changed) once `maxSends` codes were mailed for this step.
 */
export async function setChallengeCode(db: DB, id: string, code: { otpHash: string; otpExpiresAt: Date; maxSends: number }): Promise<boolean> {
  const row = await db
    .updateTable("twoFactorChallenge")
    .set((eb) => ({ otpHash: code.otpHash, otpExpiresAt: code.otpExpiresAt.toISOString(), otpSends: eb("otpSends", "+", 1) }))
    .where("id", "=", id)
    .where("otpSends", "<", code.maxSends)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteExpiredChallenges(db: DB, now: Date): Promise<number> {
  const result = await db.deleteFrom("twoFactorChallenge").where("expiresAt", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

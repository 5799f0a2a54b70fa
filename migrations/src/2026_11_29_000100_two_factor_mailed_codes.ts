import type { Kysely } from "kysely";

/**
 * The second step holds on every way in: a completed password reset holds back the mailed code
 * (the reset's mailbox alone must not pass both steps) until the person next passes the step with
 * their app or a backup code; a pending step counts the codes it mailed (at most 3) and remembers
 * the way in that began it (a password, a provider, a passkey, an email link), for the sign-in's
 * audit row when the step is passed. Frozen in time: never import application code here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("twoFactor")
    .addColumn("mailedCodesHeld", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("twoFactorChallenge")
    .addColumn("otpSends", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("twoFactorChallenge").addColumn("signInMethod", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("twoFactorChallenge").dropColumn("signInMethod").execute();
  await db.schema.alterTable("twoFactorChallenge").dropColumn("otpSends").execute();
  await db.schema.alterTable("twoFactor").dropColumn("mailedCodesHeld").execute();
}

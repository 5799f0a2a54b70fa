import type { Kysely } from "kysely";

/**
 * Two-factor authentication: the person's TOTP secret (encrypted under the auth
 * secret), their single-use backup codes (keyed hashes, one row each), the pending second step
 * of a password sign-in (a counter bumped in one statement per attempt), the flag on the user
 * and an organization's rule that its password members use it. Frozen in time: never import
 * application code here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("user")
    .addColumn("twoFactorEnabled", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("organization")
    .addColumn("requireTwoFactor", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("twoFactor")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull().unique().references("user.id").onDelete("cascade"))
    .addColumn("secret", "text", (c) => c.notNull())
    // 0 until the first valid code after enable; 2FA is on only then.
    .addColumn("verified", "integer", (c) => c.notNull().defaultTo(0))
    // The last 30-second step whose code was accepted: a code is never taken twice.
    .addColumn("lastUsedStep", "integer")
    // Consecutive failed second steps across challenges, and the lock they lead to.
    .addColumn("failedAttempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lockedUntil", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("twoFactorBackupCode")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("codeHash", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addUniqueConstraint("twoFactorBackupCode_user_code_uq", ["userId", "codeHash"])
    .execute();

  await db.schema
    .createTable("twoFactorChallenge")
    // SHA-256 of the token the browser's signed cookie holds.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("rememberMe", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    // A code mailed for this step (send-otp): its keyed hash and expiry.
    .addColumn("otpHash", "text")
    .addColumn("otpExpiresAt", "text")
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("twoFactorChallenge_userId_idx").on("twoFactorChallenge").column("userId").execute();
  await db.schema.createIndex("twoFactorChallenge_expiresAt_idx").on("twoFactorChallenge").column("expiresAt").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("twoFactorChallenge").ifExists().execute();
  await db.schema.dropTable("twoFactorBackupCode").ifExists().execute();
  await db.schema.dropTable("twoFactor").ifExists().execute();
  await db.schema.alterTable("organization").dropColumn("requireTwoFactor").execute();
  await db.schema.alterTable("user").dropColumn("twoFactorEnabled").execute();
}

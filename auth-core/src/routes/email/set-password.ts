import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { assertNewPasswordAllowed } from "../../crypto/password-policy.js";
import { generateId, randomBytes } from "../../deps/random.js";
import { sendAccountNotice } from "../../email/account-notices.js";
import { findCredentialAccount, insertAccount } from "../../store/account-store.js";
import type { AccountRow, DB } from "../../store/database.js";
import { isUniqueViolation } from "../../store/unique-violation.js";

/**
 * How long a claimed password account without its password counts as a set-password under way.
 * A hash takes a fraction of a second even while queued behind others; a claim older than this
 * was left by a process that stopped mid-hash, and may be taken over.
 */
const CLAIM_LEASE_MS = 60_000;

/** The claim this call holds: the row, the updatedAt it stamped, and whether it inserted the row. */
interface Claim {
  id: string;
  stamp: string;
  inserted: boolean;
}

/**
 * Claims the user's password account before any hash is computed, so concurrent calls (in this
 * process or others on the same database) hash once: the winner holds a credential row whose
 * password is still NULL, stamped with its updatedAt. Without a row, the claim is its insert (the
 * unique (providerId, accountId) lets one through). A row without a password (an admin created
 * the person without one, or a claim whose process stopped) is claimed by a compare-and-set of
 * its updatedAt, unless that stamp is recent: another call's hash is under way. Null: lost.
 */
async function claimCredentialAccount(db: DB, userId: string, account: AccountRow | undefined, id: string, now: Date): Promise<Claim | null> {
  const stamp = now.toISOString();
  if (!account) {
    try {
      await insertAccount(db, { id, accountId: userId, providerId: "credential", userId, password: null, createdAt: stamp, updatedAt: stamp });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
    return { id, stamp, inserted: true };
  }
  if (Date.parse(account.updatedAt) > now.getTime() - CLAIM_LEASE_MS) return null;
  const result = await db
    .updateTable("account")
    .set({ updatedAt: stamp })
    .where("id", "=", account.id)
    .where("password", "is", null)
    .where("updatedAt", "=", account.updatedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? { id: account.id, stamp, inserted: false } : null;
}

/** Gives the claim up after a failure: the next call may claim at once. */
async function releaseClaim(db: DB, claim: Claim, account: AccountRow | undefined): Promise<void> {
  if (claim.inserted) {
    await db.deleteFrom("account").where("id", "=", claim.id).where("password", "is", null).where("updatedAt", "=", claim.stamp).execute();
  } else if (account) {
    await db
      .updateTable("account")
      .set({ updatedAt: account.updatedAt })
      .where("id", "=", claim.id)
      .where("password", "is", null)
      .where("updatedAt", "=", claim.stamp)
      .execute();
  }
}

/**
 * Spec §6: for server code only (`auth.api.setPassword`), never reachable over HTTP: it gives a
 * password to a user who has none (signed up with a provider or a passkey). A fresh session
 * only: a stale or stolen session must not add a way in that its holder then knows. The password
 * account is claimed before the hash (claimCredentialAccount): a burst of calls for one user,
 * from any number of processes, runs one hash; the others answer USER_ALREADY_HAS_PASSWORD.
 */
export const setPassword = defineEndpoint({
  name: "setPassword",
  method: "POST",
  path: "/set-password",
  body: z.object({ newPassword: z.string().max(4096) }),
  session: "fresh",
  rateLimit: "default",
  audit: ["password-set"],
  serverOnly: true,
  async handler({ ctx, body, session, audit }): Promise<{ status: boolean }> {
    const { user } = session;
    assertNewPasswordAllowed(body.newPassword, ctx.options.emailAndPassword, user);
    const account = await findCredentialAccount(ctx.db, user.id);
    if (account?.password) throw APIError.from(400, "USER_ALREADY_HAS_PASSWORD");
    const claim = await claimCredentialAccount(ctx.db, user.id, account, generateId(ctx.random), ctx.clock.now());
    if (!claim) throw APIError.from(400, "USER_ALREADY_HAS_PASSWORD");
    try {
      const passwordHash = await ctx.passwordHasher.hash(body.newPassword, randomBytes(ctx.random, 16));
      await audit.change(async (trx, log) => {
        // Still this call's claim: a reset or an admin may have set a password meanwhile.
        const written = await trx
          .updateTable("account")
          .set({ password: passwordHash, updatedAt: ctx.clock.now().toISOString() })
          .where("id", "=", claim.id)
          .where("password", "is", null)
          .where("updatedAt", "=", claim.stamp)
          .executeTakeFirst();
        if (Number(written.numUpdatedRows) === 0) throw APIError.from(400, "USER_ALREADY_HAS_PASSWORD");
        await log.write({ userId: user.id, type: "password-set", method: "password" });
      });
    } catch (error) {
      // If the release fails too, the claim's lease lets a later call take it over.
      await releaseClaim(ctx.db, claim, account).catch(() => undefined);
      throw error;
    }
    sendAccountNotice(ctx, user, user.email, { kind: "password-set" });
    return { status: true };
  },
});

import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { assertNewPasswordAllowed } from "../../crypto/password-policy.js";
import { generateId, randomBytes } from "../../deps/random.js";
import { sendAccountNotice } from "../../email/account-notices.js";
import { findCredentialAccount, insertCredentialAccount, setPasswordIfUnset } from "../../store/account-store.js";
import type { DB } from "../../store/database.js";
import { countRateLimitHit } from "../../store/rate-limit-store.js";
import { isUniqueViolation } from "../../store/unique-violation.js";

/**
 * How long a claim lasts: a hash takes a fraction of a second even while queued behind others; a
 * claim still held after this was left by a process that stopped mid-hash, and lapses.
 */
const CLAIM_LEASE_MS = 60_000;

/** The claim's row in the rateLimit table (keys there are otherwise `address|/path`). */
const claimKey = (userId: string): string => `set-password-claim:${userId}`;

/**
 * Claims the right to set the user's first password before any hash is computed, so concurrent
 * calls (in this process or in others on the same database) hash once: one atomic upsert of a
 * leased row in the rateLimit table, auth-core's counter shared through the database whatever
 * `rateLimit.storage` says. The first hit of the lease holds it; null: another call holds it.
 */
async function claimFirstPassword(db: DB, userId: string, now: Date): Promise<{ release: () => Promise<void> } | null> {
  const key = claimKey(userId);
  const { count, windowEndsAt } = await countRateLimitHit(db, key, now, new Date(now.getTime() + CLAIM_LEASE_MS));
  if (count !== 1) return null;
  return {
    release: async () => {
      await db.deleteFrom("rateLimit").where("key", "=", key).where("windowEndsAt", "=", windowEndsAt).execute();
    },
  };
}

/**
 * Spec §6: for server code only (`auth.api.setPassword`), never reachable over HTTP: it gives a
 * password to a user who has none (signed up with a provider or a passkey). A fresh session
 * only: a stale or stolen session must not add a way in that its holder then knows. The right to
 * set it is claimed before the hash (claimFirstPassword): a burst of calls for one user, from any
 * number of processes, runs one hash; the others answer USER_ALREADY_HAS_PASSWORD.
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
  async handler({ ctx, body, session, audit, headers }): Promise<{ status: boolean }> {
    const { user } = session;
    assertNewPasswordAllowed(body.newPassword, ctx.options.emailAndPassword, user);
    // Three reads of the account, each for its own reason: this one refuses a person who has a
    // password without writing a claim; the one under the claim keeps a late claimant from hashing;
    // the one in the transaction sees a reset's or an admin's write, which take no claim.
    if ((await findCredentialAccount(ctx.db, user.id))?.password) throw APIError.from(400, "USER_ALREADY_HAS_PASSWORD");
    const claim = await claimFirstPassword(ctx.db, user.id, ctx.clock.now());
    if (!claim) throw APIError.from(400, "USER_ALREADY_HAS_PASSWORD");
    try {
      // Read again once claimed: a call that held the claim until just now has written its password
      // and released it after this call's first read, and this one must not hash for nothing.
      if ((await findCredentialAccount(ctx.db, user.id))?.password) throw APIError.from(400, "USER_ALREADY_HAS_PASSWORD");
      const passwordHash = await ctx.passwordHasher.hash(body.newPassword, randomBytes(ctx.random, 16));
      const now = ctx.clock.now().toISOString();
      const event = { userId: user.id, type: "password-set", method: "password" } as const;
      await audit.change(async (trx, log) => {
        // Read again under the claim: the call that held it before may have just finished, and a
        // reset or an admin's set-user-password (which take no claim) may have written meanwhile.
        const account = await findCredentialAccount(trx, user.id);
        if (account?.password) throw APIError.from(400, "USER_ALREADY_HAS_PASSWORD");
        if (account) {
          if (!(await setPasswordIfUnset(trx, account.id, passwordHash, now))) throw APIError.from(400, "USER_ALREADY_HAS_PASSWORD");
        } else {
          await insertCredentialAccount(trx, { id: generateId(ctx.random), userId: user.id, passwordHash, now });
        }
        await log.write(event);
      });
    } catch (error) {
      // A concurrent reset or admin inserted the password account: the unique (providerId, accountId).
      if (isUniqueViolation(error)) throw APIError.from(400, "USER_ALREADY_HAS_PASSWORD");
      throw error;
    } finally {
      // If the release fails, the lease lapses on its own.
      await claim.release().catch(() => undefined);
    }
    sendAccountNotice(ctx, user, user.email, { kind: "password-set" }, headers);
    return { status: true };
  },
});

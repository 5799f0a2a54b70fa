import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { assertNewPasswordAllowed } from "../../crypto/password-policy.js";
import { generateId, randomBytes } from "../../deps/random.js";
import { sendAccountNotice } from "../../email/account-notices.js";
import { findCredentialAccount, insertCredentialAccount, updateAccount } from "../../store/account-store.js";
import { isUniqueViolation } from "../../store/unique-violation.js";

/**
 * Spec §6: for server code only (`auth.api.setPassword`), never reachable over HTTP: it gives a
 * password to a user who has none (signed up with a provider or a passkey). A fresh session
 * only: a stale or stolen session must not add a way in that its holder then knows.
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
  async handler({ ctx, body, session, client, audit }): Promise<{ status: boolean }> {
    const { user } = session;
    assertNewPasswordAllowed(body.newPassword, ctx.options.emailAndPassword, user);
    const account = await findCredentialAccount(ctx.db, user.id);
    if (account?.password) throw APIError.from(400, "USER_ALREADY_HAS_PASSWORD");
    const passwordHash = await ctx.passwordHasher.hash(body.newPassword, randomBytes(ctx.random, 16));
    const now = ctx.clock.now().toISOString();
    const event = { userId: user.id, type: "password-set", method: "password" } as const;
    if (account) {
      await audit.change(async (trx, log) => {
        await updateAccount(trx, account.id, { password: passwordHash, updatedAt: now });
        await log.write(event);
      });
    } else {
      try {
        await audit.change(async (trx, log) => {
          await insertCredentialAccount(trx, { id: generateId(ctx.random), userId: user.id, passwordHash, now });
          await log.write(event);
        });
      } catch (error) {
        // A concurrent set-password won: the unique (providerId, accountId) lets one through.
        if (isUniqueViolation(error)) throw APIError.from(400, "USER_ALREADY_HAS_PASSWORD");
        throw error;
      }
    }
    sendAccountNotice(ctx, user, user.email, { kind: "password-set" });
    return { status: true };
  },
});

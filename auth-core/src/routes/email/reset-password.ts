import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { assertNewPasswordAllowed } from "../../crypto/password-policy.js";
import { randomBytes } from "../../deps/random.js";
import { consumeEmailToken, findEmailToken } from "../../email/email-tokens.js";
import { afterPasswordReset, applyPasswordReset } from "../../recovery/password-reset.js";
import { findUserById } from "../../store/user-store.js";

const body = z.object({
  newPassword: z.string().max(4096),
  token: z.string().max(256).optional(),
});

/**
 * Spec §4: the reset token is deleted on a successful reset. It is consumed in the same
 * transaction that writes the password, so a failed write leaves it usable and two concurrent
 * uses cannot both succeed.
 */
export const resetPassword = defineEndpoint({
  name: "resetPassword",
  method: "POST",
  path: "/reset-password",
  body,
  query: z.object({ token: z.string().max(256).optional() }),
  session: "none",
  rateLimit: "default",
  audit: ["password-reset", "user-role-changed", "unproven-additions-removed"],
  async handler({ ctx, body, query, client, audit, headers }): Promise<{ status: boolean }> {
    const token = body.token ?? query.token;
    if (!token) throw APIError.from(400, "INVALID_TOKEN");
    // A cheap look first, so a guessed token costs no password hash; the owner's address and
    // name take part in the screening of the new password.
    const link = await findEmailToken(ctx, "reset-password", token);
    const holder = link ? await findUserById(ctx.db, link.value) : undefined;
    assertNewPasswordAllowed(body.newPassword, ctx.options.emailAndPassword, holder ?? {});
    if (!link) throw APIError.from(400, "INVALID_TOKEN");
    const passwordHash = await ctx.passwordHasher.hash(body.newPassword, randomBytes(ctx.random, 16));
    const now = ctx.clock.now();
    const { revokeSessionsOnPasswordReset } = ctx.options.email.passwordReset;

    const outcome = await audit.change(async (trx, log) => {
      const used = await consumeEmailToken(trx, { kind: "reset-password", token, now });
      if (!used) {
        log.unchanged(); // used meanwhile by a concurrent reset
        return null;
      }
      const removed = await applyPasswordReset(ctx, trx, log, {
        userId: used.value,
        passwordHash,
        revokeSessions: revokeSessionsOnPasswordReset,
        method: "email-link",
      });
      return { userId: used.value, removed };
    });
    if (!outcome) throw APIError.from(400, "INVALID_TOKEN");
    await afterPasswordReset(ctx, outcome.userId, outcome.removed, headers);
    return { status: true };
  },
});

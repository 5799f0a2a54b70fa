import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { assertNewPasswordAllowed } from "../../crypto/password-policy.js";
import { randomBytes } from "../../deps/random.js";
import { toWireUser } from "../../http/public-json.js";
import { sendAccountNotice } from "../../email/account-notices.js";
import { discardUserEmailTokens } from "../../email/email-tokens.js";
import { checkAccountPassword } from "../../account/sign-in-throttle.js";
import { startSession } from "../../session/start-session.js";
import { findCredentialAccount, updateAccount } from "../../store/account-store.js";
import { deleteSessionsByUserId } from "../../store/session-store.js";
import type { WireUser } from "../../shared/wire-types.js";
import { forgetTrustedDevices } from "../../two-factor/trusted-device.js";

const body = z.object({
  newPassword: z.string().max(4096),
  currentPassword: z.string().max(4096),
  revokeOtherSessions: z.boolean().optional(),
});

/**
 * Spec §7: answers token and user. With revokeOtherSessions every session of the user ends and
 * a new one starts (its token in the answer and the cookie); otherwise token is null.
 */
export const changePassword = defineEndpoint({
  name: "changePassword",
  method: "POST",
  path: "/change-password",
  body,
  session: "required",
  rateLimit: { window: 10, max: 3 },
  audit: ["password-changed"],
  async handler({ ctx, body, session, headers, client, response, audit }): Promise<{ token: string | null; user: WireUser }> {
    const { user } = session;
    assertNewPasswordAllowed(body.newPassword, ctx.options.emailAndPassword, user);
    const account = await findCredentialAccount(ctx.db, user.id);
    if (!account?.password) throw APIError.from(400, "CREDENTIAL_ACCOUNT_NOT_FOUND");
    if (!(await checkAccountPassword(ctx, { email: user.email, storedHash: account.password, password: body.currentPassword }))) {
      await audit.record({
        userId: user.id,
        type: "password-changed",
        outcome: "failure",
        method: "password",
        detail: { reason: "INVALID_PASSWORD" },
      });
      throw APIError.from(400, "INVALID_PASSWORD");
    }
    const passwordHash = await ctx.passwordHasher.hash(body.newPassword, randomBytes(ctx.random, 16));
    const now = ctx.clock.now().toISOString();
    const revoke = body.revokeOtherSessions === true;
    await audit.change(async (trx, log) => {
      await updateAccount(trx, account.id, { password: passwordHash, updatedAt: now });
      // A reset link mailed before the change would undo it: it stops working.
      await discardUserEmailTokens(trx, "reset-password", user.id);
      if (revoke) await deleteSessionsByUserId(trx, user.id);
      await forgetTrustedDevices(trx, user.id);
      await log.write({
        userId: user.id,
        type: "password-changed",
        method: "password",
        detail: { sessionsRevoked: revoke },
      });
    });
    let token: string | null = null;
    if (revoke) {
      ({ token } = await startSession(ctx, response, { userId: user.id, rememberMe: session.session.rememberMe === 1, client, headers }));
    }
    sendAccountNotice(ctx, user, user.email, { kind: "password-changed" }, headers);
    return { token, user: toWireUser(user) };
  },
});

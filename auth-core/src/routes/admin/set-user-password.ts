import { z } from "zod";
import { requireUser } from "../../admin/admin-actions.js";
import { assertNewPasswordAllowed } from "../../crypto/password-policy.js";
import { generateId, randomBytes } from "../../deps/random.js";
import { discardUserEmailTokens } from "../../email/email-tokens.js";
import { defineEndpoint } from "../../endpoint.js";
import { findCredentialAccount, insertCredentialAccount, updateAccount } from "../../store/account-store.js";
import { forgetTrustedDevices } from "../../two-factor/trusted-device.js";

/** better-auth's admin set-user-password: sets or replaces the person's password. */
export const setUserPasswordEndpoint = defineEndpoint({
  name: "setUserPassword",
  method: "POST",
  path: "/admin/set-user-password",
  body: z.object({
    newPassword: z.string().min(1, "newPassword cannot be empty").max(4096),
    userId: z.coerce.string().min(1, "userId cannot be empty").max(256),
  }),
  session: "required",
  admin: { permissions: { user: ["set-password"] }, refusal: "YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD" },
  // Tighter than the default: a password hash per call, and a credential changed.
  rateLimit: { window: 60, max: 10 },
  audit: ["user-password-set-by-admin"],
  async handler({ ctx, body, session, audit }): Promise<{ status: boolean }> {
    const user = await requireUser(ctx, body.userId);
    assertNewPasswordAllowed(body.newPassword, ctx.options.emailAndPassword, user);
    const passwordHash = await ctx.passwordHasher.hash(body.newPassword, randomBytes(ctx.random, 16));
    const now = ctx.clock.now().toISOString();
    await audit.change(async (trx, log) => {
      const account = await findCredentialAccount(trx, user.id);
      if (account) await updateAccount(trx, account.id, { password: passwordHash, updatedAt: now });
      else await insertCredentialAccount(trx, { id: generateId(ctx.random), userId: user.id, passwordHash, now });
      // As change-password: a reset link mailed before would undo the new password, and browsers
      // trusted to skip two-factor answer it again.
      await discardUserEmailTokens(trx, "reset-password", user.id);
      await forgetTrustedDevices(trx, user.id);
      await log.write({ userId: session.user.id, targetUserId: user.id, type: "user-password-set-by-admin" });
    });
    return { status: true };
  },
});

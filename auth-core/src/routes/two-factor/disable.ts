import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { sendAccountNotice } from "../../email/account-notices.js";
import { writeAuditEvent } from "../../security/security-events.js";
import { deleteTwoFactor, findTwoFactor } from "../../store/two-factor-store.js";
import { updateUser } from "../../store/user-store.js";
import { clearTrustCookie, forgetTrustedDevices } from "../../two-factor/trusted-device.js";
import { assertTwoFactorOn, checkPassword, passwordField } from "./shared.js";

/**
 * better-auth's POST /two-factor/disable: behind the password; the secret, backup codes, pending
 * steps and trusted browsers all go, and the owner is told by mail.
 */
export const disableTwoFactor = defineEndpoint({
  name: "disableTwoFactor",
  method: "POST",
  path: "/two-factor/disable",
  body: z.object({ password: passwordField }),
  session: "required",
  async handler({ ctx, body, session, client, response }): Promise<{ status: boolean }> {
    assertTwoFactorOn(ctx);
    const { user } = session;
    await checkPassword(ctx, user.id, body.password);
    if (user.twoFactorEnabled !== 1 && !(await findTwoFactor(ctx.db, user.id))) throw APIError.from(400, "TWO_FACTOR_NOT_ENABLED");
    const wasOn = user.twoFactorEnabled === 1;
    await ctx.db.transaction().execute(async (trx) => {
      await deleteTwoFactor(trx, user.id);
      await forgetTrustedDevices(trx, user.id);
      await updateUser(trx, user.id, { twoFactorEnabled: 0, updatedAt: ctx.clock.now().toISOString() });
      if (wasOn) await writeAuditEvent(ctx, trx, { userId: user.id, type: "two-factor-disabled", outcome: "success", client });
    });
    clearTrustCookie(ctx, response);
    if (wasOn) sendAccountNotice(ctx, user, user.email, { kind: "two-factor-disabled" });
    return { status: true };
  },
});

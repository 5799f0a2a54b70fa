import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { sendAccountNotice } from "../../email/account-notices.js";
import { deleteTwoFactor, findTwoFactor } from "../../store/two-factor-store.js";
import { updateUser } from "../../store/user-store.js";
import { clearTrustCookie, forgetTrustedDevices } from "../../two-factor/trusted-device.js";
import { checkPasswordOrFreshSession, optionalPasswordField } from "./shared.js";

/**
 * better-auth's POST /two-factor/disable: behind the password; the secret, backup codes, pending
 * steps and trusted browsers all go, and the owner is told by mail.
 */
export const disableTwoFactor = defineEndpoint({
  name: "disableTwoFactor",
  method: "POST",
  path: "/two-factor/disable",
  body: z.object({ password: optionalPasswordField }),
  session: "required",
  feature: "twoFactor",
  rateLimit: { window: 10, max: 3 },
  audit: ["two-factor-disabled"],
  async handler({ ctx, body, session, response, audit, headers }): Promise<{ status: boolean }> {
    const { user } = session;
    await checkPasswordOrFreshSession(ctx, session, body.password);
    if (user.twoFactorEnabled !== 1 && !(await findTwoFactor(ctx.db, user.id))) throw APIError.from(400, "TWO_FACTOR_NOT_ENABLED");
    const wasOn = user.twoFactorEnabled === 1;
    await audit.change(async (trx, log) => {
      await deleteTwoFactor(trx, user.id);
      await forgetTrustedDevices(trx, user.id);
      await updateUser(trx, user.id, { twoFactorEnabled: 0, updatedAt: ctx.clock.now().toISOString() });
      // wasOn false: only an enrolment never confirmed was dropped.
      await log.write({ userId: user.id, type: "two-factor-disabled", detail: { wasOn } });
    });
    clearTrustCookie(ctx, response);
    if (wasOn) sendAccountNotice(ctx, user, user.email, { kind: "two-factor-disabled" }, headers);
    return { status: true };
  },
});

import { z } from "zod";
import { sendAccountNotice } from "../../email/account-notices.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { claimTOTPStep, findTwoFactor, markTwoFactorVerified } from "../../store/two-factor-store.js";
import { updateUser } from "../../store/user-store.js";
import { acceptCode, findAnswerer, refuseCode, reserveCodeCheck } from "../../sign-in/second-step.js";
import { matchTOTPStep } from "../../two-factor/totp.js";
import type { WireUser } from "../../shared/wire-types.js";
import { codeField, decryptTOTPSecret } from "./shared.js";

/**
 * better-auth's POST /two-factor/verify-totp. In the pending step of a sign-in it completes the
 * sign-in; signed in, the first valid code after enable turns two-factor on. A code counts once:
 * its 30-second step is claimed, so neither a replay nor an older code of the window passes.
 */
export const verifyTOTP = defineEndpoint({
  name: "verifyTOTP",
  method: "POST",
  path: "/two-factor/verify-totp",
  body: z.object({ code: codeField, trustDevice: z.boolean().optional() }),
  session: "optional",
  feature: "twoFactor",
  rateLimit: { window: 10, max: 3 },
  audit: ["two-factor-verified", "two-factor-enabled", "sign-in", "anonymous-linked"],
  async handler(call): Promise<{ token: string; user: WireUser }> {
    const { ctx, body, audit } = call;
    const answerer = await findAnswerer(call, { countAttempt: true, allowSession: true });
    let user = answerer.kind === "sign-in" ? answerer.user : answerer.active.user;
    const row = await findTwoFactor(ctx.db, user.id);
    if (!row || (answerer.kind === "sign-in" && row.verified !== 1)) throw APIError.from(400, "TOTP_NOT_ENABLED");
    await reserveCodeCheck(ctx, answerer);
    const now = ctx.clock.now();
    const step = matchTOTPStep(decryptTOTPSecret(ctx, row.secret), body.code.trim(), now);
    if (step === null || !(await claimTOTPStep(ctx.db, user.id, step, now))) return refuseCode({ ...call, audit }, answerer, "totp", "INVALID_CODE");
    if (answerer.kind === "session" && row.verified !== 1) {
      user = await audit.change(async (trx, log) => {
        await markTwoFactorVerified(trx, user.id, now);
        const updated = await updateUser(trx, user.id, { twoFactorEnabled: 1, updatedAt: now.toISOString() });
        await log.write({ userId: user.id, type: "two-factor-enabled", method: "totp" });
        return updated ?? user;
      });
      sendAccountNotice(ctx, user, user.email, { kind: "two-factor-enabled" }, call.headers);
    }
    return acceptCode({ ...call, audit }, answerer, "totp", body.trustDevice === true, user);
  },
});

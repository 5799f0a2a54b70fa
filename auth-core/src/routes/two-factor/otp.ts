import { z } from "zod";
import { constantTimeEqual } from "../../crypto/constant-time.js";
import { randomString } from "../../deps/random.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { deliverMail, mailFailedError } from "../../email/deliver-mail.js";
import { buildTwoFactorCodeMessage } from "../../email/messages.js";
import { mailSetting } from "../../email/mail-setting.js";
import { findTwoFactor, setChallengeCode } from "../../store/two-factor-store.js";
import { hashTwoFactorCode } from "../../two-factor/backup-codes.js";
import { MAILED_CODE_LIFETIME_SECONDS, MAILED_CODES_PER_STEP } from "../../two-factor/options.js";
import { isMailboxWayIn } from "../../two-factor/sign-in-step.js";
import { acceptCode, findAnswerer, refuseCode, reserveCodeCheck, type Answerer } from "../../sign-in/second-step.js";
import type { WireUser } from "../../shared/wire-types.js";
import type { AuthContext } from "../../context.js";
import { codeField } from "./shared.js";

function assertOTPOn(ctx: AuthContext): void {
  if (!ctx.options.twoFactor.otpEnabled) throw APIError.from(400, "OTP_NOT_CONFIGURED");
}

/**
 * After a completed password reset the mailbox is no second factor: the reset proved it already,
 * and whoever holds it then knows the password too. Until the person passes a step with their app
 * or a backup code, mailed codes answer better-auth's 400 OTP_NOT_ENABLED ("OTP not enabled").
 */
async function assertMailedCodesCount(ctx: AuthContext, answerer: Answerer & { kind: "sign-in" }): Promise<void> {
  // A sign-in that came through the mailbox (magic link, mailed code) has used it as its first factor.
  if (isMailboxWayIn(answerer.challenge.signInMethod)) throw APIError.from(400, "OTP_NOT_ENABLED");
  if ((await findTwoFactor(ctx.db, answerer.user.id))?.mailedCodesHeld === 1) throw APIError.from(400, "OTP_NOT_ENABLED");
}

/**
 * better-auth's POST /two-factor/send-otp: mails a 6-digit code for the pending step of this
 * browser's sign-in (a new one replaces the last). Sending is no attempt; guessing it is. At most
 * MAILED_CODES_PER_STEP codes per step (Gatehouse's own cap): the next answers 429 TOO_MANY_REQUESTS.
 */
export const sendTwoFactorOTP = defineEndpoint({
  name: "sendTwoFactorOTP",
  method: "POST",
  path: "/two-factor/send-otp",
  body: z.object({ trustDevice: z.boolean().optional() }).optional(),
  session: "none",
  feature: "twoFactor",
  rateLimit: { window: 10, max: 3 },
  audit: { none: "mails a code; the step it serves is logged when it passes or fails (verify-otp)" },
  async handler(call): Promise<{ status: boolean }> {
    const { ctx } = call;
    assertOTPOn(ctx);
    const answerer = await findAnswerer({ ...call, session: null }, { countAttempt: false, allowSession: false });
    if (answerer.kind !== "sign-in") throw APIError.from(401, "INVALID_TWO_FACTOR_COOKIE");
    await assertMailedCodesCount(ctx, answerer);
    const code = randomString(ctx.random, "0123456789", 6);
    const otpExpiresAt = new Date(ctx.clock.now().getTime() + MAILED_CODE_LIFETIME_SECONDS * 1000);
    const set = await setChallengeCode(ctx.db, answerer.stepId, { otpHash: hashTwoFactorCode(ctx, code), otpExpiresAt, maxSends: MAILED_CODES_PER_STEP });
    if (!set) throw APIError.from(429, "TOO_MANY_REQUESTS");
    const message = await buildTwoFactorCodeMessage(
      { to: answerer.user.email, name: answerer.user.name, code, expiresIn: MAILED_CODE_LIFETIME_SECONDS },
      mailSetting(ctx, call.headers),
    );
    if (!(await deliverMail(ctx, message, { flow: "two-factor-code", userId: answerer.user.id }))) throw mailFailedError();
    return { status: true };
  },
});

/** better-auth's POST /two-factor/verify-otp: the mailed code completes the pending step. */
export const verifyTwoFactorOTP = defineEndpoint({
  name: "verifyTwoFactorOTP",
  method: "POST",
  path: "/two-factor/verify-otp",
  body: z.object({ code: codeField, trustDevice: z.boolean().optional() }),
  session: "none",
  feature: "twoFactor",
  rateLimit: { window: 10, max: 3 },
  audit: ["two-factor-verified", "sign-in", "anonymous-linked"],
  async handler(call): Promise<{ token: string; user: WireUser }> {
    const { ctx, body, audit } = call;
    assertOTPOn(ctx);
    const answerer = await findAnswerer({ ...call, session: null }, { countAttempt: true, allowSession: false });
    if (answerer.kind !== "sign-in") throw APIError.from(401, "INVALID_TWO_FACTOR_COOKIE");
    await assertMailedCodesCount(ctx, answerer);
    const { challenge } = answerer;
    if (!challenge.otpHash || !challenge.otpExpiresAt || challenge.otpExpiresAt <= ctx.clock.now().toISOString()) throw APIError.from(400, "OTP_HAS_EXPIRED");
    await reserveCodeCheck(ctx, answerer);
    if (!constantTimeEqual(hashTwoFactorCode(ctx, body.code), challenge.otpHash)) return refuseCode({ ...call, audit }, answerer, "otp", "INVALID_CODE");
    return acceptCode({ ...call, audit }, answerer, "otp", body.trustDevice === true);
  },
});

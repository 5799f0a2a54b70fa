import { z } from "zod";
import { isOwnSession } from "../../account/admission.js";
import { assertNewPasswordAllowed } from "../../crypto/password-policy.js";
import { randomBytes } from "../../deps/random.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { emailField, parseEmailOrThrow } from "../../email/email-address.js";
import { afterPasswordReset, applyPasswordReset } from "../../recovery/password-reset.js";
import { toWireUser } from "../../http/public-json.js";
import { takeCheckedCode, verifyCode } from "../../passwordless/email-otp.js";
import { signInThroughMailbox } from "../../passwordless/mailbox-sign-in.js";
import { noteMailboxOnlyProof } from "../../sign-in/first-proof.js";
import type { WireUser } from "../../shared/wire-types.js";
import { findUserByEmail, updateUser } from "../../store/user-store.js";
import type { TwoFactorRedirect } from "../../two-factor/sign-in-step.js";
import { EMAIL_OTP_RATE_LIMIT } from "./email-otp-send.js";

const otpField = z.string().max(64);

/**
 * better-auth's POST /sign-in/email-otp: a sign-in code, used once, signs its address in (an
 * unknown one gets its account, an unverified one is verified: the mailbox is proven). It ends in
 * completeSignIn like every sign-in: a ban refuses it, two-factor asks its second step.
 */
export const signInEmailOTP = defineEndpoint({
  name: "signInEmailOTP",
  method: "POST",
  path: "/sign-in/email-otp",
  body: z.looseObject({ email: emailField, otp: otpField, name: z.string().max(256).optional(), image: z.string().max(2048).optional() }),
  session: "none",
  feature: "emailOTP",
  rateLimit: EMAIL_OTP_RATE_LIMIT,
  audit: ["sign-in", "sign-up", "anonymous-linked", "email-verified", "unproven-additions-removed"],
  async handler({ ctx, body, headers, client, response, audit }): Promise<{ token: string; user: WireUser } | TwoFactorRedirect> {
    const email = parseEmailOrThrow(body.email);
    await verifyCode(ctx, ctx.db, { type: "sign-in", email, code: body.otp });
    const { outcome } = await signInThroughMailbox({ ctx, headers, client, response, audit }, { email, name: body.name ?? "", way: "email-otp" });
    if (outcome.kind === "second-step") return outcome.answer;
    return { token: outcome.token, user: toWireUser(outcome.user) };
  },
});

/**
 * better-auth's POST /email-otp/verify-email: an email-verification code marks the address
 * verified. Opened without the person's own session it proves the mailbox, not who holds the
 * account (as the verification link: sign-in/first-proof.ts). No session is started (token null).
 */
export const verifyEmailOTP = defineEndpoint({
  name: "verifyEmailOTP",
  method: "POST",
  path: "/email-otp/verify-email",
  body: z.object({ email: emailField, otp: otpField }),
  session: "optional",
  feature: "emailOTP",
  impersonation: "allowed",
  rateLimit: EMAIL_OTP_RATE_LIMIT,
  audit: ["email-verified"],
  async handler({ ctx, body, session, audit }): Promise<{ status: boolean; token: string | null; user: WireUser }> {
    const email = parseEmailOrThrow(body.email);
    await verifyCode(ctx, ctx.db, { type: "email-verification", email, code: body.otp });
    const user = await findUserByEmail(ctx.db, email);
    // Safe to tell: the caller holds a code mailed to the address.
    if (!user) throw APIError.from(400, "USER_NOT_FOUND");
    const ownSession = isOwnSession(user, session);
    const verified = await audit.change(async (trx, log) => {
      if (!ownSession) await noteMailboxOnlyProof(ctx, trx, user);
      const row = (await updateUser(trx, user.id, { emailVerified: 1, updatedAt: ctx.clock.now().toISOString() })) ?? user;
      await log.write({ userId: user.id, type: "email-verified", method: "email-otp" });
      return row;
    });
    return { status: true, token: null, user: toWireUser(verified) };
  },
});

/**
 * better-auth's POST /email-otp/check-verification-otp: whether a code is right, without using it
 * (it stays usable for its flow); a wrong one counts as an attempt.
 */
export const checkVerificationOTP = defineEndpoint({
  name: "checkVerificationOTP",
  method: "POST",
  path: "/email-otp/check-verification-otp",
  body: z.object({ email: emailField, type: z.enum(["sign-in", "email-verification", "forget-password"]), otp: otpField }),
  session: "none",
  feature: "emailOTP",
  rateLimit: EMAIL_OTP_RATE_LIMIT,
  audit: { none: "checks a code without using it; its use is logged" },
  async handler({ ctx, body }): Promise<{ success: boolean }> {
    const email = parseEmailOrThrow(body.email);
    await verifyCode(ctx, ctx.db, { type: body.type, email, code: body.otp, keep: true });
    // Safe to tell: the caller holds a code mailed to the address.
    if (!(await findUserByEmail(ctx.db, email))) throw APIError.from(400, "USER_NOT_FOUND");
    return { success: true };
  },
});

/**
 * better-auth's POST /email-otp/reset-password with Gatehouse's reset rule: the password is set,
 * the address verified, and every session of the account ends (beyond better-auth, which keeps
 * them), as a reset through the mailed link does with revokeSessionsOnPasswordReset. A password
 * the policy refuses leaves the code usable.
 */
export const resetPasswordEmailOTP = defineEndpoint({
  name: "resetPasswordEmailOTP",
  method: "POST",
  path: "/email-otp/reset-password",
  body: z.object({ email: emailField, otp: otpField, password: z.string().max(4096) }),
  session: "none",
  feature: "emailOTP",
  rateLimit: EMAIL_OTP_RATE_LIMIT,
  audit: ["password-reset", "user-role-changed", "unproven-additions-removed"],
  async handler({ ctx, body, audit, headers }): Promise<{ success: boolean }> {
    const email = parseEmailOrThrow(body.email);
    const holder = await findUserByEmail(ctx.db, email);
    assertNewPasswordAllowed(body.password, ctx.options.emailAndPassword, holder ?? { email });
    const code = { type: "forget-password" as const, email, code: body.otp };
    await verifyCode(ctx, ctx.db, { ...code, keep: true });
    if (!holder) throw APIError.from(400, "USER_NOT_FOUND");
    const passwordHash = await ctx.passwordHasher.hash(body.password, randomBytes(ctx.random, 16));
    const removed = await audit.change(async (trx, log) => {
      if (!(await takeCheckedCode(ctx, trx, code))) throw APIError.from(400, "INVALID_OTP");
      return { value: await applyPasswordReset(ctx, trx, log, { userId: holder.id, passwordHash, revokeSessions: true, method: "email-otp" }) };
    });
    await afterPasswordReset(ctx, holder.id, removed.value, headers);
    return { success: true };
  },
});

const changeEmailBody = z.object({ newEmail: emailField, otp: otpField.optional() });

/** better-auth's email change by code, off as in its default: 400 "Change email with OTP is disabled" (a session first). */
function changeEmailDisabled(path: string, name: "requestEmailChangeEmailOTP" | "changeEmailEmailOTP") {
  return defineEndpoint({
    name,
    method: "POST",
    path,
    body: changeEmailBody,
    // Read here, not by the gate: with email OTP off the path answers 404 (the feature) before 401.
    session: "optional",
    feature: "emailOTP",
    rateLimit: EMAIL_OTP_RATE_LIMIT,
    audit: { none: "refuses: change email with a code is off" },
    async handler({ ctx, session }): Promise<{ success: boolean }> {
      if (!session) throw APIError.from(401, "UNAUTHORIZED");
      throw APIError.from(400, "CHANGE_EMAIL_WITH_OTP_IS_DISABLED");
    },
  });
}

export const requestEmailChangeEmailOTP = changeEmailDisabled("/email-otp/request-email-change", "requestEmailChangeEmailOTP");
export const changeEmailEmailOTP = changeEmailDisabled("/email-otp/change-email", "changeEmailEmailOTP");

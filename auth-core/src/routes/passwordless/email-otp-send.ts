import { z } from "zod";
import type { AuthContext } from "../../context.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { deliverMail, mailFailedError } from "../../email/deliver-mail.js";
import { emailField, parseEmailOrThrow } from "../../email/email-address.js";
import type { Language } from "../../i18n/catalogue.js";
import { mailSetting } from "../../email/mail-setting.js";
import { buildEmailCodeMessage } from "../../passwordless/mails.js";
import { discardCode, issueCode, type CodeType } from "../../passwordless/email-otp.js";
import { findUserByEmail } from "../../store/user-store.js";

/** better-auth's email OTP rate limit: 3 calls per 60 s per client on each path. */
export const EMAIL_OTP_RATE_LIMIT = { window: 60, max: 3 };

async function mailCode(ctx: AuthContext, mail: { type: CodeType; to: string; code: string; language: Language }, userId: string | null): Promise<boolean> {
  const { type, to, code, language } = mail;
  const message = await buildEmailCodeMessage(
    { to, code, type, expiresIn: ctx.options.passwordless.emailOTP.expiresIn },
    { brand: ctx.options.email.brand, language },
  );
  return deliverMail(ctx, message, { flow: `email-otp-${type}`, userId });
}

/**
 * A code for an existing account only (email-verification, forget-password): the same answer,
 * and the same writes, for an unknown address; the mail goes after the answer so that neither
 * the relay's time nor its failure tells whether the address has an account. A refused mail
 * withdraws the code.
 */
async function sendAccountCode(ctx: AuthContext, type: CodeType, email: string, language: Language): Promise<void> {
  const code = await issueCode(ctx, type, email);
  const user = await findUserByEmail(ctx.db, email);
  if (!user) {
    await discardCode(ctx, type, email);
    return;
  }
  ctx.afterAnswer.run(
    async () => {
      if (!(await mailCode(ctx, { type, to: user.email, code, language }, user.id))) await discardCode(ctx, type, email);
    },
    { message: "email code mail failed", level: "error" },
  );
}

/**
 * A sign-in code goes to any address (the account of an unknown one is made when the code is
 * used): the same answer and mail for both, so the answer waits for the mail, and a refused mail
 * answers 503 FAILED_TO_SEND_EMAIL with the code withdrawn.
 */
async function sendSignInCode(ctx: AuthContext, email: string, language: Language): Promise<void> {
  const code = await issueCode(ctx, "sign-in", email);
  if (!(await mailCode(ctx, { type: "sign-in", to: email, code, language }, null))) {
    await discardCode(ctx, "sign-in", email);
    throw mailFailedError();
  }
}

/** better-auth's POST /email-otp/send-verification-otp. `change-email` has its own pair (off): 400. */
export const sendVerificationOTP = defineEndpoint({
  name: "sendVerificationOTP",
  method: "POST",
  path: "/email-otp/send-verification-otp",
  body: z.object({ email: emailField, type: z.enum(["sign-in", "email-verification", "forget-password", "change-email"]) }),
  session: "none",
  feature: "emailOTP",
  rateLimit: EMAIL_OTP_RATE_LIMIT,
  audit: { none: "mails a code; what the code does is logged when it is used" },
  async handler({ ctx, body, headers }): Promise<{ success: boolean }> {
    const email = parseEmailOrThrow(body.email);
    if (body.type === "change-email") throw APIError.from(400, "INVALID_OTP_TYPE");
    const language = mailSetting(ctx, headers).language;
    if (body.type === "sign-in") await sendSignInCode(ctx, email, language);
    else await sendAccountCode(ctx, body.type, email, language);
    return { success: true };
  },
});

const resetRequestBody = z.object({ email: emailField });

async function requestResetCode({
  ctx,
  body,
  headers,
}: {
  ctx: AuthContext;
  body: z.infer<typeof resetRequestBody>;
  headers: Headers;
}): Promise<{ success: boolean }> {
  await sendAccountCode(ctx, "forget-password", parseEmailOrThrow(body.email), mailSetting(ctx, headers).language);
  return { success: true };
}

/** better-auth's POST /email-otp/request-password-reset: a forget-password code to an existing account. */
export const requestPasswordResetEmailOTP = defineEndpoint({
  name: "requestPasswordResetEmailOTP",
  method: "POST",
  path: "/email-otp/request-password-reset",
  body: resetRequestBody,
  session: "none",
  feature: "emailOTP",
  rateLimit: EMAIL_OTP_RATE_LIMIT,
  audit: { none: "mails a code; the reset is logged when the code is used" },
  handler: requestResetCode,
});

/** The deprecated name of the same call in better-auth (POST /forget-password/email-otp). */
export const forgetPasswordEmailOTP = defineEndpoint({
  name: "forgetPasswordEmailOTP",
  method: "POST",
  path: "/forget-password/email-otp",
  body: resetRequestBody,
  session: "none",
  feature: "emailOTP",
  rateLimit: EMAIL_OTP_RATE_LIMIT,
  audit: { none: "mails a code; the reset is logged when the code is used" },
  handler: requestResetCode,
});

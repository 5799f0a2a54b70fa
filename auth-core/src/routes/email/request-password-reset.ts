import { z } from "zod";
import type { AuthContext } from "../../context.js";
import { defineEndpoint, type EndpointCall } from "../../endpoint.js";
import { randomAlphanumeric } from "../../deps/random.js";
import { emailField, parseEmailOrThrow } from "../../email/email-address.js";
import { deliverMail } from "../../email/deliver-mail.js";
import { discardEmailToken, discardUserEmailTokens, storeEmailToken } from "../../email/email-tokens.js";
import { authEndpointURL } from "../../email/links.js";
import { buildPasswordResetMessage } from "../../email/messages.js";
import { mailSetting } from "../../email/mail-setting.js";
import type { Audit } from "../../audit/audit-log.js";
import type { UserRow } from "../../store/database.js";

type ResetEvent = "password-reset-requested";
import { findUserByEmail } from "../../store/user-store.js";

/** Spec §9: a reset token is 24 characters. */
const RESET_TOKEN_LENGTH = 24;

/** At most five live reset links per account; a sixth ends the oldest (uncapped, 1,000 were once live for one account). */
const MAX_LIVE_RESET_LINKS = 5;

/** Spec §8: the one answer, for known and unknown addresses alike. */
const RESET_REQUEST_MESSAGE = "If this email exists in our system, check your email for the reset link";

const body = z.object({
  email: emailField,
  redirectTo: z.string().optional(),
});

type Body = z.infer<typeof body>;

export interface ResetRequestAnswer {
  status: boolean;
  message: string;
}

/**
 * Mails the link after the answer has gone out. The answer (and its timing) must not depend on
 * whether the address exists, so the transport's latency, and its failures, cannot show in it.
 * A refused mail withdraws the token (no live token without its mail) and is logged.
 */
async function mailResetLink(
  ctx: AuthContext,
  user: UserRow,
  token: string,
  redirectTo: string | undefined,
  audit: Audit<ResetEvent>,
  headers: Headers,
): Promise<void> {
  const { tokenExpiresIn } = ctx.options.email.passwordReset;
  const url = authEndpointURL(ctx, `/reset-password/${token}`, { callbackURL: redirectTo || "/" });
  const sent = await deliverMail(
    ctx,
    await buildPasswordResetMessage({ to: user.email, name: user.name, url, expiresIn: tokenExpiresIn }, mailSetting(ctx, headers)),
    {
      flow: "password-reset",
      userId: user.id,
    },
  );
  if (!sent) {
    await discardEmailToken(ctx, "reset-password", token);
    await audit.record({
      userId: user.id,
      type: "password-reset-requested",
      outcome: "failure",
      detail: { reason: "FAILED_TO_SEND_EMAIL" },
    });
    ctx.logger.warn("password reset token withdrawn: its mail was not sent", { userId: user.id });
  }
}

async function requestReset({ ctx, body, audit, headers }: EndpointCall<Body, Record<string, never>, "none", ResetEvent>): Promise<ResetRequestAnswer> {
  const policy = ctx.options.email.passwordReset;
  const email = parseEmailOrThrow(body.email);
  const user = await findUserByEmail(ctx.db, email);
  const token = randomAlphanumeric(ctx.random, RESET_TOKEN_LENGTH);
  if (user) {
    await storeEmailToken(ctx, { kind: "reset-password", token, userId: user.id, expiresIn: policy.tokenExpiresIn, maxLive: MAX_LIVE_RESET_LINKS });
    await audit.record({ userId: user.id, type: "password-reset-requested" });
    ctx.afterAnswer.run(() => mailResetLink(ctx, user, token, body.redirectTo, audit, headers), { message: "password reset mail failed", level: "error" });
  } else {
    // The same writes as the known-address branch (store, end older links, audit), so both
    // take the same time; no user holds the empty id.
    await discardEmailToken(ctx, "reset-password", token);
    await discardUserEmailTokens(ctx.db, "reset-password", "");
    await audit.record({ userId: null, type: "password-reset-requested", outcome: "failure", detail: { reason: "USER_NOT_FOUND" } });
  }
  return { status: true, message: RESET_REQUEST_MESSAGE };
}

export const requestPasswordReset = defineEndpoint({
  name: "requestPasswordReset",
  method: "POST",
  path: "/request-password-reset",
  body,
  session: "none",
  feature: { name: "passwordReset", status: 400, code: "RESET_PASSWORD_ISN_T_ENABLED" },
  rateLimit: { window: 60, max: 3 },
  audit: ["password-reset-requested"],
  handler: requestReset,
});

/** The older name of the same endpoint (spec §7): same behaviour, same answer. */
export const forgetPassword = defineEndpoint({
  name: "forgetPassword",
  method: "POST",
  path: "/forget-password",
  body,
  session: "none",
  feature: { name: "passwordReset", status: 400, code: "RESET_PASSWORD_ISN_T_ENABLED" },
  rateLimit: { window: 60, max: 3 },
  audit: ["password-reset-requested"],
  handler: requestReset,
});

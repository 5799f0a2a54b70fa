import { z } from "zod";
import type { AuthContext } from "../../context.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { constantTimeEqual } from "../../crypto/constant-time.js";
import { randomLowerAlphanumeric } from "../../deps/random.js";
import { deliverMail, mailFailedError } from "../../email/deliver-mail.js";
import { discardEmailToken, findEmailToken, storeEmailToken } from "../../email/email-tokens.js";
import { authEndpointURL } from "../../email/links.js";
import { buildDeleteAccountMessage } from "../../email/messages.js";
import { mailSetting } from "../../email/mail-setting.js";
import { deleteUserAccount } from "../../email/user-deletion.js";
import { isFreshSession } from "../../session/session.js";
import { buildClearedSessionCookie } from "../../session/session-cookie.js";
import type { Audit } from "../../audit/audit-log.js";
import { checkAccountPassword } from "../../account/sign-in-throttle.js";
import type { UserRow } from "../../store/database.js";
import { findCredentialAccount } from "../../store/account-store.js";

/** Spec §9: 32 lowercase alphanumerics. */
const DELETE_TOKEN_LENGTH = 32;

export interface DeleteUserAnswer {
  success: boolean;
  message: "User deleted" | "Verification email sent";
}

const body = z.object({
  callbackURL: z.string().optional(),
  password: z.string().max(4096).optional(),
  token: z.string().max(256).optional(),
});

/** 404 INVALID_TOKEN unless `token` is a live delete-account token of `userId` (better-auth 1.x). */
export async function assertDeleteToken(ctx: AuthContext, token: string, userId: string): Promise<void> {
  const row = await findEmailToken(ctx, "delete-account", token);
  if (!row || !constantTimeEqual(row.value, userId)) throw APIError.from(404, "INVALID_TOKEN");
}

async function mailDeleteLink(
  ctx: AuthContext,
  user: UserRow,
  callbackURL: string | undefined,
  audit: Audit<"account-deletion-requested">,
  headers: Headers,
): Promise<void> {
  const { deleteTokenExpiresIn } = ctx.options.email.deleteUser;
  const token = randomLowerAlphanumeric(ctx.random, DELETE_TOKEN_LENGTH);
  await storeEmailToken(ctx, { kind: "delete-account", token, userId: user.id, expiresIn: deleteTokenExpiresIn });
  const url = authEndpointURL(ctx, "/delete-user/callback", { token, callbackURL: callbackURL || "/" });
  const message = await buildDeleteAccountMessage({ to: user.email, name: user.name, url, expiresIn: deleteTokenExpiresIn }, mailSetting(ctx, headers));
  const sent = await deliverMail(ctx, message, { flow: "delete-account", userId: user.id });
  await audit.record({
    userId: user.id,
    type: "account-deletion-requested",
    outcome: sent ? "success" : "failure",
    detail: sent ? undefined : { reason: "FAILED_TO_SEND_EMAIL" },
  });
  if (!sent) {
    await discardEmailToken(ctx, "delete-account", token);
    throw mailFailedError();
  }
}

/**
 * Spec §5/§7: deletion with the password, or a mailed token, or a fresh session. With
 * sendDeleteAccountVerification every request without a token mails a link instead.
 */
export const deleteUser = defineEndpoint({
  name: "deleteUser",
  method: "POST",
  path: "/delete-user",
  body,
  session: "required",
  feature: "deleteUser",
  rateLimit: "default",
  audit: ["account-deleted", "account-deletion-requested"],
  async handler({ ctx, body, session, response, audit, headers }): Promise<DeleteUserAnswer> {
    const policy = ctx.options.email.deleteUser;
    const { user } = session;
    if (body.password !== undefined) {
      const account = await findCredentialAccount(ctx.db, user.id);
      if (!account?.password) throw APIError.from(400, "CREDENTIAL_ACCOUNT_NOT_FOUND");
      if (!(await checkAccountPassword(ctx, { email: user.email, storedHash: account.password, password: body.password }))) {
        await audit.record({ userId: user.id, type: "account-deleted", outcome: "failure", detail: { reason: "INVALID_PASSWORD" } });
        throw APIError.from(400, "INVALID_PASSWORD");
      }
    }
    if (body.token) {
      await assertDeleteToken(ctx, body.token, user.id);
      await deleteUserAccount(ctx, { user, audit, token: body.token, method: "token" });
      response.headers.append("set-cookie", buildClearedSessionCookie(ctx));
      return { success: true, message: "User deleted" };
    }
    if (policy.sendDeleteAccountVerification) {
      await mailDeleteLink(ctx, user, body.callbackURL, audit, headers);
      return { success: true, message: "Verification email sent" };
    }
    // Spec §5: neither password nor token needs a fresh session (freshAge 0 disables the check).
    if (body.password === undefined && !isFreshSession(session.session, ctx.clock.now(), ctx.options.session.freshAge)) {
      throw APIError.from(400, "SESSION_EXPIRED");
    }
    await deleteUserAccount(ctx, { user, audit, method: body.password === undefined ? "fresh-session" : "password" });
    response.headers.append("set-cookie", buildClearedSessionCookie(ctx));
    return { success: true, message: "User deleted" };
  },
});

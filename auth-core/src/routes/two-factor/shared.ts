import { z } from "zod";
import type { AuthContext } from "../../context.js";
import { decryptToken, deriveTwoFactorSecretKey, encryptToken } from "../../crypto/token-encryption.js";
import { APIError } from "../../errors.js";
import { checkAccountPassword } from "../../account/sign-in-throttle.js";
import { findCredentialAccount } from "../../store/account-store.js";
import { isFreshSession, type ActiveSession } from "../../session/session.js";

const passwordField = z.string().max(4096);
/** better-auth's `allowPasswordless` body: the password may be left out by a person who has none. */
export const optionalPasswordField = passwordField.optional();
/** A code as typed: digits of an app or a mail, or a backup code `xxxxx-xxxxx`. */
export const codeField = z.string().max(64);

/**
 * What stands behind enable, disable, get-totp-uri and generate-backup-codes (better-auth's
 * `allowPasswordless`, always on here): a person with a password gives it (checkPassword; left
 * out, 400 INVALID_PASSWORD); a person without one (Google, a passkey, a mailed link or code)
 * proves it is them with a fresh session instead, 403 SESSION_NOT_FRESH otherwise. better-auth
 * asks no freshness of them; Gatehouse does, so an old session alone cannot turn the step off.
 */
export async function checkPasswordOrFreshSession(ctx: AuthContext, active: ActiveSession, password: string | undefined): Promise<void> {
  const { user, session } = active;
  const account = await findCredentialAccount(ctx.db, user.id);
  if (account?.password) {
    if (password === undefined) throw APIError.from(400, "INVALID_PASSWORD");
    if (!(await checkAccountPassword(ctx, { email: user.email, storedHash: account.password, password }))) throw APIError.from(400, "INVALID_PASSWORD");
    return;
  }
  if (!isFreshSession(session, ctx.clock.now(), ctx.options.session.freshAge)) throw APIError.from(403, "SESSION_NOT_FRESH");
}

export function encryptTOTPSecret(ctx: AuthContext, secret: string): string {
  return encryptToken(deriveTwoFactorSecretKey(ctx.secret), ctx.random, secret);
}

/** The stored secret in the clear; a value that does not decrypt (another secret) is a 500. */
export function decryptTOTPSecret(ctx: AuthContext, stored: string): string {
  const secret = decryptToken(deriveTwoFactorSecretKey(ctx.secret), stored);
  if (secret === null) throw new Error("two-factor secret does not decrypt under this auth secret");
  return secret;
}

import { z } from "zod";
import type { AuthContext } from "../../context.js";
import { decryptToken, deriveTwoFactorSecretKey, encryptToken } from "../../crypto/token-encryption.js";
import { APIError } from "../../errors.js";
import { checkAccountPassword } from "../../account/sign-in-throttle.js";
import { findCredentialAccount } from "../../store/account-store.js";
import type { UserRow } from "../../store/database.js";

export const passwordField = z.string().max(4096);
/** A code as typed: digits of an app or a mail, or a backup code `xxxxx-xxxxx`. */
export const codeField = z.string().max(64);

/**
 * The caller's password, checked against their credential account and counted in the account's
 * throttle like a sign-in (429 once throttled): 400 INVALID_PASSWORD when it is wrong or the
 * person has none (the same scrypt work either way).
 */
export async function checkPassword(ctx: AuthContext, user: UserRow, password: string): Promise<void> {
  const account = await findCredentialAccount(ctx.db, user.id);
  if (!(await checkAccountPassword(ctx, { email: user.email, storedHash: account?.password, password }))) throw APIError.from(400, "INVALID_PASSWORD");
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

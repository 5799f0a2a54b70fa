/*
 * Account recovery by a mailed link or code: the reset's change and what follows it. Above email/
 * (tokens, mails), sign-in/ (the first proof), account/ (ADMIN_EMAILS) and two-factor/ (trusted
 * browsers, mailed codes held); imported only by routes/.
 */
import type { AuthContext } from "../context.js";
import { grantListedAdminAfterReset } from "../account/admission.js";
import { generateId } from "../deps/random.js";
import { sendAccountNotice } from "../email/account-notices.js";
import { discardUserEmailTokens } from "../email/email-tokens.js";
import type { RemovedAdditions } from "../email/messages.js";
import { evictBeforeFirstProof, sendRemovalNotice, type FirstProof } from "../sign-in/first-proof.js";
import type { AuditedChange } from "../audit/audit-log.js";
import { clearSignInThrottle } from "../account/sign-in-throttle.js";
import { findCredentialAccount, insertCredentialAccount, updateAccount } from "../store/account-store.js";
import type { DB } from "../store/database.js";
import { deleteSessionsByUserId } from "../store/session-store.js";
import { holdMailedCodes } from "../store/two-factor-store.js";
import { findUserById, updateUser } from "../store/user-store.js";
import { forgetTrustedDevices } from "../two-factor/trusted-device.js";

const RESET_PROOF: FirstProof = { by: "password-reset" };

export type PasswordResetEvent = "password-reset" | "user-role-changed" | "unproven-additions-removed";

/**
 * A password reset's change, in the transaction that used its token or code: the password is set
 * (or made), the address's first proof applied, the address marked verified, sessions ended when
 * `revokeSessions`, trusted browsers forgotten and mailed second-step codes held, with the reset's
 * row (`method`: how the mailbox was proven). Answers what the first proof removed.
 */
export async function applyPasswordReset(
  ctx: AuthContext,
  trx: DB,
  log: AuditedChange<PasswordResetEvent>,
  input: { userId: string; passwordHash: string; revokeSessions: boolean; method: "email-link" | "email-otp" },
): Promise<RemovedAdditions | null> {
  const { userId, passwordHash } = input;
  const now = ctx.clock.now();
  // Every other reset link of the account ends with this reset: an older link must
  // not reset the password again.
  await discardUserEmailTokens(trx, "reset-password", userId);
  const account = await findCredentialAccount(trx, userId);
  if (account) {
    await updateAccount(trx, account.id, { password: passwordHash, updatedAt: now.toISOString() });
  } else {
    // A user who signed up through a provider gets a password this way (better-auth 1.x).
    await insertCredentialAccount(trx, { id: generateId(ctx.random), userId, passwordHash, now: now.toISOString() });
  }
  // The first proof of an address nobody had proven: what was added before it goes (whoever
  // registered the address first may have added it), every session included.
  const before = await findUserById(trx, userId);
  const removed = before ? await evictBeforeFirstProof(ctx, trx, log, before, RESET_PROOF) : null;
  // The mailed link or code proved the mailbox: the address counts as verified.
  const verified = await updateUser(trx, userId, { emailVerified: 1, updatedAt: now.toISOString() });
  if (input.revokeSessions) await deleteSessionsByUserId(trx, userId);
  // Two-factor stays on (ASVS 6.4.3); browsers trusted to skip it must answer it again, and
  // a mailed code is no second step until the app or a backup code passes one (the reset's
  // mailbox alone must not pass both steps).
  await forgetTrustedDevices(trx, userId);
  await holdMailedCodes(trx, userId, now);
  await log.write({ userId, type: "password-reset", method: input.method, detail: { sessionsRevoked: input.revokeSessions || removed !== null } });
  // ADMIN_EMAILS: the reset proves the mailbox and sets the password in the same hands, so a
  // listed address whose only way in is that password gets the role here; every session opened
  // before ends with it (whatever revokeSessionsOnPasswordReset says), and the API keys that
  // stand for the person go.
  if (verified) await grantListedAdminAfterReset(ctx, trx, log, verified);
  return removed;
}

/**
 * After a reset's transaction: password sign-in opens again after a hard stop, and the owner is
 * told, in the language of `headers` (the reset's request).
 */
export async function afterPasswordReset(ctx: AuthContext, userId: string, removed: RemovedAdditions | null, headers?: Headers): Promise<void> {
  const owner = await findUserById(ctx.db, userId);
  if (!owner) return;
  await clearSignInThrottle(ctx, owner.email);
  sendAccountNotice(ctx, owner, owner.email, { kind: "password-reset" }, headers);
  sendRemovalNotice(ctx, owner, RESET_PROOF, removed, headers);
}

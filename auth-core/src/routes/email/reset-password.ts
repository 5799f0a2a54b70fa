import { z } from "zod";
import { grantListedAdminAfterReset } from "../../account/admission.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { assertNewPasswordAllowed } from "../../crypto/password-policy.js";
import { generateId, randomBytes } from "../../deps/random.js";
import { consumeEmailToken, discardUserEmailTokens, findEmailToken } from "../../email/email-tokens.js";
import { sendAccountNotice } from "../../email/account-notices.js";
import { evictBeforeFirstProof, sendRemovalNotice, type FirstProof } from "../../sign-in/first-proof.js";
import { clearSignInThrottle } from "../../account/sign-in-throttle.js";
import { findCredentialAccount, insertCredentialAccount, updateAccount } from "../../store/account-store.js";
import { deleteSessionsByUserId } from "../../store/session-store.js";
import { findUserById, updateUser } from "../../store/user-store.js";
import { holdMailedCodes } from "../../store/two-factor-store.js";
import { forgetTrustedDevices } from "../../two-factor/trusted-device.js";

const RESET_PROOF: FirstProof = { by: "password-reset" };

const body = z.object({
  newPassword: z.string().max(4096),
  token: z.string().max(256).optional(),
});

/**
 * Spec §4: the reset token is deleted on a successful reset. It is consumed in the same
 * transaction that writes the password, so a failed write leaves it usable and two concurrent
 * uses cannot both succeed.
 */
export const resetPassword = defineEndpoint({
  name: "resetPassword",
  method: "POST",
  path: "/reset-password",
  body,
  query: z.object({ token: z.string().max(256).optional() }),
  session: "none",
  rateLimit: "default",
  audit: ["password-reset", "user-role-changed", "unproven-additions-removed"],
  async handler({ ctx, body, query, client, audit }): Promise<{ status: boolean }> {
    const token = body.token ?? query.token;
    if (!token) throw APIError.from(400, "INVALID_TOKEN");
    // A cheap look first, so a guessed token costs no password hash; the owner's address and
    // name take part in the screening of the new password.
    const link = await findEmailToken(ctx, "reset-password", token);
    const holder = link ? await findUserById(ctx.db, link.value) : undefined;
    assertNewPasswordAllowed(body.newPassword, ctx.options.emailAndPassword, holder ?? {});
    if (!link) throw APIError.from(400, "INVALID_TOKEN");
    const passwordHash = await ctx.passwordHasher.hash(body.newPassword, randomBytes(ctx.random, 16));
    const now = ctx.clock.now();
    const { revokeSessionsOnPasswordReset } = ctx.options.email.passwordReset;

    const outcome = await audit.change(async (trx, log) => {
      const used = await consumeEmailToken(trx, { kind: "reset-password", token, now });
      if (!used) {
        log.unchanged(); // used meanwhile by a concurrent reset
        return null;
      }
      // Every other reset link of the account ends with this one: an older link must
      // not reset the password again.
      await discardUserEmailTokens(trx, "reset-password", used.value);
      const account = await findCredentialAccount(trx, used.value);
      if (account) {
        await updateAccount(trx, account.id, { password: passwordHash, updatedAt: now.toISOString() });
      } else {
        // A user who signed up through a provider gets a password this way (better-auth 1.x).
        await insertCredentialAccount(trx, { id: generateId(ctx.random), userId: used.value, passwordHash, now: now.toISOString() });
      }
      // The first proof of an address nobody had proven: what was added before it goes (whoever
      // registered the address first may have added it), every session included.
      const before = await findUserById(trx, used.value);
      const removed = before ? await evictBeforeFirstProof(ctx, trx, log, before, RESET_PROOF) : null;
      // Following the mailed link proved the mailbox: the address counts as verified.
      const verified = await updateUser(trx, used.value, { emailVerified: 1, updatedAt: now.toISOString() });
      if (revokeSessionsOnPasswordReset) await deleteSessionsByUserId(trx, used.value);
      // Two-factor stays on (ASVS 6.4.3); browsers trusted to skip it must answer it again, and
      // a mailed code is no second step until the app or a backup code passes one (the reset's
      // mailbox alone must not pass both steps).
      await forgetTrustedDevices(trx, used.value);
      await holdMailedCodes(trx, used.value, now);
      await log.write({
        userId: used.value,
        type: "password-reset",
        method: "email-link",
        detail: { sessionsRevoked: revokeSessionsOnPasswordReset || removed !== null },
      });
      // ADMIN_EMAILS: the reset proves the mailbox and sets the password in the same hands, so a
      // listed address whose only way in is that password gets the role here; every session opened
      // before ends with it (whatever revokeSessionsOnPasswordReset says), and the API keys that
      // stand for the person go.
      if (verified) await grantListedAdminAfterReset(ctx, trx, log, verified);
      return { userId: used.value, removed };
    });
    if (!outcome) throw APIError.from(400, "INVALID_TOKEN");
    const owner = await findUserById(ctx.db, outcome.userId);
    if (owner) {
      // A reset proves the mailbox: password sign-in opens again after a hard stop.
      await clearSignInThrottle(ctx, owner.email);
      sendAccountNotice(ctx, owner, owner.email, { kind: "password-reset" });
      sendRemovalNotice(ctx, owner, RESET_PROOF, outcome.removed);
    }
    return { status: true };
  },
});

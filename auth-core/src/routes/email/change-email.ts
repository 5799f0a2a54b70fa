import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { emailField, parseEmailOrThrow } from "../../email/email-address.js";
import { sendAccountNotice } from "../../email/account-notices.js";
import { discardUserEmailTokens } from "../../email/email-tokens.js";
import { sendVerificationMail } from "../../email/verification-mail.js";
import { deleteSessionsByUserId } from "../../store/session-store.js";
import { isUniqueViolation } from "../../store/unique-violation.js";
import { findUserByEmail, updateUser } from "../../store/user-store.js";

const body = z.object({
  newEmail: emailField,
  callbackURL: z.string().optional(),
});

function couldNotUpdate(): APIError {
  return APIError.from(400, "COULDN_T_UPDATE_YOUR_EMAIL");
}

/**
 * Spec §4: an unverified user's email changes at once (with a verification mail to the new
 * address when verification is enabled); a verified user confirms through a mail to the current
 * address, and /verify-email then switches it. Spec §5: lowercased, different, not taken.
 * A fresh session only: a stale or stolen one must not move the account to another
 * mailbox. When the address changes, the account's other sessions end and the old address is told.
 */
export const changeEmail = defineEndpoint({
  name: "changeEmail",
  method: "POST",
  path: "/change-email",
  body,
  session: "fresh",
  feature: { name: "changeEmail", status: 400, code: "CHANGE_EMAIL_IS_DISABLED" },
  rateLimit: { window: 10, max: 3 },
  audit: ["email-changed"],
  async handler({ ctx, body, session, client, audit, headers }): Promise<{ status: boolean }> {
    const { user } = session;
    const newEmail = parseEmailOrThrow(body.newEmail);
    if (newEmail === user.email) throw APIError.from(400, "EMAIL_IS_THE_SAME");
    if (await findUserByEmail(ctx.db, newEmail)) throw couldNotUpdate();
    const verificationEnabled = ctx.options.email.verification.enabled;

    if (user.emailVerified !== 1) {
      // The mail goes out first: if the transport refuses it, the email has not changed.
      if (verificationEnabled) await sendVerificationMail(ctx, { user, email: newEmail, callbackURL: body.callbackURL, client, headers });
      try {
        await audit.change(async (trx, log) => {
          const updated = await updateUser(trx, user.id, { email: newEmail, emailVerified: 0, updatedAt: ctx.clock.now().toISOString() });
          if (!updated) throw APIError.from(500, "FAILED_TO_UPDATE_USER");
          await discardUserEmailTokens(trx, "reset-password", user.id);
          await deleteSessionsByUserId(trx, user.id, session.session.id);
          await log.write({ userId: user.id, type: "email-changed", detail: { confirmed: false } });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw couldNotUpdate();
        throw error;
      }
      sendAccountNotice(ctx, user, user.email, { kind: "email-changed", newEmail }, headers);
      return { status: true };
    }

    if (!verificationEnabled) throw APIError.from(400, "VERIFICATION_EMAIL_ISN_T_ENABLED");
    await sendVerificationMail(ctx, { user, email: user.email, updateTo: newEmail, callbackURL: body.callbackURL, client, headers });
    return { status: true };
  },
});

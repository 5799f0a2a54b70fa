import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { emailField, normalizeEmail, parseEmailOrThrow } from "../../email/email-address.js";
import { sendVerificationMail } from "../../email/verification-mail.js";
import { findUserByEmail } from "../../store/user-store.js";

const body = z.object({
  email: emailField,
  callbackURL: z.string().optional(),
});

/**
 * Spec §5/§7: a verification mail only to an unverified email, and a signed-in user only to
 * their own. Without a session the answer is the same whether or not the address is known.
 */
export const sendVerificationEmail = defineEndpoint({
  name: "sendVerificationEmail",
  method: "POST",
  path: "/send-verification-email",
  body,
  session: "optional",
  feature: { name: "emailVerification", status: 400, code: "VERIFICATION_EMAIL_ISN_T_ENABLED" },
  rateLimit: { window: 60, max: 3 },
  audit: { none: "sends a mail; the verification is recorded when the link is used" },
  async handler({ ctx, body, session, client, headers }): Promise<{ status: boolean }> {
    const email = parseEmailOrThrow(body.email);
    if (session) {
      if (session.user.emailVerified === 1) {
        throw APIError.from(400, "YOU_CAN_ONLY_SEND_A_VERIFICATION_EMAIL_TO_AN_UNVERIFIED_EMAIL");
      }
      if (normalizeEmail(session.user.email) !== email) {
        throw APIError.from(400, "YOU_CAN_ONLY_SEND_A_VERIFICATION_EMAIL_TO_YOUR_OWN_EMAIL");
      }
      await sendVerificationMail(ctx, { user: session.user, email, callbackURL: body.callbackURL, client, headers });
      return { status: true };
    }
    const user = await findUserByEmail(ctx.db, email);
    // Unknown and already-verified addresses get no mail and the same answer (no enumeration).
    // The mail goes out after the answer, so neither the transport's latency nor a refusal
    // (logged, and its token withdrawn, by sendVerificationMail) shows in it.
    if (user && user.emailVerified !== 1) {
      ctx.afterAnswer.run(() => sendVerificationMail(ctx, { user, email, callbackURL: body.callbackURL, client, headers }), {
        message: "verification mail not sent",
        level: "warn",
      });
    }
    return { status: true };
  },
});

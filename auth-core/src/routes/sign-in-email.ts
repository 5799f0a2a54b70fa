import { z } from "zod";
import { defineEndpoint } from "../endpoint.js";
import { APIError } from "../errors.js";
import { emailField, parseEmailOrThrow } from "../email/email-address.js";
import { toWireUser } from "../http/public-json.js";
import { clearSignInThrottle, reserveSignInAttempt, throttledError } from "../security/sign-in-throttle.js";
import { startSession } from "../session/start-session.js";
import { findCredentialAccount } from "../store/account-store.js";
import { findUserByEmail } from "../store/user-store.js";
import { sendVerificationMail } from "../email/verification-mail.js";
import { secondStepFor, type TwoFactorRedirect } from "../two-factor/sign-in-step.js";
import type { WireUser } from "../shared/wire-types.js";

const body = z.object({
  email: emailField,
  password: z.string().max(4096),
  callbackURL: z.string().optional(),
  rememberMe: z.boolean().optional(),
});

export interface SignInResult {
  redirect: boolean;
  token: string;
  url: string | undefined;
  user: WireUser;
}

export const signInEmail = defineEndpoint({
  name: "signInEmail",
  method: "POST",
  path: "/sign-in/email",
  body,
  session: "none",
  rateLimit: { window: 10, max: 3 },
  audit: ["sign-in", "anonymous-linked"],
  async handler({ ctx, body, headers, client, response, audit }): Promise<SignInResult | TwoFactorRedirect> {
    if (!ctx.options.emailAndPassword.enabled) throw APIError.from(400, "EMAIL_AND_PASSWORD_IS_NOT_ENABLED");
    const email = parseEmailOrThrow(body.email);
    const throttle = await reserveSignInAttempt(ctx, email);

    // Unknown user, no credential account and wrong password cost the same scrypt and answer
    // the same 401, so neither timing nor wording tells whether an account exists.
    const user = await findUserByEmail(ctx.db, email);
    const recordFailure = (reason: "ACCOUNT_THROTTLED" | "INVALID_EMAIL_OR_PASSWORD"): Promise<void> =>
      audit.record({ userId: user?.id ?? null, type: "sign-in", outcome: "failure", method: "password", detail: { reason } });
    if (throttle.wait !== null) {
      // The same answer for a known and an unknown address; no password is checked.
      await recordFailure("ACCOUNT_THROTTLED");
      throw throttledError(throttle.wait);
    }
    const account = user ? await findCredentialAccount(ctx.db, user.id) : undefined;
    const storedHash = account?.password ?? (await ctx.dummyPasswordHash);
    const passwordMatches = await ctx.passwordHasher.verify(body.password, storedHash);
    if (!user || !account?.password || !passwordMatches) {
      // Already counted by the reservation.
      await recordFailure("INVALID_EMAIL_OR_PASSWORD");
      throw APIError.from(401, "INVALID_EMAIL_OR_PASSWORD");
    }
    await clearSignInThrottle(ctx, email);
    if (ctx.options.email.requireEmailVerification && user.emailVerified !== 1) {
      await audit.record({ userId: user.id, type: "sign-in", outcome: "failure", method: "password", detail: { reason: "EMAIL_NOT_VERIFIED" } });
      const verification = ctx.options.email.verification;
      // Spec §8: a fresh verification mail on sign-in when configured (a refused mail answers 503).
      if (verification.enabled && verification.sendOnSignIn) {
        await sendVerificationMail(ctx, { user, email: user.email, callbackURL: body.callbackURL, client });
      }
      throw APIError.from(403, "EMAIL_NOT_VERIFIED");
    }

    // With two-factor on, the password alone makes no session: the second step does.
    const pending = await secondStepFor(ctx, { user, rememberMe: body.rememberMe ?? true, headers, response });
    if (pending) return pending;
    const { token } = await startSession(ctx, response, { userId: user.id, rememberMe: body.rememberMe ?? true, client, headers, audit });
    await audit.record({ userId: user.id, type: "sign-in", method: "password" });
    return { redirect: Boolean(body.callbackURL), token, url: body.callbackURL, user: toWireUser(user) };
  },
});

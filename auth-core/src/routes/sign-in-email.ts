import { z } from "zod";
import { defineEndpoint } from "../endpoint.js";
import { APIError } from "../errors.js";
import { emailField, parseEmailOrThrow } from "../email/email-address.js";
import { toWireUser } from "../http/public-json.js";
import { checkAccountPassword } from "../account/sign-in-throttle.js";
import { completeSignIn } from "../sign-in/complete-sign-in.js";
import { findCredentialAccount } from "../store/account-store.js";
import { findUserByEmail } from "../store/user-store.js";
import { sendVerificationMail } from "../email/verification-mail.js";
import type { TwoFactorRedirect } from "../two-factor/sign-in-step.js";
import type { WireUser } from "../shared/wire-types.js";
import { authorize, readLoginContinuation } from "../oauth-provider/authorize.js";

const body = z.object({
  email: emailField,
  password: z.string().max(4096),
  callbackURL: z.string().optional(),
  rememberMe: z.boolean().optional(),
  /** The login page's query when an OAuth client's authorization sent the person there: the answer continues it. */
  oauth_query: z.string().max(8192).optional(),
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
  feature: { name: "emailAndPassword", status: 400, code: "EMAIL_AND_PASSWORD_IS_NOT_ENABLED" },
  rateLimit: { window: 10, max: 3 },
  audit: ["sign-in", "anonymous-linked"],
  async handler({ ctx, body, headers, client, response, audit }): Promise<SignInResult | TwoFactorRedirect> {
    const email = parseEmailOrThrow(body.email);
    const continuation = readLoginContinuation(ctx, body.oauth_query);

    // Unknown user, no credential account and wrong password cost the same scrypt and answer
    // the same 401, so neither timing nor wording tells whether an account exists; a throttled
    // address is answered the same way whether it is known or not, and no password is checked.
    const user = await findUserByEmail(ctx.db, email);
    const recordFailure = (reason: "ACCOUNT_THROTTLED" | "INVALID_EMAIL_OR_PASSWORD"): Promise<void> =>
      audit.record({ userId: user?.id ?? null, type: "sign-in", outcome: "failure", method: "password", detail: { reason } });
    const account = user ? await findCredentialAccount(ctx.db, user.id) : undefined;
    const passwordMatches = await checkAccountPassword(ctx, {
      email,
      storedHash: account?.password,
      password: body.password,
      onThrottled: () => recordFailure("ACCOUNT_THROTTLED"),
    });
    if (!user || !passwordMatches) {
      await recordFailure("INVALID_EMAIL_OR_PASSWORD");
      throw APIError.from(401, "INVALID_EMAIL_OR_PASSWORD");
    }
    if (ctx.options.email.requireEmailVerification && user.emailVerified !== 1) {
      await audit.record({ userId: user.id, type: "sign-in", outcome: "failure", method: "password", detail: { reason: "EMAIL_NOT_VERIFIED" } });
      const verification = ctx.options.email.verification;
      // Spec §8: a fresh verification mail on sign-in when configured (a refused mail answers 503).
      if (verification.enabled && verification.sendOnSignIn) {
        await sendVerificationMail(ctx, { user, email: user.email, callbackURL: body.callbackURL, client, headers });
      }
      throw APIError.from(403, "EMAIL_NOT_VERIFIED");
    }

    // With two-factor on, the password alone makes no session: the second step does.
    const rememberMe = body.rememberMe ?? true;
    const signedIn = await completeSignIn({ ctx, response, headers, client, audit }, { user, rememberMe, way: { method: "password" } });
    if (signedIn.kind === "second-step") return signedIn.answer;
    if (continuation) {
      // better-auth's wire: the sign-in answers where the authorization goes next (the consent page, or the client with a code).
      const next = await authorize(ctx, continuation, { user: signedIn.user, session: signedIn.session }, ["login"]);
      return { redirect: true, token: signedIn.token, url: next.url, user: toWireUser(signedIn.user) };
    }
    return { redirect: Boolean(body.callbackURL), token: signedIn.token, url: body.callbackURL, user: toWireUser(signedIn.user) };
  },
});

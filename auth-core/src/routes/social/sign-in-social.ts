import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError, type ErrorCode } from "../../errors.js";
import { toWireUser } from "../../http/public-json.js";
import { createAuthorizationURL, providerRedirectURI } from "../../oauth/engine.js";
import { readIdTokenProfile } from "../../oauth/id-token-profile.js";
import { completeSocialSignIn, type SocialSignInError } from "../../sign-in/social-sign-in.js";
import { createOAuthState } from "../../oauth/state.js";
import type { WireUser } from "../../shared/wire-types.js";
import type { TwoFactorRedirect } from "../../two-factor/sign-in-step.js";
import { idTokenInput, requireProvider, scopesInput } from "./shared.js";

/** Spec §8: the 401 of a refused ID-token sign-in, with the spec's lowercase message. */
const SOCIAL_SIGN_IN_ERROR_CODES = {
  "account not linked": "ACCOUNT_NOT_LINKED",
  "signup disabled": "SIGNUP_DISABLED",
  "unable to create user": "UNABLE_TO_CREATE_USER",
  "unable to create session": "UNABLE_TO_CREATE_SESSION",
  "unable to link account": "UNABLE_TO_LINK_ACCOUNT",
} as const satisfies Record<SocialSignInError, ErrorCode>;

const body = z.object({
  provider: z.string().max(64),
  callbackURL: z.string().max(2048).optional(),
  newUserCallbackURL: z.string().max(2048).optional(),
  errorCallbackURL: z.string().max(2048).optional(),
  disableRedirect: z.boolean().optional(),
  idToken: idTokenInput
    // Milliseconds since the epoch, within the range of a Date (it is stored as one).
    .extend({ expiresAt: z.number().min(0).max(8.64e15).optional() })
    .optional(),
  scopes: scopesInput.optional(),
  requestSignUp: z.boolean().optional(),
  loginHint: z.string().max(320).optional(),
});

export type SignInSocialResult = { url: string; redirect: boolean } | { redirect: false; token: string; url: undefined; user: WireUser } | TwoFactorRedirect;

/**
 * Spec §7 POST /sign-in/social: the redirect flow answers the provider's authorization URL
 * (`redirect: true` unless disableRedirect); the ID-token flow signs in at once, or answers
 * `{ twoFactorRedirect, twoFactorMethods }` for a person with two-factor on.
 */
export const signInSocial = defineEndpoint({
  name: "signInSocial",
  method: "POST",
  path: "/sign-in/social",
  body,
  session: "none",
  rateLimit: { window: 10, max: 3 },
  audit: ["sign-in", "sign-up", "account-linked", "email-verified", "anonymous-linked", "unproven-additions-removed"],
  async handler({ ctx, body, headers, client, response, audit }): Promise<SignInSocialResult> {
    const provider = requireProvider(ctx, body.provider);
    if (body.idToken) {
      const { user: profile, tokens } = await readIdTokenProfile(ctx, provider, body.idToken);
      const result = await completeSocialSignIn(ctx, {
        provider,
        profile,
        tokens,
        requestSignUp: body.requestSignUp ?? false,
        client,
        draft: response,
        headers,
        audit,
      });
      if (!result.ok) throw APIError.from(401, SOCIAL_SIGN_IN_ERROR_CODES[result.error], { wording: result.error });
      // Two-factor on: /sign-in/email's answer, and the pending step's cookie (Gatehouse beyond better-auth).
      if ("pending" in result) return result.pending;
      return { redirect: false, token: result.token, url: undefined, user: toWireUser(result.user) };
    }
    const { state, codeVerifier, nonce } = await createOAuthState(ctx, response, provider.id, {
      callbackURL: body.callbackURL || ctx.options.baseURL,
      errorURL: body.errorCallbackURL || undefined,
      newUserURL: body.newUserCallbackURL || undefined,
      requestSignUp: body.requestSignUp,
    });
    const url = await createAuthorizationURL(ctx, provider, {
      state,
      codeVerifier,
      nonce,
      redirectURI: providerRedirectURI(ctx, provider),
      scopes: [...provider.defaultScopes, ...(body.scopes ?? [])],
      loginHint: body.loginHint,
    });
    return { url: url.toString(), redirect: !body.disableRedirect };
  },
});

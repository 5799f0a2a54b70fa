import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { createAuthorizationURL, providerRedirectURI } from "../../oauth/engine.js";
import { readIdTokenProfile } from "../../oauth/id-token-profile.js";
import { linkProviderAccount } from "../../oauth/link-account.js";
import { createOAuthState } from "../../oauth/state.js";
import { idTokenInput, requireProvider, scopesInput } from "./shared.js";

const body = z.object({
  provider: z.string().max(64),
  callbackURL: z.string().max(2048).optional(),
  errorCallbackURL: z.string().max(2048).optional(),
  disableRedirect: z.boolean().optional(),
  idToken: idTokenInput.extend({ scopes: scopesInput.optional() }).optional(),
  requestSignUp: z.boolean().optional(),
  scopes: scopesInput.optional(),
});

export type LinkSocialResult = { url: string; redirect: boolean; status?: undefined } | { url: ""; redirect: false; status: true };

/** Spec §4 and §8: the 401/417 messages of a refused ID-token link. */
const LINK_REFUSALS = {
  unable_to_link_account: [401, "ACCOUNT_NOT_LINKED_LINKING_NOT_ALLOWED"],
  "email_doesn't_match": [401, "ACCOUNT_NOT_LINKED_DIFFERENT_EMAILS_NOT_ALLOWED"],
  account_already_linked_to_different_user: [417, "ACCOUNT_NOT_LINKED_UNABLE_TO_CREATE_ACCOUNT"],
} as const;

/**
 * Spec §7 POST /link-social: links a provider account to the signed-in user, through the
 * provider (the callback finishes it) or at once with an ID token.
 */
export const linkSocial = defineEndpoint({
  name: "linkSocialAccount",
  method: "POST",
  path: "/link-social",
  body,
  session: "required",
  rateLimit: "default",
  audit: ["account-linked"],
  async handler({ ctx, body, session, headers, response, audit }): Promise<LinkSocialResult> {
    const provider = requireProvider(ctx, body.provider);
    const user = { id: session.user.id, email: session.user.email };
    if (body.idToken) {
      const { user: profile, tokens } = await readIdTokenProfile(ctx, provider, body.idToken);
      const linked = await linkProviderAccount(ctx, { provider, profile, tokens, user, audit, headers });
      if (linked !== "linked") {
        const [status, code] = LINK_REFUSALS[linked];
        throw APIError.from(status, code);
      }
      return { url: "", redirect: false, status: true };
    }
    const { state, codeVerifier, nonce } = await createOAuthState(ctx, response, provider.id, {
      callbackURL: body.callbackURL || ctx.options.baseURL,
      errorURL: body.errorCallbackURL || undefined,
      link: { email: user.email, userId: user.id },
      requestSignUp: body.requestSignUp,
    });
    const url = await createAuthorizationURL(ctx, provider, {
      state,
      codeVerifier,
      nonce,
      redirectURI: providerRedirectURI(ctx, provider),
      scopes: [...provider.defaultScopes, ...(body.scopes ?? [])],
    });
    return { url: url.toString(), redirect: !body.disableRedirect };
  },
});

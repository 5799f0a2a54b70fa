import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { createProviderEngine, exchangeAuthorizationCode, getProviderProfile, providerRedirectURI } from "../../oauth/engine.js";
import { claimIdTokenUse } from "../../oauth/id-token-replay.js";
import { linkProviderAccount } from "../../oauth/link-account.js";
import { completeSocialSignIn } from "../../sign-in/social-sign-in.js";
import { consumeOAuthState, flowNonce } from "../../oauth/state.js";
import { signInEmail } from "../../email/placeholder-email.js";
import type { CallbackExtras, OAuthTokens } from "../../oauth/types.js";
import { secondStepLocation } from "../../two-factor/sign-in-step.js";
import { callbackRedirectURI, defaultErrorURL, redirectTo, redirectWithError } from "./shared.js";

const params = z.record(z.string(), z.unknown());

const callbackParams = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
  device_id: z.string().max(512).optional(),
  user: z.string().max(4096).optional(),
  iss: z.string().max(2048).optional(),
});

/**
 * Spec §7 GET|POST /callback/{id}. A POST is a provider's form_post: it is answered with a 302 to
 * the same callback as a GET carrying the same parameters, because SameSite=Lax cookies (the
 * state cookie) are not sent on a cross-site POST but are on the top-level GET that follows.
 * Every failure is a redirect to the error URL with a spec §8 code.
 */
export const callback = defineEndpoint({
  name: "callbackOAuth",
  method: ["GET", "POST"],
  path: "/callback/:id",
  // A provider's form_post comes from the provider's origin; a POST here only re-issues itself
  // as a GET to the same URL (so SameSite=Lax cookies arrive), where the real work happens.
  acceptsCrossSitePost: true,
  query: params,
  body: params,
  session: "none",
  rateLimit: "default",
  audit: ["sign-in", "sign-up", "account-linked", "email-verified", "anonymous-linked", "unproven-additions-removed"],
  async handler({ ctx, params: path, query, body, request, headers, client, response, audit }): Promise<Response> {
    const providerId = path.id ?? "";
    if (request?.method === "POST") {
      const merged = new URLSearchParams();
      for (const [key, value] of Object.entries({ ...query, ...body })) if (typeof value === "string") merged.set(key, value);
      return redirectTo(`${callbackRedirectURI(ctx, providerId)}?${merged.toString()}`);
    }
    const fallbackErrorURL = defaultErrorURL(ctx);
    const parsed = callbackParams.safeParse({ ...query, ...body });
    if (!parsed.success) return redirectWithError(fallbackErrorURL, "invalid_callback_request");
    const input = parsed.data;
    if (!input.state) return redirectWithError(fallbackErrorURL, "state_not_found");
    // A state started for another provider is not found here: no token request follows.
    const consumed = await consumeOAuthState(ctx, response, headers, providerId, input.state);
    if (!consumed.ok) return redirectWithError(fallbackErrorURL, "please_restart_the_process");
    const state = consumed.data;
    const errorURL = state.errorURL ?? fallbackErrorURL;

    try {
      if (input.error) return redirectWithError(errorURL, input.error, input.error_description);
      if (!input.code) return redirectWithError(errorURL, "no_code");
      const provider = ctx.options.social.providers.get(providerId);
      if (!provider) return redirectWithError(errorURL, "oauth_provider_not_found");
      const extras: CallbackExtras = { user: input.user, deviceId: input.device_id };

      let tokens: OAuthTokens;
      try {
        tokens = await exchangeAuthorizationCode(ctx, provider, {
          code: input.code,
          codeVerifier: state.codeVerifier,
          redirectURI: providerRedirectURI(ctx, provider),
          callback: extras,
          state: input.state,
        });
      } catch (error) {
        ctx.logger.warn("authorization code refused", { provider: provider.id, error: error instanceof Error ? error.message : String(error) });
        return redirectWithError(errorURL, "invalid_code");
      }
      // An ID token in the token answer is verified (with this flow's nonce) before
      // anything else reads it; one that fails ends the sign-in, and none is stored unverified.
      const engine = createProviderEngine(ctx, provider);
      if (tokens.idToken) {
        if (!provider.idToken) {
          tokens = { ...tokens, idToken: null };
        } else {
          const claims = await engine.verifyIdToken(tokens.idToken, flowNonce(ctx, state.codeVerifier));
          if (!claims) {
            ctx.logger.warn("ID token in the token answer refused", { provider: provider.id });
            return redirectWithError(errorURL, "unable_to_get_user_info");
          }
          if (!(await claimIdTokenUse(ctx, tokens.idToken, claims))) return redirectWithError(errorURL, "unable_to_get_user_info");
        }
      }
      const profile = await getProviderProfile(ctx, provider, tokens, engine, extras);
      if (!profile) return redirectWithError(errorURL, "unable_to_get_user_info");
      if (!state.callbackURL) return redirectWithError(errorURL, "no_callback_url");

      if (state.link) {
        const linked = await linkProviderAccount(ctx, {
          provider,
          profile: profile.user,
          tokens,
          user: { id: state.link.userId, email: state.link.email },
          audit,
          headers,
        });
        return linked === "linked" ? redirectTo(state.callbackURL) : redirectWithError(errorURL, linked);
      }
      const address = signInEmail(ctx.secret, provider, profile.user);
      if (!address) return redirectWithError(errorURL, "email_not_found");
      const result = await completeSocialSignIn(ctx, {
        provider,
        profile: { ...profile.user, email: address.email, emailVerified: address.placeholder ? false : profile.user.emailVerified },
        tokens,
        requestSignUp: state.requestSignUp ?? false,
        client,
        draft: response,
        headers,
        audit,
      });
      if (!result.ok) return redirectWithError(errorURL, result.error.split(" ").join("_"));
      const destination = result.isRegister ? (state.newUserURL ?? state.callbackURL) : state.callbackURL;
      // Two-factor on: the second-step page finishes the sign-in, then goes where it meant to.
      if ("pending" in result) return redirectTo(secondStepLocation(ctx, destination));
      return redirectTo(destination);
    } catch (error) {
      // better-auth: a refusal with a code (BANNED_USER) reaches the error URL with its message.
      if (error instanceof APIError && error.code === "BANNED_USER") return redirectWithError(errorURL, error.code, error.message);
      ctx.logger.error("OAuth callback failed", { provider: providerId, error: error instanceof Error ? error.message : String(error) });
      return redirectWithError(errorURL, "internal_server_error");
    }
  },
});

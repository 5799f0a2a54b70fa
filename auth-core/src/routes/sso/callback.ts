import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { createProviderEngine, exchangeAuthorizationCode, getProviderProfile } from "../../oauth/engine.js";
import { claimIdTokenUse } from "../../oauth/id-token-replay.js";
import { consumeOAuthState, flowNonce } from "../../oauth/state.js";
import { ssoFetchContext, ssoOidcProvider } from "../../sso/oidc-engine.js";
import { readOidcConfig, ssoCallbackURL } from "../../sso/provider-config.js";
import { completeSsoSignIn } from "../../sso/sign-in.js";
import { ssoStateKey } from "../../sso/state.js";
import { findSsoProviderByProviderId } from "../../store/sso-store.js";
import { secondStepLocation } from "../../two-factor/sign-in-step.js";
import { defaultErrorURL, redirectTo, redirectWithError } from "../social/shared.js";

const callbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
  iss: z.string().max(2048).optional(),
});

/**
 * @better-auth/sso GET /sso/callback/:providerId: the OpenID provider's answer. The state must be
 * this browser's (its signed cookie) and have been started for this very provider row; the code
 * is exchanged with the flow's PKCE verifier (client_secret_basic by default); the ID token must
 * verify against the provider's keys, with `aud` = the client id, `iss` = the issuer and the
 * flow's nonce. Every refusal is a redirect with `error` to the error URL, never a session.
 */
export const ssoCallback = defineEndpoint({
  name: "callbackSSO",
  method: "GET",
  path: "/sso/callback/:providerId",
  query: z.record(z.string(), z.unknown()),
  session: "none",
  rateLimit: "default",
  audit: ["sign-in", "sign-up", "account-linked", "anonymous-linked", "sso-member-added", "email-verified", "unproven-additions-removed"],
  async handler({ ctx: callCtx, params, query, headers, client, response, audit }): Promise<Response> {
    const ctx = ssoFetchContext(callCtx);
    const fallbackErrorURL = defaultErrorURL(ctx);
    const parsed = callbackQuery.safeParse(query);
    if (!parsed.success) return redirectWithError(fallbackErrorURL, "invalid_callback_request");
    const input = parsed.data;
    if (!input.state) return redirectWithError(fallbackErrorURL, "state_not_found");
    const row = await findSsoProviderByProviderId(ctx.db, params.providerId ?? "");
    const config = row ? readOidcConfig(row) : null;
    if (!row || !config) return redirectWithError(fallbackErrorURL, "provider_not_found");
    const consumed = await consumeOAuthState(ctx, response, headers, ssoStateKey(row), input.state);
    if (!consumed.ok) return redirectWithError(fallbackErrorURL, "invalid_state");
    const state = consumed.data;
    const errorURL = state.errorURL ?? fallbackErrorURL;
    try {
      if (input.error) return redirectWithError(errorURL, input.error, input.error_description);
      if (!input.code) return redirectWithError(errorURL, "no_code");
      if (row.domainVerified !== 1) return redirectWithError(errorURL, "domain_not_verified");
      const provider = ssoOidcProvider(ctx, row, config);
      const redirectURI = ssoCallbackURL(ctx, row.providerId);
      let tokens;
      try {
        tokens = await exchangeAuthorizationCode(ctx, provider, { code: input.code, codeVerifier: state.codeVerifier, redirectURI, state: input.state });
      } catch (error) {
        ctx.logger.warn("SSO authorization code refused", { provider: row.providerId, error: error instanceof Error ? error.message : String(error) });
        return redirectWithError(errorURL, "invalid_code");
      }
      // An OpenID provider must answer an ID token; it is verified (with this flow's nonce) before anything reads it.
      if (!tokens.idToken) return redirectWithError(errorURL, "id_token_missing");
      const engine = createProviderEngine(ctx, provider);
      const claims = await engine.verifyIdToken(tokens.idToken, flowNonce(ctx, state.codeVerifier));
      if (!claims || !(await claimIdTokenUse(ctx, tokens.idToken, claims))) {
        ctx.logger.warn("SSO ID token refused", { provider: row.providerId });
        return redirectWithError(errorURL, "invalid_id_token");
      }
      const profile = await getProviderProfile(ctx, provider, tokens, engine);
      if (!profile) return redirectWithError(errorURL, "unable_to_get_user_info");
      if (!profile.user.email) return redirectWithError(errorURL, "email_not_found");
      const result = await completeSsoSignIn(
        { ctx, response, headers, client, audit },
        { provider: row, identity: { subject: profile.user.id, email: profile.user.email, name: profile.user.name, image: profile.user.image } },
      );
      if (!result.ok) return redirectWithError(errorURL, result.error);
      const destination = result.isRegister ? (state.newUserURL ?? state.callbackURL) : state.callbackURL;
      if (result.outcome.kind === "second-step") return redirectTo(secondStepLocation(ctx, destination));
      return redirectTo(destination);
    } catch (error) {
      if (error instanceof APIError && error.code === "BANNED_USER") return redirectWithError(errorURL, error.code, error.message);
      ctx.logger.error("SSO callback failed", { provider: row.providerId, error: error instanceof Error ? error.message : String(error) });
      return redirectWithError(errorURL, "internal_server_error");
    }
  },
});

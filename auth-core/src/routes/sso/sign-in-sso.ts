import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { createAuthorizationURL } from "../../oauth/engine.js";
import { createOAuthState } from "../../oauth/state.js";
import { ssoOidcProvider } from "../../sso/oidc-engine.js";
import { readOidcConfig, ssoCallbackURL } from "../../sso/provider-config.js";
import { resolveSignInProvider } from "../../sso/resolve-provider.js";
import { startSamlSignIn } from "../../sso/saml.js";
import { ssoStateKey } from "../../sso/state.js";
import { providerIdInput } from "./register.js";

const body = z.object({
  email: z.string().max(320).optional(),
  domain: z.string().max(253).optional(),
  organizationSlug: z.string().max(128).optional(),
  providerId: providerIdInput.optional(),
  callbackURL: z.string().max(2048),
  errorCallbackURL: z.string().max(2048).optional(),
  newUserCallbackURL: z.string().max(2048).optional(),
  scopes: z.array(z.string().max(256)).max(50).optional(),
  loginHint: z.string().max(320).optional(),
  requestSignUp: z.boolean().optional(),
});

/**
 * @better-auth/sso POST /sign-in/sso: finds the organization's provider (by email, domain,
 * organization slug or id) and answers where to send the browser: the OpenID provider's
 * authorization URL (state bound to this browser and to this very provider, PKCE S256, a nonce),
 * or the SAML IdP's SSO URL with an AuthnRequest.
 */
export const signInSso = defineEndpoint({
  name: "signInSSO",
  method: "POST",
  path: "/sign-in/sso",
  body,
  session: "none",
  // It checks no credential (the identity provider does): a company's people behind one address
  // start their sign-ins here at nine in the morning, so the credential limit (3 per 10 s) would stop them.
  rateLimit: { window: 10, max: 30 },
  audit: { none: "nothing changes until the callback" },
  async handler({ ctx, body, response }): Promise<{ url: string; redirect: true }> {
    if (!body.email && !body.domain && !body.organizationSlug && !body.providerId) throw APIError.from(404, "PROVIDER_NOT_FOUND");
    const row = await resolveSignInProvider(ctx, body);
    const flow = { callbackURL: body.callbackURL, errorURL: body.errorCallbackURL || undefined, newUserURL: body.newUserCallbackURL || undefined };
    if (row.type === "saml") return { url: await startSamlSignIn(ctx, response, row, flow), redirect: true };
    const config = readOidcConfig(row)!;
    const provider = ssoOidcProvider(ctx, row, config);
    const { state, codeVerifier, nonce } = await createOAuthState(ctx, response, ssoStateKey(row), { ...flow, requestSignUp: body.requestSignUp });
    const url = await createAuthorizationURL(ctx, provider, {
      state,
      codeVerifier,
      nonce,
      redirectURI: ssoCallbackURL(ctx, row.providerId),
      scopes: [...config.scopes, ...(body.scopes ?? []).filter((s) => !config.scopes.includes(s))],
      loginHint: body.loginHint ?? body.email,
    });
    return { url: url.toString(), redirect: true };
  },
});

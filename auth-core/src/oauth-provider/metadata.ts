import type { AuthContext } from "../context.js";
import { SIGNING_ALGORITHMS } from "../jwt/signing-keys.js";

/**
 * The provider's metadata: OpenID Connect Discovery 1.0 at `<issuer>/.well-known/openid-configuration`
 * and RFC 8414 at `/.well-known/oauth-authorization-server<issuer path>` (and, as better-auth
 * does, under the issuer). Code flow with PKCE S256 only; no implicit or password grant.
 */
export function providerMetadata(ctx: AuthContext): Record<string, unknown> {
  const provider = ctx.options.oauthProvider;
  const issuer = provider.issuer;
  const clientAuth = ["client_secret_basic", "client_secret_post"];
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth2/authorize`,
    token_endpoint: `${issuer}/oauth2/token`,
    userinfo_endpoint: `${issuer}/oauth2/userinfo`,
    jwks_uri: `${issuer}/jwks`,
    introspection_endpoint: `${issuer}/oauth2/introspect`,
    revocation_endpoint: `${issuer}/oauth2/revoke`,
    end_session_endpoint: `${issuer}/oauth2/end-session`,
    scopes_supported: [...new Set([...provider.scopes, ...provider.clientCredentialsScopes])],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
    token_endpoint_auth_methods_supported: [...clientAuth, "none"],
    introspection_endpoint_auth_methods_supported: clientAuth,
    revocation_endpoint_auth_methods_supported: clientAuth,
    code_challenge_methods_supported: ["S256"],
    authorization_response_iss_parameter_supported: true,
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: [...SIGNING_ALGORITHMS],
    claims_supported: ["sub", "iss", "aud", "exp", "iat", "auth_time", "nonce", "azp", "sid", "name", "picture", "email", "email_verified"],
    prompt_values_supported: ["none", "login", "consent"],
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
  };
}

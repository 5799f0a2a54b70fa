import { defineProvider, openIdProfile, fixedEndpoints, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { readEmail, readEmailVerified, readOptionalString } from "./claims.js";

/** Options of Amazon Cognito sign-in (docs/providers.md, the cognito row). */
export interface CognitoProviderOptions extends BaseProviderOptions {
  /** App clients without a secret (public, PKCE only) are allowed. */
  clientSecret?: string;
  /** The hosted-UI domain: `<prefix>.auth.<region>.amazoncognito.com` or a custom domain. */
  domain: string;
  /** The user pool's AWS region, e.g. "us-east-1". */
  region: string;
  userPoolId: string;
  /** Skips the hosted UI's picker: "COGNITO", "Google", "SignInWithApple", or an IdP's name. */
  identityProvider?: string;
  prompt?: string;
}

export function createCognitoProvider(options: CognitoProviderOptions): OAuthProvider {
  if (!options.domain || !options.region || !options.userPoolId) throw new Error("Cognito sign-in needs domain, region and userPoolId");
  const host = `https://${options.domain.replace(/^https?:\/\//, "").replace(/\/+$/, "")}`;
  const issuer = `https://cognito-idp.${options.region}.amazonaws.com/${options.userPoolId}`;
  return defineProvider({
    id: "cognito",
    name: "Amazon Cognito",
    options,
    defaultScopes: ["openid", "profile", "email"],
    sendPKCE: true,
    // AWS: an app client with a secret authenticates with HTTP Basic; one without sends only its id.
    clientAuthentication: options.clientSecret ? "client_secret_basic" : "none",
    endpoints: fixedEndpoints({
      authorization: `${host}/oauth2/authorize`,
      token: `${host}/oauth2/token`,
      // AWS documents the path as userInfo.
      userInfo: `${host}/oauth2/userInfo`,
      jwks: `${issuer}/.well-known/jwks.json`,
      issuers: [issuer],
    }),
    authorizationParams() {
      const params: Record<string, string> = {};
      if (options.identityProvider) params.identity_provider = options.identityProvider;
      if (options.prompt) params.prompt = options.prompt;
      return params;
    },
    // AWS's examples name the client in the body next to the Basic header too.
    tokenParams: () => ({ client_id: options.clientId }),
    idToken: { audiences: [options.clientId], maxAgeSeconds: 60 * 60 },
    supportsRefresh: true,
    // The ID token first; the user-info call when there is none (or it is past its hour).
    getUserInfo: openIdProfile({
      id: (claims) => readOptionalString(claims.sub),
      user: (claims) => ({
        email: readEmail(claims.email),
        // The user-info endpoint answers "true"/"false" strings; the ID token booleans.
        emailVerified: readEmailVerified(claims.email_verified),
        name:
          readOptionalString(claims.name) ??
          readOptionalString(claims.given_name) ??
          readOptionalString(claims["cognito:username"]) ??
          readOptionalString(claims.username),
        image: readOptionalString(claims.picture),
      }),
    }),
  });
}

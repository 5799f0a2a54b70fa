import { defineProvider, fixedEndpoints, userInfoProfile, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { readEmail, readEmailVerified, readOptionalString } from "./claims.js";

/** Options of LinkedIn sign-in ("Sign In with LinkedIn using OpenID Connect"; docs/providers.md, the linkedin row). */
export interface LinkedInProviderOptions extends BaseProviderOptions {
  clientSecret: string;
}

const USER_INFO = "https://api.linkedin.com/v2/userinfo";

export function createLinkedInProvider(options: LinkedInProviderOptions): OAuthProvider {
  return defineProvider({
    id: "linkedin",
    name: "LinkedIn",
    options,
    defaultScopes: ["profile", "email", "openid"],
    // LinkedIn's PKCE is for native apps; the web flow authenticates with the secret (in the body only).
    sendPKCE: false,
    endpoints: fixedEndpoints({
      authorization: "https://www.linkedin.com/oauth/v2/authorization",
      token: "https://www.linkedin.com/oauth/v2/accessToken",
      userInfo: USER_INFO,
    }),
    // No ID-token policy: like better-auth, no ID-token sign-in from clients. The ID token of the
    // token answer is dropped unread (never stored unverified); the person comes from the OpenID
    // userinfo endpoint, asked with the access token over TLS.
    idToken: null,
    // Refresh tokens are issued only to LinkedIn's approved partners; the grant is the standard one.
    supportsRefresh: true,
    getUserInfo: userInfoProfile({
      id: (claims) => readOptionalString(claims.sub),
      user: (claims) => ({
        email: readEmail(claims.email),
        emailVerified: readEmailVerified(claims.email_verified),
        name: readOptionalString(claims.name),
        image: readOptionalString(claims.picture),
      }),
    }),
  });
}

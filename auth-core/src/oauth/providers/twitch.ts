import { defineProvider, openIdProfile, fixedEndpoints, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { readEmail, readEmailVerified, readOptionalString } from "./claims.js";

/** Options of Twitch sign-in (docs/providers.md, the twitch row). */
export interface TwitchProviderOptions extends BaseProviderOptions {
  clientSecret: string;
  /** Twitch's `force_verify`: ask the person to authorize again even when they already did. */
  forceVerify?: boolean;
}

const ID = "https://id.twitch.tv/oauth2";
/** Twitch puts email and picture in its OpenID answers only when the `claims` parameter asks. */
const CLAIMS = { email: null, email_verified: null, preferred_username: null, picture: null };

export function createTwitchProvider(options: TwitchProviderOptions): OAuthProvider {
  return defineProvider({
    id: "twitch",
    name: "Twitch",
    options,
    defaultScopes: ["user:read:email", "openid"],
    endpoints: fixedEndpoints({ authorization: `${ID}/authorize`, token: `${ID}/token`, userInfo: `${ID}/userinfo`, jwks: `${ID}/keys`, issuers: [ID] }),
    authorizationParams() {
      const params: Record<string, string> = { claims: JSON.stringify({ id_token: CLAIMS, userinfo: CLAIMS }) };
      if (options.forceVerify) params.force_verify = "true";
      return params;
    },
    // Twitch answers `scope` as a JSON array.
    readTokenResponse: (body) => (Array.isArray(body.scope) ? { ...body, scope: body.scope.filter((s) => typeof s === "string").join(" ") } : body),
    // The code flow's ID token is the profile; better-auth offers no ID-token sign-in for Twitch.
    idToken: { audiences: [options.clientId], maxAgeSeconds: null },
    idTokenSignIn: false,
    supportsRefresh: true,
    getUserInfo: openIdProfile({
      id: (claims) => readOptionalString(claims.sub),
      user: (claims) => ({
        email: readEmail(claims.email),
        emailVerified: readEmailVerified(claims.email_verified),
        name: readOptionalString(claims.preferred_username),
        image: readOptionalString(claims.picture),
      }),
    }),
  });
}

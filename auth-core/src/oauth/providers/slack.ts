import { defineProvider, fixedEndpoints, userInfoProfile, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { readEmail, readEmailVerified, readOptionalString } from "./claims.js";

/** Options of Sign in with Slack, the OpenID flow (docs/providers.md, the slack row). */
export interface SlackProviderOptions extends BaseProviderOptions {
  clientSecret: string;
  /** A workspace to sign in to (Slack's `team` parameter), skipping the workspace picker. */
  team?: string;
}

export function createSlackProvider(options: SlackProviderOptions): OAuthProvider {
  return defineProvider({
    id: "slack",
    name: "Slack",
    options,
    defaultScopes: ["openid", "profile", "email"],
    endpoints: fixedEndpoints({
      authorization: "https://slack.com/openid/connect/authorize",
      token: "https://slack.com/api/openid.connect.token",
      userInfo: "https://slack.com/api/openid.connect.userInfo",
    }),
    authorizationParams: (): Record<string, string> => (options.team ? { team: options.team } : {}),
    // Only apps with token rotation get refresh tokens; the grant is the standard one.
    supportsRefresh: true,
    getUserInfo: userInfoProfile({
      // Slack's Web API answers failures as HTTP 200 with `ok: false`.
      id: (claims) => (claims.ok === false ? null : (readOptionalString(claims["https://slack.com/user_id"]) ?? readOptionalString(claims.sub))),
      user: (claims) => ({
        email: readEmail(claims.email),
        emailVerified: readEmailVerified(claims.email_verified),
        name: readOptionalString(claims.name),
        image: readOptionalString(claims.picture) ?? readOptionalString(claims["https://slack.com/user_image_512"]),
      }),
    }),
  });
}

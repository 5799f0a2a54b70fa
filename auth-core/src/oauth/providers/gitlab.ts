import { defineProvider, fixedEndpoints, userInfoProfile, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { readEmail, readEmailVerified, readId, readOptionalString } from "./claims.js";

/** Options of GitLab sign-in (docs/providers.md, the gitlab row). */
export interface GitLabProviderOptions extends BaseProviderOptions {
  clientSecret: string;
  /** The GitLab instance, for self-hosted ones; default https://gitlab.com. */
  issuer?: string;
}

const GITLAB_ISSUER = "https://gitlab.com";

export function createGitLabProvider(options: GitLabProviderOptions): OAuthProvider {
  const base = (options.issuer ?? GITLAB_ISSUER).replace(/\/+$/, "");
  const user = `${base}/api/v4/user`;
  return defineProvider({
    id: "gitlab",
    name: "GitLab",
    options,
    defaultScopes: ["read_user"],
    sendPKCE: true,
    endpoints: fixedEndpoints({
      authorization: `${base}/oauth/authorize`,
      token: `${base}/oauth/token`,
      userInfo: user,
    }),
    supportsRefresh: true,
    getUserInfo: userInfoProfile({
      // A blocked, deactivated or locked account does not sign in.
      id: (profile) => (profile.state === "active" && profile.locked !== true ? readId(profile.id) : null),
      user: (profile) => ({
        email: readEmail(profile.email),
        // /api/v4/user normally carries no verification flag for the address: false unless it says so.
        emailVerified: readEmailVerified(profile.email_verified),
        name: readOptionalString(profile.name) ?? readOptionalString(profile.username),
        image: readOptionalString(profile.avatar_url),
      }),
    }),
  });
}

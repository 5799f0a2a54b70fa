import { defineProvider, fixedEndpoints, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { joinName, readEmail, readId, readObject, readOptionalString } from "./claims.js";

/** Options of GitHub sign-in (docs/providers.md, the github row). */
export interface GitHubProviderOptions extends BaseProviderOptions {
  clientSecret: string;
}

const API = "https://api.github.com";
/** GitHub's API refuses requests without a User-Agent. */
const API_HEADERS = { "user-agent": "gatehouse", "x-github-api-version": "2022-11-28" };

interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

function readEmails(value: unknown): GitHubEmail[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((entry) => readObject(entry))
    .filter((entry) => typeof entry.email === "string")
    .map((entry) => ({ email: String(entry.email), primary: entry.primary === true, verified: entry.verified === true }));
}

export function createGitHubProvider(options: GitHubProviderOptions): OAuthProvider {
  return defineProvider({
    id: "github",
    name: "GitHub",
    options,
    defaultScopes: ["read:user", "user:email"],
    // S256 only, optional at GitHub since July 2025.
    sendPKCE: true,
    endpoints: fixedEndpoints({
      authorization: "https://github.com/login/oauth/authorize",
      token: "https://github.com/login/oauth/access_token",
      userInfo: `${API}/user`,
    }),
    // Only GitHub Apps with expiring user tokens get refresh tokens; the grant is the standard one.
    supportsRefresh: true,
    async getUserInfo({ tokens, engine }) {
      if (!tokens.accessToken) return null;
      const profile = await engine.fetchJSON(`${API}/user`, { accessToken: tokens.accessToken, headers: API_HEADERS });
      if (!profile || Array.isArray(profile)) return null;
      const id = readId(profile.id);
      if (!id) return null;
      // The verified flag lives only in /user/emails: the profile's public address, or else the
      // primary one, or else the first; a private profile address is null in /user.
      const emails = readEmails(await engine.fetchJSON(`${API}/user/emails`, { accessToken: tokens.accessToken, headers: API_HEADERS }));
      const publicEmail = readEmail(profile.email);
      const chosen = (publicEmail ? emails.find((e) => e.email.toLowerCase() === publicEmail) : undefined) ?? emails.find((e) => e.primary) ?? emails[0];
      const email = publicEmail ?? (chosen ? chosen.email.toLowerCase() : null);
      return {
        user: {
          id,
          email,
          emailVerified: chosen !== undefined && chosen.email.toLowerCase() === email && chosen.verified,
          name: joinName(profile.name) ?? readOptionalString(profile.login),
          image: readOptionalString(profile.avatar_url),
        },
        data: { ...profile, emails },
      };
    },
  });
}

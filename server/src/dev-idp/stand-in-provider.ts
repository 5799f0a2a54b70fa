import { defineProvider, type OAuthProvider } from "@gatehouse/auth-core";

export interface StandInProviderInput {
  /** The real provider's id (callback path /api/auth/callback/{id}, account providerId). */
  id: string;
  /** The real provider's name, for the login screen's button. */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

function readString(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/**
 * A plain OpenID Connect provider at the development identity provider, under another
 * provider's id and name: DEV_IDP_PROVIDERS=github makes "GitHub" sign people in locally.
 */
export function createStandInProvider(input: StandInProviderInput): OAuthProvider {
  return defineProvider({
    id: input.id,
    name: input.name,
    options: { clientId: input.clientId, clientSecret: input.clientSecret },
    defaultScopes: ["openid", "email", "profile"],
    sendPKCE: true,
    endpoints: { discoveryIssuer: input.issuer },
    idToken: { audiences: [input.clientId], maxAgeSeconds: 60 * 60 },
    supportsRefresh: true,
    async getUserInfo({ tokens, engine }) {
      const fromIdToken = tokens.idToken ? await engine.verifyIdToken(tokens.idToken) : null;
      const claims = fromIdToken ?? (tokens.accessToken ? await engine.fetchUserInfo(tokens.accessToken) : null);
      if (!claims || typeof claims.sub !== "string") return null;
      const email = readString(claims.email)?.toLowerCase() ?? null;
      return {
        user: { id: claims.sub, email, emailVerified: claims.email_verified === true, name: readString(claims.name), image: readString(claims.picture) },
        data: claims,
      };
    },
  });
}

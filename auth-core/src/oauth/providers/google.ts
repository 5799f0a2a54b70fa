import { defineProvider, openIdProfile, type BaseProviderOptions } from "../define-provider.js";
import type { ClientAuthentication, OAuthProvider } from "../types.js";
import { readEmail, readEmailVerified, readOptionalString } from "./claims.js";

/** Options of Google sign-in (docs/providers.md, the google row). */
export interface GoogleProviderOptions extends BaseProviderOptions {
  clientSecret: string;
  /** The OpenID issuer whose discovery document is used; default https://accounts.google.com. */
  issuer?: string;
  /** e.g. "consent" (to get a refresh token again) or "select_account". */
  prompt?: string;
  /** "offline" asks for a refresh token. */
  accessType?: "offline" | "online";
  /** Workspace domain; "*" = any. A UI hint for Google, enforced by us on the `hd` claim. */
  hd?: string;
  display?: string;
  /** More client ids (iOS, Android) accepted as ID-token audiences. */
  audience?: string[];
  clientAuthentication?: ClientAuthentication;
}

const GOOGLE_ISSUER = "https://accounts.google.com";

/** Google's `hd` claim against the configured domain; "*" accepts any Workspace domain. */
function acceptsHostedDomain(hd: string, claims: Record<string, unknown>): boolean {
  return hd === "*" ? typeof claims.hd === "string" && claims.hd !== "" : claims.hd === hd;
}

export function createGoogleProvider(options: GoogleProviderOptions): OAuthProvider {
  const issuer = (options.issuer ?? GOOGLE_ISSUER).replace(/\/+$/, "");
  const hd = options.hd;
  return defineProvider({
    id: "google",
    name: "Google",
    options,
    defaultScopes: ["email", "profile", "openid"],
    // better-auth refuses to start a Google flow without a verifier; Google accepts S256.
    sendPKCE: true,
    clientAuthentication: options.clientAuthentication ?? "client_secret_post",
    endpoints: { discoveryIssuer: issuer },
    authorizationParams() {
      const params: Record<string, string> = { include_granted_scopes: "true" };
      if (options.accessType) params.access_type = options.accessType;
      if (options.prompt) params.prompt = options.prompt;
      if (hd) params.hd = hd;
      if (options.display) params.display = options.display;
      return params;
    },
    idToken: {
      audiences: [options.clientId, ...(options.audience ?? [])],
      maxAgeSeconds: 60 * 60,
      additionalIssuers: issuer === GOOGLE_ISSUER ? ["accounts.google.com"] : [],
      acceptClaims: hd ? (claims) => acceptsHostedDomain(hd, claims) : undefined,
    },
    supportsRefresh: true,
    // Google's profile is the ID token itself; better-auth makes no extra call.
    // An ID token past its hour (account-info on an old link) falls back to the user-info call.
    getUserInfo: openIdProfile({
      // The Workspace domain is enforced on the claim whichever way the profile came.
      id: (claims) => (hd && !acceptsHostedDomain(hd, claims) ? null : readOptionalString(claims.sub)),
      user: (claims) => ({
        email: readEmail(claims.email),
        emailVerified: readEmailVerified(claims.email_verified),
        name: readOptionalString(claims.name),
        image: readOptionalString(claims.picture),
      }),
    }),
  });
}

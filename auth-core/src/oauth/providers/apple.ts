import { createHash } from "node:crypto";
import { constantTimeEqual } from "../../crypto/constant-time.js";
import { defineProvider, fixedEndpoints, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider, ProviderRuntime } from "../types.js";
import { createAppleClientSecret } from "./apple-client-secret.js";
import { joinName, readEmail, readEmailVerified, readObject, readOptionalString } from "./claims.js";

/**
 * Options of Sign in with Apple (docs/providers.md, the apple row). The client secret is a
 * ready-made ES256 JWT (`clientSecret`), or signed here from `teamId`, `keyId` and `privateKey`.
 */
export interface AppleProviderOptions extends BaseProviderOptions {
  /** The Services ID (web). */
  clientId: string;
  /** A client-secret JWT signed elsewhere; it is sent as given until it expires. */
  clientSecret?: string;
  teamId?: string;
  keyId?: string;
  /** The .p8 key's PKCS#8 PEM. */
  privateKey?: string;
  /** The app's bundle id: ID tokens from the native SDKs carry it as their audience. */
  appBundleIdentifier?: string;
  /** More accepted ID-token audiences. */
  audience?: string | string[];
}

const APPLE = "https://appleid.apple.com";

/** Apple's native SDKs put the nonce's SHA-256 (hex) in the token; the web flow the nonce itself. */
function matchAppleNonce(claimed: string, expected: string): boolean {
  const hashed = createHash("sha256").update(expected).digest("hex");
  return constantTimeEqual(claimed, expected) || constantTimeEqual(claimed, hashed);
}

/** The name Apple form-posts once, on the first authorization: `{"name":{"firstName","lastName"}}`. */
function readFirstTimeName(user: string | undefined): string | null {
  if (!user) return null;
  try {
    const name = readObject(readObject(JSON.parse(user) as unknown).name);
    return joinName(name.firstName, name.lastName);
  } catch {
    return null;
  }
}

function clientSecretOf(options: AppleProviderOptions): (runtime: ProviderRuntime) => Promise<string> {
  const { clientSecret, teamId, keyId, privateKey } = options;
  if (clientSecret) return async () => clientSecret;
  if (teamId && keyId && privateKey) return createAppleClientSecret({ clientId: options.clientId, teamId, keyId, privateKey });
  throw new Error("Apple sign-in needs clientSecret, or teamId, keyId and privateKey to sign one");
}

export function createAppleProvider(options: AppleProviderOptions): OAuthProvider {
  const extraAudiences = typeof options.audience === "string" ? [options.audience] : (options.audience ?? []);
  return defineProvider({
    id: "apple",
    name: "Apple",
    options,
    defaultScopes: ["email", "name"],
    // better-auth sends S256; Apple's REST documentation does not mention PKCE (unconfirmed).
    sendPKCE: true,
    clientSecret: clientSecretOf(options),
    endpoints: fixedEndpoints({
      authorization: `${APPLE}/auth/authorize`,
      token: `${APPLE}/auth/token`,
      jwks: `${APPLE}/auth/keys`,
      issuers: [APPLE],
    }),
    // Apple requires form_post whenever the name or email scope is asked for.
    authorizationParams: () => ({ response_mode: "form_post" }),
    idToken: {
      audiences: [options.clientId, ...(options.appBundleIdentifier ? [options.appBundleIdentifier] : []), ...extraAudiences],
      maxAgeSeconds: 60 * 60,
      matchNonce: matchAppleNonce,
    },
    supportsRefresh: true,
    async getUserInfo({ tokens, engine, callback }) {
      // Apple has no user-info endpoint: the person is the ID token, plus the first-time name.
      const claims = tokens.idToken ? await engine.verifyIdToken(tokens.idToken) : null;
      if (!claims || typeof claims.sub !== "string") return null;
      const name = readFirstTimeName(callback.user) ?? readOptionalString(claims.name);
      return {
        user: {
          id: claims.sub,
          email: readEmail(claims.email),
          emailVerified: readEmailVerified(claims.email_verified),
          name,
          image: null,
        },
        data: { ...claims, name },
      };
    },
  });
}

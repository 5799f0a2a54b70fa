import { importPKCS8, SignJWT, type CryptoKey } from "jose";
import type { ProviderRuntime } from "../types.js";

/** What Apple needs to sign a client secret (docs/providers.md, the apple row). */
export interface AppleSigningKey {
  /** The Services ID (web) or bundle id the secret is for: its `sub`. */
  clientId: string;
  /** The Apple Developer Team ID: its `iss`. */
  teamId: string;
  /** The id of the Sign in with Apple key: its `kid`. */
  keyId: string;
  /** The downloaded .p8 key (PKCS#8 PEM, P-256). */
  privateKey: string;
}

const APPLE_AUDIENCE = "https://appleid.apple.com";
/** Apple accepts up to six months; a short life limits what a leaked secret is worth. */
const LIFETIME_SECONDS = 60 * 60;
/** Signed anew this long before the current one expires, so no request carries a dying secret. */
const RENEW_BEFORE_SECONDS = 5 * 60;

/**
 * Apple's client secret: an ES256 JWT signed with the team's key, kept and reused until it is
 * near its end and then signed again (time from the injected clock).
 */
export function createAppleClientSecret(key: AppleSigningKey): (runtime: ProviderRuntime) => Promise<string> {
  let current: { token: string; expiresAt: number } | null = null;
  let signingKey: Promise<CryptoKey> | null = null;
  return async (runtime) => {
    const now = Math.floor(runtime.clock.now().getTime() / 1000);
    if (current && current.expiresAt - RENEW_BEFORE_SECONDS > now) return current.token;
    signingKey ??= importPKCS8(key.privateKey, "ES256");
    const expiresAt = now + LIFETIME_SECONDS;
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: "ES256", kid: key.keyId })
      .setIssuer(key.teamId)
      .setSubject(key.clientId)
      .setAudience(APPLE_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(expiresAt)
      .sign(await signingKey);
    current = { token, expiresAt };
    return token;
  };
}

import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload } from "jose";

/** The claims of a Gatehouse session JWT. */
export interface SessionJWTClaims extends JWTPayload {
  sub: string;
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image: string | null;
  /** The session's id. */
  sid: string;
  /** Set when an admin acts as the person (impersonation): the admin's id (RFC 8693 `act`). */
  act?: { sub: string };
}

export interface VerifySessionJWTOptions {
  /** Gatehouse's /api/auth/jwks (fetched once and cached by jose, refetched for an unknown kid). */
  jwksURL?: string | URL;
  /** Or the key set itself. */
  jwks?: JSONWebKeySet;
  issuer: string;
  audience: string;
}

const remoteSets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/**
 * For services that trust Gatehouse users without its database: checks the signature
 * against the published keys, the issuer, the audience and the expiry; throws when any fails.
 */
export async function verifySessionJWT(token: string, options: VerifySessionJWTOptions): Promise<SessionJWTClaims> {
  let keySet: ReturnType<typeof createLocalJWKSet> | ReturnType<typeof createRemoteJWKSet>;
  if (options.jwks) keySet = createLocalJWKSet(options.jwks);
  else if (options.jwksURL) {
    const url = String(options.jwksURL);
    keySet = remoteSets.get(url) ?? createRemoteJWKSet(new URL(url));
    remoteSets.set(url, keySet);
  } else throw new Error("verifySessionJWT needs jwksURL or jwks");
  const { payload } = await jwtVerify(token, keySet, { issuer: options.issuer, audience: options.audience, algorithms: ["EdDSA"] });
  if (typeof payload.sub !== "string" || typeof payload.sid !== "string") throw new Error("not a Gatehouse session JWT");
  return payload as SessionJWTClaims;
}

import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTVerifyOptions } from "jose";
import { constantTimeEqual } from "../crypto/constant-time.js";
import type { IdTokenPolicy, ProviderRuntime } from "./types.js";

interface CachedKeySet {
  keys: ReturnType<typeof createLocalJWKSet>;
  fetchedAt: number;
}

const JWKS_TTL_MS = 60 * 60 * 1000;
/** Seconds of clock skew accepted between us and the provider on exp, iat and the maximum age. */
const CLOCK_TOLERANCE_SECONDS = 30;
/** After an unknown `kid`, the key set is re-read at most this often (key rotation, not abuse). */
const JWKS_REFETCH_COOLDOWN_MS = 30 * 1000;
const ASYMMETRIC_ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];

interface VerifyIdTokenInput {
  token: string;
  jwksURI: string;
  issuers: string[];
  policy: IdTokenPolicy;
  /** When the client sent a nonce, the token must carry the same one. */
  nonce?: string;
}

/** Why a token was refused: "keys-not-found" when no key of the set (read again once) signed it. */
export type IdTokenResult = { ok: true; claims: Record<string, unknown> } | { ok: false; reason: "keys-not-found" | "invalid" };

export type IdTokenVerifier = (runtime: ProviderRuntime, input: VerifyIdTokenInput) => Promise<IdTokenResult>;

/** The nonce rule: exact by default, or the provider's own (Apple accepts the SHA-256 too). */
export function nonceMatches(policy: IdTokenPolicy, claimed: unknown, expected: string): boolean {
  if (typeof claimed !== "string") return false;
  return policy.matchNonce ? policy.matchNonce(claimed, expected) : constantTimeEqual(claimed, expected);
}

/**
 * ID-token verification against the issuer's JWKS (cached per auth instance): signature, `iss`,
 * `aud`, `exp`, the maximum age from `iat`, and the nonce. Time is the injected clock.
 */
export function createIdTokenVerifier(): IdTokenVerifier {
  const cache = new Map<string, CachedKeySet>();

  async function loadKeys(runtime: ProviderRuntime, uri: string, force: boolean): Promise<CachedKeySet> {
    const now = runtime.clock.now().getTime();
    const cached = cache.get(uri);
    if (cached && now - cached.fetchedAt < JWKS_TTL_MS && (!force || now - cached.fetchedAt < JWKS_REFETCH_COOLDOWN_MS)) return cached;
    const response = await runtime.fetch(uri, { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`JWKS at ${uri} answered ${response.status}`);
    const entry = { keys: createLocalJWKSet((await response.json()) as JSONWebKeySet), fetchedAt: now };
    cache.set(uri, entry);
    return entry;
  }

  return async (runtime, input) => {
    const { policy } = input;
    const options: JWTVerifyOptions = {
      audience: policy.audiences,
      algorithms: policy.algorithms ?? ASYMMETRIC_ALGORITHMS,
      currentDate: runtime.clock.now(),
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      ...(policy.matchIssuer ? {} : { issuer: input.issuers }),
      ...(policy.maxAgeSeconds === null ? {} : { maxTokenAge: policy.maxAgeSeconds }),
    };
    let claims: Record<string, unknown>;
    try {
      let keySet = await loadKeys(runtime, input.jwksURI, false);
      try {
        claims = (await jwtVerify(input.token, keySet.keys, options)).payload;
      } catch (error) {
        if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
        keySet = await loadKeys(runtime, input.jwksURI, true);
        claims = (await jwtVerify(input.token, keySet.keys, options)).payload;
      }
    } catch (error) {
      runtime.logger.warn("ID token refused", { reason: error instanceof Error ? error.name : "unknown" });
      return { ok: false, reason: error instanceof errors.JWKSNoMatchingKey ? "keys-not-found" : "invalid" };
    }
    const { matchIssuer } = policy;
    if (matchIssuer) {
      const issuer = claims.iss;
      // A rule that cannot decide (its document did not come) refuses.
      const accepted =
        typeof issuer === "string" &&
        (await Promise.resolve()
          .then(() => matchIssuer(issuer, claims, runtime))
          .catch(() => false));
      if (!accepted) return { ok: false, reason: "invalid" };
    }
    if (input.nonce !== undefined && !nonceMatches(policy, claims.nonce, input.nonce)) return { ok: false, reason: "invalid" };
    if (policy.acceptClaims && !policy.acceptClaims(claims)) return { ok: false, reason: "invalid" };
    return { ok: true, claims };
  };
}

import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet } from "jose";
import type { AuthContext } from "../context.js";
import { constantTimeEqual } from "../crypto/constant-time.js";
import type { IdTokenPolicy } from "./types.js";

interface CachedKeySet {
  keys: ReturnType<typeof createLocalJWKSet>;
  fetchedAt: number;
}

const JWKS_TTL_MS = 60 * 60 * 1000;
/** Seconds of clock skew accepted between us and the provider on exp, iat and the maximum age. */
const CLOCK_TOLERANCE_SECONDS = 30;
/** After an unknown `kid`, the key set is re-read at most this often (key rotation, not abuse). */
const JWKS_REFETCH_COOLDOWN_MS = 30 * 1000;

export interface VerifyIdTokenInput {
  token: string;
  jwksURI: string;
  issuers: string[];
  policy: IdTokenPolicy;
  /** When the client sent a nonce, the token must carry the same one. */
  nonce?: string;
}

export type IdTokenVerifier = (ctx: AuthContext, input: VerifyIdTokenInput) => Promise<Record<string, unknown> | null>;

/**
 * ID-token verification against the issuer's JWKS (cached): signature, `iss`, `aud`, `exp`, the
 * maximum age from `iat`, and the nonce. Time is the injected clock. Null when anything fails.
 */
export function createIdTokenVerifier(): IdTokenVerifier {
  const cache = new Map<string, CachedKeySet>();

  async function loadKeys(ctx: AuthContext, uri: string, force: boolean): Promise<CachedKeySet> {
    const now = ctx.clock.now().getTime();
    const cached = cache.get(uri);
    if (cached && now - cached.fetchedAt < JWKS_TTL_MS && (!force || now - cached.fetchedAt < JWKS_REFETCH_COOLDOWN_MS)) return cached;
    const response = await ctx.fetch(uri, { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`JWKS at ${uri} answered ${response.status}`);
    const entry = { keys: createLocalJWKSet((await response.json()) as JSONWebKeySet), fetchedAt: now };
    cache.set(uri, entry);
    return entry;
  }

  return async (ctx, input) => {
    const options = {
      issuer: input.issuers,
      audience: input.policy.audiences,
      currentDate: ctx.clock.now(),
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      ...(input.policy.maxAgeSeconds === null ? {} : { maxTokenAge: input.policy.maxAgeSeconds }),
    };
    let claims: Record<string, unknown>;
    try {
      let keySet = await loadKeys(ctx, input.jwksURI, false);
      try {
        claims = (await jwtVerify(input.token, keySet.keys, options)).payload;
      } catch (error) {
        if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
        keySet = await loadKeys(ctx, input.jwksURI, true);
        claims = (await jwtVerify(input.token, keySet.keys, options)).payload;
      }
    } catch (error) {
      ctx.logger.warn("ID token refused", { reason: error instanceof Error ? error.name : "unknown" });
      return null;
    }
    if (input.nonce !== undefined && (typeof claims.nonce !== "string" || !constantTimeEqual(claims.nonce, input.nonce))) return null;
    if (input.policy.acceptClaims && !input.policy.acceptClaims(claims)) return null;
    return claims;
  };
}

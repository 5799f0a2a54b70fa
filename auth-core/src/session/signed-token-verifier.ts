import { hashToken } from "../crypto/token-hash.js";
import { verifySignedCookieValue } from "../http/cookies.js";
import { setBounded } from "../shared/bounded-map.js";

/** Checks the signature of a session cookie (or bearer token) and returns the raw token. */
export interface SignedTokenVerifier {
  verify(signed: string): string | null;
  /** The token's SHA-256 as stored (hashToken), remembered for the tokens that passed `verify`. */
  hashOf(token: string): string;
}

/**
 * The HMAC check of a signed session token, remembered for the values that passed it: every
 * get-session repeats the check on the same few cookies, and an HMAC costs more than the
 * session lookup's own query. Only the signature's verdict is kept, never a session: the
 * database is still asked on every request, so a sign-out or a revocation takes effect at once.
 * A forged value is never stored (it is checked each time); the store is bounded, oldest first.
 */
export function createSignedTokenVerifier(key: Buffer, limit = 4096): SignedTokenVerifier {
  const verified = new Map<string, string>();
  const hashes = new Map<string, string>();
  return {
    verify(signed) {
      const known = verified.get(signed);
      if (known !== undefined) return known;
      const token = verifySignedCookieValue(key, signed);
      if (token === null) return null;
      const dropped = setBounded(verified, limit, signed, token);
      if (dropped) hashes.delete(dropped[1]);
      hashes.set(token, hashToken(token));
      return token;
    },
    hashOf: (token) => hashes.get(token) ?? hashToken(token),
  };
}

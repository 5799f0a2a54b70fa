import { createHash } from "node:crypto";
import { constantTimeEqual } from "../crypto/constant-time.js";
import { signValue } from "../crypto/token-hash.js";

/**
 * The authorization request as the login and consent pages carry it: its parameters, `exp`
 * (seconds) and `sig`, an HMAC under a key derived from the auth secret over the other parameters
 * sorted. The pages treat it as opaque and send it back as `oauth_query`; a query that was not
 * made here, was changed, or expired is refused.
 */

/** How long a person may take on the login and consent pages. */
const SIGNED_QUERY_SECONDS = 30 * 60;

function keyFor(secret: string): Buffer {
  return createHash("sha256").update(`gatehouse-oauth-query:${secret}`).digest();
}

function canonical(params: URLSearchParams): string {
  const entries = [...params.entries()].filter(([key]) => key !== "sig").sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return new URLSearchParams(entries).toString();
}

export function signAuthorizationQuery(secret: string, params: URLSearchParams, now: Date): string {
  const signed = new URLSearchParams(params);
  signed.delete("sig");
  signed.set("exp", String(Math.floor(now.getTime() / 1000) + SIGNED_QUERY_SECONDS));
  signed.set("sig", signValue(keyFor(secret), canonical(signed)));
  return signed.toString();
}

/** The authorization request's parameters (without exp and sig), or null for a query not signed here or expired. */
export function verifyAuthorizationQuery(secret: string, query: string, now: Date): URLSearchParams | null {
  const params = new URLSearchParams(query.startsWith("?") ? query.slice(1) : query);
  const sig = params.get("sig");
  const exp = Number(params.get("exp"));
  if (!sig || !Number.isFinite(exp)) return null;
  if (!constantTimeEqual(sig, signValue(keyFor(secret), canonical(params)))) return null;
  if (exp * 1000 < now.getTime()) return null;
  params.delete("sig");
  params.delete("exp");
  return params;
}

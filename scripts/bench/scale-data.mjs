// The scale data set's shape (docs/performance.md, "At a million people"): counts, spreads and the
// secrets every seeded token and key is derived from, shared by the seed (seed.mjs) and the scale
// bench (scale.mjs) so the bench can present any seeded person's cookie or key without reading it
// back. Plain JavaScript, no Gatehouse code.
import { createHash, createHmac } from "node:crypto";

export const DAY = 86_400_000;
export const HOUR = 3_600_000;

/** Where the seed keeps its SQLite files and manifests unless told otherwise. */
export const SCALE_DIR = process.env.BENCH_SCALE_DIR ?? "/var/tmp/gatehouse-scale";
/** The password every seeded person signs in with (one scrypt hash, computed once per seed). */
export const SEED_PASSWORD = "scale-bench-password-1";
/** The server secret the bench starts Gatehouse with: session cookies are signed under it. */
export const SCALE_AUTH_SECRET = "scale-bench-auth-secret-0123456789abcdef";

/** The counts for `people` people (the issue's, at 1,000,000). */
export function countsFor(people) {
  const bigSize = Math.min(50_000, Math.max(10, Math.floor(people / 20)));
  return {
    people,
    liveSessions: 3 * people,
    expiredSessions: 7 * people,
    accounts: 2 * people,
    passkeys: Math.floor(people / 5),
    organizations: Math.max(10, Math.floor(people / 50)),
    bigOrganizations: 5,
    bigOrganizationSize: bigSize,
    apiKeys: Math.floor(people / 2),
    auditRows: 50 * people,
    auditDays: 400,
    verifications: Math.floor(people / 10),
    rateLimits: Math.floor(people / 5),
    // People with many sessions (sign-in, list-sessions, revoke-sessions at 500).
    heavyPeople: 10,
    heavySessions: 500,
  };
}

/** A deterministic generator of numbers in [0, 1) (mulberry32), one stream per seed. */
export function randomStream(seed) {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const personId = (i) => `u${String(i).padStart(8, "0")}`;
export const organizationId = (o) => `o${String(o).padStart(6, "0")}`;

/** The session token of live session `s` (0 ≤ s < liveSessions; heavy people's after those). */
export function sessionToken(secret, s) {
  return createHmac("sha256", secret).update(`session:${s}`).digest("hex").slice(0, 32);
}
/** Person `i`'s API key (even people have one): 64 letters, as the api-key plugin's alphabet. */
export function apiKey(secret, i) {
  const hex = createHmac("sha256", secret).update(`key:${i}`).digest("hex");
  let key = "";
  for (const c of hex) key += String.fromCharCode(97 + parseInt(c, 16));
  return key;
}
/** SHA-256, base64url: how Gatehouse stores a token or key. */
export const storedHash = (value) => createHash("sha256").update(value).digest("base64url");

/** The session cookie value Gatehouse accepts for `token` under `authSecret` (signed as auth-core signs it). */
export function signedCookie(authSecret, token) {
  const key = createHash("sha256").update(`gatehouse-cookie:${authSecret}`).digest();
  return `${token}.${createHmac("sha256", key).update(token).digest("base64url")}`;
}

/** The person a live session belongs to: session s is person s mod people's (every person has 3). */
export const ownerOfLiveSession = (people, s) => s % people;

import type { AuthContext } from "../context.js";
import type { ResponseDraft } from "../endpoint.js";
import { APIError } from "../errors.js";
import { hashToken } from "../crypto/token-hash.js";
import { generateId, randomAlphanumeric } from "../deps/random.js";
import { cookieName, readCookie, serializeCookie, signCookieValue, verifySignedCookieValue } from "../http/cookies.js";
import { consumeVerification, deleteVerificationsByIdentifier, insertVerification } from "../store/verification-store.js";

/** A challenge lives this long: a few times the ceremony timeout (spec §9: 60000 ms). */
const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

export type CeremonyKind = "registration" | "authentication";

/** What the server keeps about a ceremony in progress (a verification value). */
export interface CeremonyChallenge {
  kind: CeremonyKind;
  /** base64url, exactly as in the options sent to the browser. */
  challenge: string;
  /** The person the ceremony is for: the registrant, or the owner of the allowed credentials. */
  userId: string | null;
  /** Registration only: the name asked for with the options. */
  name: string | null;
}

const TOKEN_LENGTH = 32;

/** `__Secure-gatehouse.passkey_challenge` over https, `gatehouse.passkey_challenge` otherwise. */
function challengeCookieName(ctx: AuthContext): string {
  return cookieName(ctx.options.cookies, "passkey_challenge");
}

// The cookie holds the raw token; the store only its hash, like every other bearer token.
const CHALLENGE = "passkey-challenge";

function readChallengeToken(ctx: AuthContext, headers: Headers): string | null {
  const signed = readCookie(headers.get("cookie"), challengeCookieName(ctx));
  return signed ? verifySignedCookieValue(ctx.cookieKey, signed) : null;
}

function challengeCookie(ctx: AuthContext, value: string, maxAgeSeconds: number): string {
  return serializeCookie(challengeCookieName(ctx), value, {
    maxAge: maxAgeSeconds,
    httpOnly: true,
    secure: ctx.options.cookies.secure,
    sameSite: "Lax",
  });
}

/**
 * Stores a new challenge and binds it to this browser with a signed cookie. A challenge this
 * browser held before is dropped: one ceremony per browser at a time.
 */
export async function issueChallenge(ctx: AuthContext, headers: Headers, draft: ResponseDraft, challenge: CeremonyChallenge): Promise<void> {
  const previous = readChallengeToken(ctx, headers);
  if (previous) await deleteVerificationsByIdentifier(ctx.db, CHALLENGE, hashToken(previous));
  const now = ctx.clock.now();
  const token = randomAlphanumeric(ctx.random, TOKEN_LENGTH);
  await insertVerification(ctx.db, {
    id: generateId(ctx.random),
    flow: CHALLENGE,
    key: hashToken(token),
    value: JSON.stringify(challenge),
    expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
    now,
  });
  draft.headers.append("set-cookie", challengeCookie(ctx, signCookieValue(ctx.cookieKey, token), CHALLENGE_LIFETIME_MS / 1000));
}

function parseChallenge(value: string): CeremonyChallenge | null {
  try {
    const parsed = JSON.parse(value) as Partial<CeremonyChallenge>;
    if ((parsed.kind !== "registration" && parsed.kind !== "authentication") || typeof parsed.challenge !== "string") return null;
    return {
      kind: parsed.kind,
      challenge: parsed.challenge,
      userId: typeof parsed.userId === "string" ? parsed.userId : null,
      name: typeof parsed.name === "string" ? parsed.name : null,
    };
  } catch {
    return null;
  }
}

/**
 * Takes this browser's challenge for a ceremony of the given kind: single use (consumed whatever
 * the outcome), unexpired by the injected clock, and never one issued for the other ceremony.
 * Throws 400 CHALLENGE_NOT_FOUND otherwise. A successful answer clears the cookie; after a
 * failure it points at a value that no longer exists.
 */
export async function takeChallenge(ctx: AuthContext, headers: Headers, draft: ResponseDraft, kind: CeremonyKind): Promise<CeremonyChallenge> {
  const token = readChallengeToken(ctx, headers);
  if (!token) throw APIError.from(400, "CHALLENGE_NOT_FOUND");
  draft.headers.append("set-cookie", challengeCookie(ctx, "", 0));
  const row = await consumeVerification(ctx.db, CHALLENGE, hashToken(token), ctx.clock.now());
  const challenge = row ? parseChallenge(row.value) : null;
  if (!challenge || challenge.kind !== kind) throw APIError.from(400, "CHALLENGE_NOT_FOUND");
  return challenge;
}

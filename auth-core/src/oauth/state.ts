import { z } from "zod";
import type { AuthContext } from "../context.js";
import type { ResponseDraft } from "../endpoint.js";
import { constantTimeEqual } from "../crypto/constant-time.js";
import { hashToken, signValue } from "../crypto/token-hash.js";
import { generateId, randomAlphanumeric } from "../deps/random.js";
import { APIError } from "../errors.js";
import { cookieName, readCookie, serializeCookie, signCookieValue, verifySignedCookieValue } from "../http/cookies.js";
import { consumeVerification, insertVerification } from "../store/verification-store.js";
import { generateCodeVerifier } from "./pkce.js";

/** Spec §9: a state of 32 random characters, living 10 minutes. */
const STATE_LENGTH = 32;
const STATE_LIFETIME_SECONDS = 10 * 60;

/** Spec §3: the verification value of an OAuth state. */
const stateData = z.object({
  callbackURL: z.string(),
  codeVerifier: z.string(),
  errorURL: z.string().optional(),
  newUserURL: z.string().optional(),
  link: z.object({ email: z.string(), userId: z.string() }).optional(),
  expiresAt: z.number(),
  requestSignUp: z.boolean().optional(),
});

export type OAuthStateData = z.infer<typeof stateData>;

function stateCookieName(ctx: AuthContext): string {
  return cookieName(ctx.options.cookies, "oauth_state");
}

/**
 * The state is stored under its SHA-256 (a database reader cannot replay it) and bound to the
 * browser that started the flow by a signed, HttpOnly cookie holding the raw state. The
 * identifier records the provider the flow was started for: a callback for another
 * provider finds no state, so one provider's code and PKCE verifier never reach another's token
 * endpoint. (Spec §3 fixes the fields of the stored value, so the provider lives in the key.)
 */
function stateKey(providerId: string, state: string): string {
  return `${providerId}:${hashToken(state)}`;
}

export async function createOAuthState(
  ctx: AuthContext,
  draft: ResponseDraft,
  providerId: string,
  input: Omit<OAuthStateData, "codeVerifier" | "expiresAt">,
): Promise<{ state: string; codeVerifier: string; nonce: string }> {
  const now = ctx.clock.now();
  const state = randomAlphanumeric(ctx.random, STATE_LENGTH);
  const codeVerifier = generateCodeVerifier(ctx.random);
  const expiresAt = new Date(now.getTime() + STATE_LIFETIME_SECONDS * 1000);
  const data: OAuthStateData = { ...input, codeVerifier, expiresAt: expiresAt.getTime() };
  try {
    await insertVerification(ctx.db, {
      id: generateId(ctx.random),
      flow: "oauth-state",
      key: stateKey(providerId, state),
      value: JSON.stringify(data),
      expiresAt,
      now,
    });
  } catch (error) {
    // Spec §8: the flow cannot start without its stored state.
    ctx.logger.error("OAuth state not stored", { error: error instanceof Error ? error.message : String(error) });
    throw APIError.from(500, "UNABLE_TO_CREATE_VERIFICATION");
  }
  draft.headers.append(
    "set-cookie",
    serializeCookie(stateCookieName(ctx), signCookieValue(ctx.cookieKey, state), {
      maxAge: STATE_LIFETIME_SECONDS,
      httpOnly: true,
      secure: ctx.options.cookies.secure,
      sameSite: "Lax",
    }),
  );
  return { state, codeVerifier, nonce: flowNonce(ctx, codeVerifier) };
}

export type ConsumedState = { ok: true; data: OAuthStateData } | { ok: false; reason: "cookie_mismatch" | "not_found" | "expired" | "corrupt" };

/**
 * Takes the state for the callback: the browser must present the cookie of this very state
 * (checked first, so a stranger cannot burn someone else's state), then the stored value is
 * consumed by one delete (replay finds nothing) and must not have expired. Only a state started
 * for `providerId` is found.
 */
export async function consumeOAuthState(ctx: AuthContext, draft: ResponseDraft, headers: Headers, providerId: string, state: string): Promise<ConsumedState> {
  const signed = readCookie(headers.get("cookie"), stateCookieName(ctx));
  const bound = signed ? verifySignedCookieValue(ctx.cookieKey, signed) : null;
  if (bound === null || !constantTimeEqual(bound, state)) return { ok: false, reason: "cookie_mismatch" };
  draft.headers.append(
    "set-cookie",
    serializeCookie(stateCookieName(ctx), "", { maxAge: 0, httpOnly: true, secure: ctx.options.cookies.secure, sameSite: "Lax" }),
  );
  const now = ctx.clock.now();
  const row = await consumeVerification(ctx.db, "oauth-state", stateKey(providerId, state), now);
  if (!row) return { ok: false, reason: "not_found" };
  let parsed: OAuthStateData;
  try {
    parsed = stateData.parse(JSON.parse(row.value));
  } catch {
    return { ok: false, reason: "corrupt" };
  }
  if (parsed.expiresAt <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, data: parsed };
}

/**
 * The nonce of a redirect flow: derived from the flow's secret code verifier under
 * the auth secret, so the callback can require it in the ID token without storing it (spec §3
 * fixes the fields of the stored state).
 */
export function flowNonce(ctx: AuthContext, codeVerifier: string): string {
  return signValue(ctx.cookieKey, `oidc-nonce:${codeVerifier}`);
}

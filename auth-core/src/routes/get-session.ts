import { z } from "zod";
import { defineEndpoint, type ClientInfo, type ResponseDraft } from "../endpoint.js";
import type { AuthContext } from "../context.js";
import { toWireSession, toWireUser } from "../http/public-json.js";
import { isRefreshDue, refreshSessionIfDue, validateSessionTokenNow, type ActiveSession } from "../session/session.js";
import { buildClearedSessionCookie, buildSessionCookie, readSessionToken, sessionCookieName } from "../session/session-cookie.js";
import { readCookie } from "../http/cookies.js";
import type { WireSessionResult } from "../shared/wire-types.js";
import { readApiKeyHeader, resolveApiKeySession } from "../api-key/key-session.js";
import { APIError } from "../errors.js";

const query = z.object({
  disableRefresh: z.enum(["true", "false"]).optional(),
  disableCookieCache: z.enum(["true", "false"]).optional(),
});

type Answer = WireSessionResult | null;

/**
 * JSON null when signed out (better-auth 1.x); a stale or forged cookie is cleared. Answers
 * without a promise when nothing had to be waited for: a session read at once (SQLite) with no
 * refresh due and its JWT still reusable, a key whose use wrote nothing, or no session at all.
 */
export const getSession = defineEndpoint({
  name: "getSession",
  method: "GET",
  path: "/get-session",
  query,
  session: "none",
  // What the handler answers without a cookie, a bearer token or a key (signedOut, below).
  anonymousAnswer: { value: null },
  rateLimit: "default",
  audit: { none: "reads the session; its sliding refresh is no change the log keeps (an API key's use is recorded by the key check)" },
  handler({ ctx, query, headers, response, client }): Answer | Promise<Answer> {
    const apiKey = readApiKeyHeader(ctx, headers);
    if (apiKey !== null) return answerForApiKey(ctx, apiKey, client);
    const token = readSessionToken(ctx, headers);
    if (!token) return signedOut(ctx, headers, response);
    const active = validateSessionTokenNow(ctx, token);
    if (active instanceof Promise) return active.then((found) => (found ? answerFor(ctx, query, response, found) : signedOut(ctx, headers, response)));
    return active ? answerFor(ctx, query, response, active) : signedOut(ctx, headers, response);
  },
});

type Query = z.infer<typeof query>;

/** A key stands for its owner (an organization's key has no person: refused). */
function answerForApiKey(ctx: AuthContext, apiKey: string, client: ClientInfo): Answer | Promise<Answer> {
  const keySession = resolveApiKeySession(ctx, apiKey, client);
  return keySession instanceof Promise ? keySession.then(keyAnswer) : keyAnswer(keySession);
}

function keyAnswer(keySession: ActiveSession): Answer {
  if (keySession.apiKey?.organizationId) throw APIError.from(401, "INVALID_REFERENCE_ID_FROM_API_KEY");
  return { session: toWireSession(keySession.session, keySession.token), user: toWireUser(keySession.user) };
}

function signedOut(ctx: AuthContext, headers: Headers, response: ResponseDraft): null {
  if (readCookie(headers.get("cookie"), sessionCookieName(ctx)) !== null) {
    response.headers.append("set-cookie", buildClearedSessionCookie(ctx));
  }
  return null;
}

function answerFor(ctx: AuthContext, query: Query, response: ResponseDraft, active: ActiveSession): Answer | Promise<Answer> {
  if (query.disableRefresh !== "true" && isRefreshDue(ctx, active)) {
    return refreshSessionIfDue(ctx, active).then((moved) => {
      if (moved) response.headers.append("set-cookie", buildSessionCookie(ctx, active.token, { rememberMe: true, expiresAt: active.session.expiresAt }));
      return withJWT(ctx, response, active);
    });
  }
  return withJWT(ctx, response, active);
}

/** The session's JWT for the services behind this app, reused (not signed per request). */
function withJWT(ctx: AuthContext, response: ResponseDraft, active: ActiveSession): Answer | Promise<Answer> {
  const answer = { session: toWireSession(active.session, active.token), user: toWireUser(active.user) };
  if (!ctx.options.jwt.enabled) return answer;
  const reusable = ctx.sessionJWT.reusableToken(ctx, active);
  if (reusable !== null) {
    setJWTHeaders(response, reusable);
    return answer;
  }
  return ctx.sessionJWT.tokenFor(ctx, active).then((jwt) => {
    setJWTHeaders(response, jwt);
    return answer;
  });
}

function setJWTHeaders(response: ResponseDraft, jwt: string): void {
  // In the order a Headers object lists them (by name), so the answer's bytes are the same either way.
  response.setHeader("access-control-expose-headers", "set-auth-jwt");
  response.setHeader("set-auth-jwt", jwt);
}

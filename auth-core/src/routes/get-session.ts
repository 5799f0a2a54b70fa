import { z } from "zod";
import { defineEndpoint, type ClientInfo, type ResponseDraft } from "../endpoint.js";
import type { AuthContext } from "../context.js";
import { toWireSession, toWireUser } from "../http/public-json.js";
import { isRefreshDue, refreshSessionIfDue, validateSessionToken, type ActiveSession } from "../session/session.js";
import { buildClearedSessionCookie, buildSessionCookie, readSessionToken, sessionCookieName } from "../session/session-cookie.js";
import { readCookie } from "../http/cookies.js";
import type { WireSessionResult } from "../shared/wire-types.js";
import { keySessionRow, readApiKeyHeader, useRequestKey } from "../api-key/key-session.js";
import type { UsedApiKey } from "../api-key/use-api-key.js";
import { APIError } from "../errors.js";
import { SESSION_ENDED_HEADER, wasSessionEndedByBan } from "../account/ban.js";

const query = z.object({
  disableRefresh: z.enum(["true", "false"]).optional(),
  disableCookieCache: z.enum(["true", "false"]).optional(),
});

type Answer = WireSessionResult | null;

/**
 * JSON null when signed out (better-auth 1.x); a stale or forged cookie is cleared, and one whose
 * session a ban ended says so in `x-gatehouse-session-ended: BANNED_USER` (Gatehouse's own). The
 * answers that need no waiting (no credentials at all, or a session read at once on SQLite with
 * nothing to refresh) are given before the router, by the fast path (fast-path/get-session.ts),
 * which answers exactly what this handler would.
 */
export const getSession = defineEndpoint({
  name: "getSession",
  method: "GET",
  path: "/get-session",
  query,
  session: "none",
  rateLimit: "default",
  audit: { none: "reads the session; its sliding refresh is no change the log keeps (an API key's use is recorded by the key check)" },
  async handler({ ctx, query, headers, response, client }): Promise<Answer> {
    const apiKey = readApiKeyHeader(ctx, headers);
    if (apiKey !== null) return keyAnswer(ctx, await useRequestKey(ctx, apiKey, client), apiKey, client);
    const token = readSessionToken(ctx, headers);
    const active = token ? await validateSessionToken(ctx, token) : null;
    if (!active) {
      if (token && (await wasSessionEndedByBan(ctx.db, ctx.sessionTokens.hashOf(token), ctx.clock.now())))
        response.headers.set(SESSION_ENDED_HEADER, "BANNED_USER");
      return signedOut(ctx, headers, response);
    }
    if (query.disableRefresh !== "true" && isRefreshDue(ctx, active) && (await refreshSessionIfDue(ctx, active))) {
      response.headers.append("set-cookie", buildSessionCookie(ctx, active.token, { rememberMe: true, expiresAt: active.session.expiresAt }));
    }
    // An in-process call for the data alone never sees the header: no signature is made for it.
    if (ctx.options.jwt.enabled && response.headersUnread !== true) setJWTHeaders(response.headers, await ctx.sessionJWT.tokenFor(ctx, active));
    return sessionAnswer(active);
  },
});

/** A person's key answers as its owner's session (an organization's key has no person: refused). */
export function keyAnswer(ctx: AuthContext, used: UsedApiKey, key: string, client: ClientInfo): Answer {
  if (used.record.organizationId !== null) throw APIError.from(401, "INVALID_REFERENCE_ID_FROM_API_KEY");
  return { session: toWireSession(keySessionRow(ctx, used, client), key), user: toWireUser(used.user) };
}

export function sessionAnswer(active: ActiveSession): WireSessionResult {
  return { session: toWireSession(active.session, active.token), user: toWireUser(active.user) };
}

function signedOut(ctx: AuthContext, headers: Headers, response: ResponseDraft): null {
  if (readCookie(headers.get("cookie"), sessionCookieName(ctx)) !== null) {
    response.headers.append("set-cookie", buildClearedSessionCookie(ctx));
  }
  return null;
}

/** The session's JWT for the services behind this app, reused (not signed per request). */
export function setJWTHeaders(headers: { set(name: string, value: string): void }, jwt: string): void {
  headers.set("access-control-expose-headers", "set-auth-jwt");
  headers.set("set-auth-jwt", jwt);
}

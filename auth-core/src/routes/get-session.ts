import { z } from "zod";
import { defineEndpoint } from "../endpoint.js";
import { toWireSession, toWireUser } from "../http/public-json.js";
import { isRefreshDue, refreshSessionIfDue, validateSessionToken } from "../session/session.js";
import { buildClearedSessionCookie, buildSessionCookie, readSessionToken } from "../session/session-cookie.js";
import { readCookie } from "../http/cookies.js";
import { sessionCookieName } from "../session/session-cookie.js";
import type { WireSessionResult } from "../shared/wire-types.js";
import { readApiKeyHeader, resolveApiKeySession } from "../api-key/key-session.js";
import { APIError } from "../errors.js";

const query = z.object({
  disableRefresh: z.enum(["true", "false"]).optional(),
  disableCookieCache: z.enum(["true", "false"]).optional(),
});

/** JSON null when signed out (better-auth 1.x); a stale or forged cookie is cleared. */
export const getSession = defineEndpoint({
  name: "getSession",
  method: "GET",
  path: "/get-session",
  query,
  session: "none",
  rateLimit: "default",
  audit: { none: "reads the session; its sliding refresh is no change the log keeps (an API key's use is recorded by the key check)" },
  async handler({ ctx, query, headers, response, client }): Promise<WireSessionResult | null> {
    const apiKey = readApiKeyHeader(ctx, headers);
    if (apiKey !== null) {
      // An API key stands for its owner (an organization's key has no person: refused).
      const keySession = await resolveApiKeySession(ctx, apiKey, client);
      if (keySession.apiKey?.organizationId) throw APIError.from(401, "INVALID_REFERENCE_ID_FROM_API_KEY");
      return { session: toWireSession(keySession.session, keySession.token), user: toWireUser(keySession.user) };
    }
    const token = readSessionToken(ctx, headers);
    const active = token ? await validateSessionToken(ctx, token) : null;
    if (!active) {
      if (readCookie(headers.get("cookie"), sessionCookieName(ctx)) !== null) {
        response.headers.append("set-cookie", buildClearedSessionCookie(ctx));
      }
      return null;
    }
    if (query.disableRefresh !== "true" && isRefreshDue(ctx, active) && (await refreshSessionIfDue(ctx, active))) {
      response.headers.append("set-cookie", buildSessionCookie(ctx, active.token, { rememberMe: true, expiresAt: active.session.expiresAt }));
    }
    if (ctx.options.jwt.enabled) {
      // With the jwt option: the session's JWT for the services behind this app, reused (not signed per request).
      response.headers.set("set-auth-jwt", ctx.sessionJWT.reusableToken(ctx, active) ?? (await ctx.sessionJWT.tokenFor(ctx, active)));
      response.headers.set("access-control-expose-headers", "set-auth-jwt");
    }
    return { session: toWireSession(active.session, active.token), user: toWireUser(active.user) };
  },
});

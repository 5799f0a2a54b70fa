import type { AuthContext } from "../context.js";
import { readApiKeyHeader } from "../api-key/key-session.js";
import { countsNothing, judgeCount, judgeKey, keyUseAudit, writeUseAfterAnswer } from "../api-key/use-api-key.js";
import { resolveClientAddress } from "../http/client-address.js";
import { jsonResponse, NO_HEADERS } from "../http/json-response.js";
import { rateLimitClientKey, rateLimitRefusal, resolveEndpointRateLimit } from "../http/rate-limit.js";
import { RequestClient, splitRequestURL, type HandlerInfo } from "../http/request-parts.js";
import { translatedErrorResponse } from "../i18n/translate-error.js";
import { getSession, keyAnswer, sessionAnswer, setJWTHeaders } from "../routes/get-session.js";
import { isRefreshDue, isSessionCurrent, type ActiveSession } from "../session/session.js";
import { readSessionToken } from "../session/session-cookie.js";
import type { ApiKeyWithOwner } from "../store/api-key-store.js";
import type { Lookups, PreparedLookup } from "../store/lookups.js";
import type { SessionWithUserRow } from "../store/session-store.js";

/**
 * The router's one speed hook: an answer at once; a promise of one (undefined: the router answers
 * after all); or undefined to leave the request to the router.
 */
export type FastPath = (request: Request, info: HandlerInfo) => Response | Promise<Response | undefined> | undefined;

export interface FastPathLookups {
  lookups: Lookups;
  session: PreparedLookup<unknown, SessionWithUserRow>;
  apiKey: PreparedLookup<unknown, ApiKeyWithOwner>;
}

/**
 * What get-session answers (data and its own headers), or undefined when the router must run its
 * handler; `then`: what the answer hands to the work after it, once it is given (not refused by the limit).
 */
type Answer = { data: unknown; headers?: Record<string, string>; then?: () => void } | undefined;

/** A session's answer whose JWT is being signed (the only wait this path takes on): then as Answer. */
type Signing = { data: unknown; jwt: Promise<string> };

const SIGNED_OUT: Answer = { data: null };

/**
 * GET /get-session, the request of every page load, answered before the router when nothing
 * has to be waited for (the handler, routes/get-session.ts, answers the same to everything
 * else, and exactly this to these):
 * - no cookie, Authorization or API key: the signed-out `null`;
 * - a session cookie or bearer token whose session the database read at once (SQLite with its
 *   connection free: Lookups.readNow), still current, no impersonation, no sliding refresh due;
 *   its JWT reused at once, or signed first (the session's first request in this process, or
 *   past its reuse): then a promise, and the row is not read a second time by the router;
 * - a person's API key read at once that passes every check and whose use counts nothing (no
 *   limit, no quota): its bookkeeping, if due, is written after the answer (api-key/).
 * Anything else (a query, a stale cookie to clear, a write, a refusal other than the rate
 * limit's) goes to the router. The answer is decided before the rate limit is counted, and the
 * limit is counted only when this path answers, so a request is never counted twice. Without
 * an in-memory limiter (the limit on, windows in the database) there is no fast path. A GET
 * needs no origin check (origin-check.ts passes safe methods).
 */
export function createFastPath(ctx: AuthContext, devices: FastPathLookups): FastPath | undefined {
  const { lookups, session: sessionLookup, apiKey: keyLookup } = devices;
  const limiter = ctx.rateLimiter;
  const rule = ctx.options.rateLimit.enabled ? resolveEndpointRateLimit(getSession, ctx.options.rateLimit) : null;
  if (rule && !limiter.hitNow) return undefined;
  const path = `${ctx.options.basePath}${getSession.path}`;
  // Rows at once from the database setup's Lookups; undefined (the router then reads) when it cannot.
  const readNow: Lookups["readNow"] = lookups.readNow ? (query) => lookups.readNow?.(query) : undefined;

  function answerForSession(headers: Headers, read: NonNullable<typeof readNow>): Answer | Signing {
    const token = readSessionToken(ctx, headers);
    if (!token) return undefined;
    const rows = read(sessionLookup.query(ctx.sessionTokens.hashOf(token)));
    const found = rows && sessionLookup.found(rows);
    if (!found || found.session.impersonatedBy !== null || !isSessionCurrent(ctx, found, ctx.clock.now())) return undefined;
    const active: ActiveSession = { session: found.session, user: found.user, token };
    if (isRefreshDue(ctx, active)) return undefined;
    if (!ctx.options.jwt.enabled) return { data: sessionAnswer(active) };
    const jwt = ctx.sessionJWT.reusableToken(ctx, active);
    if (jwt === null) return { data: sessionAnswer(active), jwt: ctx.sessionJWT.tokenFor(ctx, active) };
    return { data: sessionAnswer(active), headers: jwtHeadersOf(jwt) };
  }

  function jwtHeadersOf(jwt: string): Record<string, string> {
    const jwtHeaders: Record<string, string> = {};
    setJWTHeaders({ set: (name, value) => (jwtHeaders[name] = value) }, jwt);
    return jwtHeaders;
  }

  /** The answer given: counted by the rate limit (a refusal answers instead), then written. */
  function respond(answer: NonNullable<Answer>, client: RequestClient, request: Request, info: HandlerInfo): Response {
    const base = info.headers ?? NO_HEADERS;
    if (rule) {
      const refusal = rateLimitRefusal(limiter.hitNow!(`${rateLimitClientKey(client.ipAddress)}|${getSession.path}`, rule, ctx.clock.now()));
      // Only a refusal reads the language (i18n/): an answer that succeeds never looks at it.
      if (refusal) return translatedErrorResponse(refusal, base, request.headers);
    }
    answer.then?.();
    return jsonResponse(answer.data, 200, base, answer.headers);
  }

  function answerForKey(key: string, client: RequestClient, read: NonNullable<typeof readNow>): Answer {
    const hash = ctx.apiKeyHashes.hashOf(key);
    const rows = read(keyLookup.query(hash));
    if (!rows) return undefined;
    const now = ctx.clock.now();
    const verdict = judgeKey(hash, keyLookup.found(rows), undefined, now);
    // An organization's key has no person here (get-session refuses it, after its creator's checks).
    if (verdict.refusal || verdict.record.organizationId !== null) return undefined;
    const count = judgeCount(ctx, verdict.record, now);
    if (count.refusal) return undefined;
    const { claim } = count;
    if (claim && !countsNothing(ctx, verdict.record)) return undefined;
    ctx.apiKeyHashes.remember(key, hash);
    const data = keyAnswer(ctx, verdict, key, client);
    return claim ? { data, then: () => void writeUseAfterAnswer(ctx, verdict, claim, () => keyUseAudit(ctx, client)) } : { data };
  }

  return function fastPath(request, info) {
    if (request.method !== "GET") return undefined;
    const headers = request.headers;
    const apiKey = readApiKeyHeader(ctx, headers);
    const signedOut = apiKey === null && !headers.has("cookie") && !headers.has("authorization");
    // A credential is read here only where the database answers at once (SQLite).
    if (!signedOut && !readNow) return undefined;
    const url = splitRequestURL(request.url);
    if (url.pathname !== path || url.search !== "") return undefined;
    let client: RequestClient;
    let answer: Answer | Signing;
    try {
      client = new RequestClient(resolveClientAddress(headers, info.clientAddress ?? null, ctx.options.ipAddressHeaders), headers, info.requestId);
      answer = signedOut ? SIGNED_OUT : apiKey !== null ? answerForKey(apiKey, client, readNow!) : answerForSession(headers, readNow!);
    } catch {
      // Whatever failed, the router meets it again and answers it as it answers any failure.
      return undefined;
    }
    if (!answer) return undefined;
    if ("jwt" in answer) {
      const { data, jwt } = answer;
      // Counted once the token is there; a signing that fails leaves the request to the router (not counted yet).
      return jwt.then(
        (token) => respond({ data, headers: jwtHeadersOf(token) }, client, request, info),
        () => undefined,
      );
    }
    return respond(answer, client, request, info);
  };
}

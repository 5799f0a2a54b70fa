import type { AuthContext } from "./context.js";
import { systemClock } from "./deps/clock.js";
import { createEventLoopPacer, type SweepPacer } from "./deps/sweep-pacer.js";
import { systemFetch } from "./deps/fetch.js";
import { consoleLogger } from "./deps/logger.js";
import { randomBytes, systemRandom } from "./deps/random.js";
import { createScryptHasher, DEFAULT_SCRYPT_PARAMS } from "./crypto/password.js";
import { unconfiguredMailer } from "./email/mailer.js";
import { createHash } from "node:crypto";
import type { Endpoint, SessionRequirement } from "./endpoint.js";
import { APIError } from "./errors.js";
import { ScimError } from "./scim-token/error.js";
import { createDatabaseRateLimiter, createMemoryRateLimiter } from "./http/rate-limit.js";
import { resolveOptions, type AuthOptions } from "./options.js";
import { createRequestHandler, runEndpoint, toResponse, type RequestHandler } from "./router.js";
import { endpoints } from "./routes/index.js";
import { createSignedTokenVerifier } from "./session/signed-token-verifier.js";
import { deleteExpiredSessions, prepareSessionLookup } from "./store/session-store.js";
import { kyselyLookups, runLookup } from "./store/lookups.js";
import { createFastPath } from "./fast-path/get-session.js";
import { deleteExpiredVerifications } from "./store/verification-store.js";
import { deleteStaleThrottles } from "./store/sign-in-throttle-store.js";
import { deleteExpiredChallenges } from "./store/two-factor-store.js";
import { createDiscoveryCache } from "./oauth/discovery.js";
import { createIdTokenVerifier } from "./oauth/id-token.js";
import { createAudit, pruneAuditLog, type Audit, type AuditClient } from "./audit/audit-log.js";
import type { AuditEventType } from "./shared/audit-events.js";
import { meetsTwoFactorRule } from "./account/two-factor-rule.js";
import { createSessionJWTIssuer } from "./jwt/session-jwt.js";
import { createAfterAnswer } from "./deps/after-answer.js";
import { deleteExpiredApiKeys, prepareApiKeyLookup } from "./store/api-key-store.js";
import { deleteExpiredSamlAssertions } from "./store/sso-store.js";
import { createApiKeyHashes } from "./api-key/key-material.js";
import { deleteExpiredOAuthGrants } from "./store/oauth-provider-store.js";
import { deleteEndedRateLimitWindows } from "./store/rate-limit-store.js";
import { createAdminCommands, type AdminCommands } from "./admin/role-command.js";

type Endpoints = typeof endpoints;

/** What an in-process call passes: the endpoint's inputs and the caller's headers (for cookies). */
export interface ApiCallInput<Body, Query> {
  body?: Body;
  query?: Query;
  params?: Record<string, string>;
  headers?: ConstructorParameters<typeof Headers>[0];
  /** Answer with the HTTP Response (cookies and all) instead of the data. */
  asResponse?: boolean;
}

type ApiMethod<E> =
  E extends Endpoint<string, infer B, infer Q, infer R, SessionRequirement>
    ? {
        (input: ApiCallInput<B, Q> & { asResponse: true }): Promise<Response>;
        (input?: ApiCallInput<B, Q>): Promise<R>;
      }
    : never;

/** `auth.api.signInEmail(...)` etc.: one typed method per endpoint of the table. */
export type AuthAPI = { [E in Endpoints[number] as E["name"]]: ApiMethod<E> };

export interface Auth {
  /**
   * Everything under the base path: Request in, Response out. As a Hono handler may, it answers
   * at once (a Response, not a promise) when the fast path could answer without waiting
   * (get-session on SQLite, or signed out), so a server can write that answer at once.
   */
  handler: RequestHandler;
  api: AuthAPI;
  /** The resolved context, for server code that needs the same clock, store or mailer. */
  context: AuthContext;
  /**
   * The audit of a change the server makes outside the endpoints (the product's plan change): the
   * same writer as an endpoint's, limited to the event types `declared` names. The server reads
   * the log itself (server/src/product/audit/).
   */
  audit<E extends AuditEventType>(client: AuditClient, declared: readonly E[]): Audit<E>;
  /**
   * Whether an organization's two-factor rule lets the person act inside it (a member who signs in
   * with a password and has not turned two-factor on may not): for the server's own doors
   * (tRPC), which refuse with 403 TWO_FACTOR_REQUIRED_BY_ORGANIZATION as /api/auth does.
   */
  meetsOrganizationTwoFactorRule(organization: string | { id: string; requireTwoFactor: number }, userId: string): Promise<boolean>;
  /** The operator's commands from the machine (`npm run admin`); callers are the machine's owner. */
  admin: AdminCommands;
  /**
   * Resolves when the work started after answers (notices, verification and reset mails) has
   * ended: a server awaits it on shutdown before closing the database; tests, to read the mails.
   */
  settled(): Promise<void>;
  /**
   * Deletes expired sessions, verification values, API keys, used SAML assertion IDs and ended rate-limit windows, and audit rows past their retention; the
   * server calls it periodically. Large deletes go in batches paced by `sweepPacer`; a call while a
   * sweep runs answers that sweep's result instead of starting another.
   */
  deleteExpired(): Promise<{
    sessions: number;
    verifications: number;
    throttles: number;
    securityEvents: number;
    twoFactorChallenges: number;
    apiKeys: number;
    oauthGrants: number;
    samlAssertions: number;
    rateLimitWindows: number;
  }>;
}

/** Builds the auth service: one endpoint table behind two doors, `handler` and `api`. */
export function createAuth(options: AuthOptions): Auth {
  if (options.secret.length < 32) throw new Error("auth secret must be at least 32 characters");
  const resolved = resolveOptions(options);
  const random = options.random ?? systemRandom;
  const passwordHasher = options.emailAndPassword?.passwordHasher ?? createScryptHasher(options.emailAndPassword?.scrypt ?? DEFAULT_SCRYPT_PARAMS);
  const lookups = options.lookups ?? kyselyLookups(options.database);
  const sessionLookup = prepareSessionLookup(options.database);
  const apiKeyLookup = prepareApiKeyLookup(options.database);
  const cookieKey = createHash("sha256").update(`gatehouse-cookie:${options.secret}`).digest();
  const ctx: AuthContext = {
    db: options.database,
    options: resolved,
    clock: options.clock ?? systemClock,
    random,
    fetch: options.fetch ?? systemFetch,
    logger: options.logger ?? consoleLogger,
    mailer: options.mailer ?? unconfiguredMailer,
    secret: options.secret,
    cookieKey,
    sessionTokens: createSignedTokenVerifier(cookieKey),
    passwordHasher,
    dummyPasswordHash: passwordHasher.hash(Buffer.from(randomBytes(random, 24)).toString("base64url"), randomBytes(random, 16)),
    lookupSession: runLookup(lookups, sessionLookup),
    lookupApiKey: runLookup(lookups, apiKeyLookup),
    apiKeyHashes: createApiKeyHashes(),
    apiKeyUsesWriting: new Set(),
    rateLimiter: resolved.rateLimit.storage === "database" ? createDatabaseRateLimiter(options.database) : createMemoryRateLimiter(),
    sessionJWT: createSessionJWTIssuer(),
    oauth: { discover: createDiscoveryCache(), verifyIdToken: createIdTokenVerifier() },
    afterAnswer: createAfterAnswer(() => ctx.logger),
  };

  const api: Record<string, (input?: ApiCallInput<unknown, unknown>) => Promise<unknown>> = {};
  for (const endpoint of endpoints) {
    api[endpoint.name] = async (input = {}) => {
      const headers = new Headers(input.headers);
      // The server's own call is one made without headers (better-auth's rule); one that passes a
      // person's headers acts for whoever they name, as a request would.
      const caller = headers.keys().next().done === true ? "server" : "request";
      try {
        const { result, draft } = await runEndpoint(ctx, endpoint, {
          body: input.body,
          query: input.query,
          params: input.params,
          headers,
          request: null,
          client: { ipAddress: null, userAgent: headers.get("user-agent") },
          caller,
          headersUnread: input.asResponse !== true,
        });
        return input.asResponse ? toResponse(result, draft) : result;
      } catch (error) {
        if (input.asResponse && error instanceof APIError) {
          return new Response(JSON.stringify(error.toJSON()), { status: error.status, headers: { "content-type": "application/json" } });
        }
        if (input.asResponse && error instanceof ScimError) return error.toResponse();
        throw error;
      }
    };
  }

  let sweeping: ReturnType<Auth["deleteExpired"]> | null = null;
  return {
    handler: createRequestHandler(ctx, endpoints, createFastPath(ctx, { lookups, session: sessionLookup, apiKey: apiKeyLookup })),
    api: api as unknown as AuthAPI,
    context: ctx,
    audit: (client, declared) => createAudit(ctx, client, declared),
    meetsOrganizationTwoFactorRule: (organization, userId) => meetsTwoFactorRule(ctx, organization, userId),
    admin: createAdminCommands(ctx),
    settled: () => ctx.afterAnswer.settled(),
    deleteExpired() {
      // One sweep at a time: a paced sweep of a large backlog can outlast the server's interval.
      sweeping ??= sweepExpired(ctx, options.sweepPacer ?? createEventLoopPacer()).finally(() => {
        sweeping = null;
      });
      return sweeping;
    },
  };
}

async function sweepExpired(ctx: AuthContext, pacer: SweepPacer): ReturnType<Auth["deleteExpired"]> {
  const now = ctx.clock.now();
  const pace = { clock: ctx.clock, pacer };
  return {
    sessions: await deleteExpiredSessions(ctx.db, now, pace),
    verifications: await deleteExpiredVerifications(ctx.db, now, pace),
    // A throttle with no failure for 30 days is forgotten (at most hardStop tries a month).
    throttles: await deleteStaleThrottles(ctx.db, new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000)),
    securityEvents: await pruneAuditLog(ctx, now, pace),
    apiKeys: await deleteExpiredApiKeys(ctx.db, now),
    twoFactorChallenges: await deleteExpiredChallenges(ctx.db, now),
    oauthGrants: await deleteExpiredOAuthGrants(ctx.db, now),
    // A used SAML assertion ID is remembered until the assertion could no longer be accepted.
    samlAssertions: await deleteExpiredSamlAssertions(ctx.db, now),
    // Windows of the database rate limiter (rateLimit.storage "database") that have ended.
    rateLimitWindows: await deleteEndedRateLimitWindows(ctx.db, now, pace),
  };
}

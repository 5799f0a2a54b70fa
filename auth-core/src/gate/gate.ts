import type { AuthContext } from "../context.js";
import type { AnyEndpoint, ClientInfo, FeatureDeclaration } from "../endpoint.js";
import { APIError } from "../errors.js";
import { isFreshSession, validateSessionToken, type ActiveSession } from "../session/session.js";
import { readSessionToken } from "../session/session-cookie.js";
import { readApiKeyHeader, resolveApiKeyPrincipal } from "../api-key/key-session.js";
import { authenticateClient } from "../oauth-provider/client-auth.js";
import { resolveScimTokenCaller } from "../scim-token/token.js";
import { hasAdminPermission } from "../shared/admin-roles.js";
import { assertAllowedWhileImpersonating } from "../account/impersonation-rule.js";
import { isAbsentWhenOff, isFeatureOn } from "./features.js";
import { actingUser, NOBODY, SERVER, sessionOf, sessionPrincipal, type Principal } from "./principal.js";

/**
 * Who makes a call, as its door declares it: "request" (HTTP, or an `auth.api` call that passes
 * headers on a person's behalf) or "server" (an `auth.api` call without headers, the server's own).
 */
export type CallerKind = "request" | "server";

/**
 * Everything the router decides before a handler runs, driven by the endpoint's declaration.
 * First, before the input is read (a caller without the session an endpoint needs learns nothing
 * about its inputs: 401/403 before any 400), who acts; before that, an endpoint of a switch that
 * is absent while off (features.ts: magic link, email OTP) answers 404 as if it did not exist;
 * - an OAuth client, where the endpoint declares `oauthClient` (oauth-provider/client-auth.ts:
 *   its secret from the Authorization header or the form; 401 invalid_client otherwise);
 * - a provisioning token where the endpoint declares `caller: "scim-token"` (SCIM's 401 otherwise);
 * - a request carrying an API key: only where the endpoint allows keys (403 API_KEY_NOT_ALLOWED,
 *   never for "fresh"), one use of the key (its own refusals, a banned holder's among them);
 * - else the session (`session`: 401 UNAUTHORIZED without one where required, 403
 *   SESSION_NOT_FRESH where "fresh"); a banned person's or ended session is none (session/);
 * - the impersonation rule and the admin permission (checkSessionRules).
 */
export async function admitCaller(
  ctx: AuthContext,
  endpoint: AnyEndpoint,
  headers: Headers,
  client: ClientInfo,
  caller: CallerKind,
  /** The request's body before validation: an OAuth client's client_secret_post credentials. */
  rawBody?: unknown,
): Promise<Principal> {
  const { feature } = endpoint;
  if (typeof feature === "string" && isAbsentWhenOff(feature) && !isFeatureOn(ctx.options, feature)) throw APIError.from(404, "NOT_FOUND");
  if (endpoint.oauthClient) {
    // Off, the endpoint refuses as admitCall would, before a client is looked up.
    if (feature !== undefined) assertFeatureOn(ctx, feature);
    return { kind: "oauth-client", client: await authenticateClient(ctx, headers, rawBody, endpoint.oauthClient === "confidential-or-public") };
  }
  const requirement = endpoint.session;
  const nobody = caller === "server" ? SERVER : NOBODY;
  if (requirement === "none") return endpoint.caller === "scim-token" ? resolveScimTokenCaller(ctx, headers) : nobody;
  const apiKey = readApiKeyHeader(ctx, headers);
  if (apiKey !== null) {
    if (endpoint.apiKeySession !== "allow" || requirement === "fresh") throw APIError.from(403, "API_KEY_NOT_ALLOWED");
    const principal = await resolveApiKeyPrincipal(ctx, apiKey, client);
    if (endpoint.admin && !hasAdminPermission(actingUser(principal).role, endpoint.admin.permissions)) throw APIError.from(403, endpoint.admin.refusal);
    return principal;
  }
  const token = readSessionToken(ctx, headers);
  const active = token ? await validateSessionToken(ctx, token) : null;
  if (!active) {
    if (requirement !== "optional") throw APIError.from(401, "UNAUTHORIZED");
    return nobody;
  }
  if (requirement === "fresh" && !isFresh(ctx, active)) throw APIError.from(403, "SESSION_NOT_FRESH");
  checkSessionRules(endpoint, active);
  return sessionPrincipal(active);
}

/**
 * Then, once the input is valid, before the handler: the endpoint's feature switch (its declared
 * refusal when off) and a freshness rule that depends on the caller or the input.
 */
export function admitCall(ctx: AuthContext, endpoint: AnyEndpoint, principal: Principal, body: unknown): void {
  const { feature, freshness } = endpoint;
  if (feature !== undefined) assertFeatureOn(ctx, feature);
  if (freshness !== undefined && (typeof freshness === "string" || freshness.when(body))) {
    // "fresh-or-server": the server's own call has no session; a person's must be fresh.
    const active = sessionOf(principal);
    if (active && !isFresh(ctx, active)) throw APIError.from(403, "SESSION_NOT_FRESH");
  }
}

/** The endpoint's switch is on; off: 404 NOT_FOUND, or the status and code it declares. */
function assertFeatureOn(ctx: AuthContext, feature: FeatureDeclaration): void {
  const name = typeof feature === "string" ? feature : feature.name;
  if (!isFeatureOn(ctx.options, name)) throw typeof feature === "string" ? APIError.from(404, "NOT_FOUND") : APIError.from(feature.status, feature.code);
}

function isFresh(ctx: AuthContext, active: ActiveSession): boolean {
  return isFreshSession(active.session, ctx.clock.now(), ctx.options.session.freshAge);
}

/**
 * The rules for operators: an admin endpoint needs the permission on the role read with the user
 * this request (a role change applies to open sessions at once), and a session through which an
 * admin acts as someone else is held to the impersonation rule (account/impersonation-rule.ts).
 */
function checkSessionRules(endpoint: AnyEndpoint, active: ActiveSession): void {
  assertAllowedWhileImpersonating(active.session, {
    admin: endpoint.admin !== undefined,
    changesState: changesState(endpoint),
    impersonation: endpoint.impersonation,
  });
  if (endpoint.admin && !hasAdminPermission(active.user.role, endpoint.admin.permissions)) throw APIError.from(403, endpoint.admin.refusal);
}

/**
 * A POST called with a session may change the person's state, whatever the endpoint's session
 * requirement: an "optional" one (api-key create and update, refresh-token, get-access-token,
 * verify-totp) acts for the session's person when one is there.
 */
function changesState(endpoint: AnyEndpoint): boolean {
  // Any method but GET: POST, and SCIM's PUT, PATCH and DELETE.
  const methods = typeof endpoint.method === "string" ? [endpoint.method] : endpoint.method;
  return methods.some((method) => method !== "GET");
}

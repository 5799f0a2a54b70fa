import type { AuthContext } from "../context.js";
import { hashToken } from "../crypto/token-hash.js";
import { generateId, randomBytes } from "../deps/random.js";
import type { Principal } from "../gate/principal.js";
import type { OAuthClientRow, SessionRow, UserRow } from "../store/database.js";
import { findConsent, findOAuthClient, insertAuthorizationCode } from "../store/oauth-provider-store.js";
import { clientGrantTypes, clientRedirectUris, grantableScopes } from "./clients.js";
import { parseScopes } from "./oauth-error.js";
import { signAuthorizationQuery, verifyAuthorizationQuery } from "./signed-query.js";
import { APIError } from "../errors.js";

/** The person an authorization goes ahead for: a real session (never an API key's). */
export interface Authorizer {
  user: UserRow;
  session: SessionRow;
}

/** A request that passed every check that may be answered at the client's redirect URI. */
export interface ValidAuthorization {
  client: OAuthClientRow;
  redirectUri: string;
  scopes: string[];
  state: string | null;
  params: URLSearchParams;
}

/** Where the browser goes next: a URL (the client's redirect URI, the login or consent page, the error page). */
export type Continuation = { url: string; kind: "code" | "error" | "login" | "consent" | "error-page" };

/** `redirect_uri?error=…&state=…&iss=…`: an error the client is told about (RFC 6749 §4.1.2.1, RFC 9207). */
export function errorAtClient(ctx: AuthContext, redirectUri: string, state: string | null, error: string, description: string): Continuation {
  const url = new URL(redirectUri);
  url.searchParams.set("error", error);
  url.searchParams.set("error_description", description);
  if (state !== null) url.searchParams.set("state", state);
  url.searchParams.set("iss", ctx.options.oauthProvider.issuer);
  return { url: url.href, kind: "error" };
}

/** The server's own error page: for a request whose client or redirect URI cannot be trusted. */
function errorPage(ctx: AuthContext, error: string, description: string): Continuation {
  const url = new URL(`${ctx.options.basePath}/error`, ctx.options.baseURL);
  url.searchParams.set("error", error);
  url.searchParams.set("error_description", description);
  return { url: url.href, kind: "error-page" };
}

/**
 * Checks an authorization request (OAuth 2.1 §4.1.1): a known, enabled client; a redirect URI
 * registered for it, compared exactly (else the server's error page: never a redirect to an
 * unregistered address); then, answered at that URI, response_type code, PKCE with S256 (plain and
 * none refused), and scopes the client may be granted by a person.
 */
export async function validateAuthorization(ctx: AuthContext, params: URLSearchParams): Promise<ValidAuthorization | Continuation> {
  const clientId = params.get("client_id");
  const client = clientId ? await findOAuthClient(ctx.db, clientId) : undefined;
  if (!client || client.disabled === 1) return errorPage(ctx, "invalid_client", "unknown or disabled client");
  const registered = clientRedirectUris(client);
  const given = params.get("redirect_uri");
  const redirectUri = given ?? (registered.length === 1 ? registered[0]! : null);
  if (redirectUri === null || !registered.includes(redirectUri)) return errorPage(ctx, "invalid_redirect", "redirect_uri is not registered for this client");
  const state = params.get("state");
  const refuse = (error: string, description: string): Continuation => errorAtClient(ctx, redirectUri, state, error, description);
  if (params.get("response_type") !== "code") return refuse("unsupported_response_type", "only response_type=code is supported");
  if (!clientGrantTypes(client).includes("authorization_code")) return refuse("unauthorized_client", "the client may not use the authorization code grant");
  const challenge = params.get("code_challenge");
  const method = params.get("code_challenge_method");
  if (!challenge) return refuse("invalid_request", "code_challenge is required (PKCE, S256)");
  if (method !== "S256") return refuse("invalid_request", "code_challenge_method must be S256");
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) return refuse("invalid_request", "code_challenge is not an S256 challenge");
  const scopes = parseScopes(params.get("scope"));
  if (scopes.length === 0) return refuse("invalid_scope", "scope is required");
  const grantable = grantableScopes(ctx, client);
  const unknown = scopes.filter((scope) => !grantable.includes(scope));
  if (unknown.length > 0) return refuse("invalid_scope", `the client may not be granted ${unknown.join(" ")}`);
  const prompts = parseScopes(params.get("prompt"));
  if (prompts.includes("none") && prompts.length > 1) return refuse("invalid_request", "prompt=none with another prompt");
  return { client, redirectUri, scopes, state, params };
}

function pageWithQuery(ctx: AuthContext, page: string, params: URLSearchParams, kind: "login" | "consent"): Continuation {
  const url = new URL(page, ctx.options.baseURL);
  url.search = signAuthorizationQuery(ctx.secret, params, ctx.clock.now());
  return { url: url.href, kind };
}

/**
 * The next step of a checked authorization: the login page for a signed-out person (or
 * prompt=login), the consent page when the client is not approved for every requested scope (or
 * prompt=consent), else a code at the redirect URI. `promptsDone` are the prompts already
 * answered (login, after the login page).
 */
async function continueAuthorization(
  ctx: AuthContext,
  request: ValidAuthorization,
  who: Authorizer | null,
  promptsDone: readonly string[] = [],
): Promise<Continuation> {
  const prompts = parseScopes(request.params.get("prompt")).filter((prompt) => !promptsDone.includes(prompt));
  const refuse = (error: string, description: string): Continuation => errorAtClient(ctx, request.redirectUri, request.state, error, description);
  const provider = ctx.options.oauthProvider;
  if (!who || prompts.includes("login")) {
    if (prompts.includes("none")) return refuse("login_required", "the person is not signed in");
    // The sign-in answers prompt=login: the authorization the login page continues no longer asks it.
    const params = new URLSearchParams(request.params);
    const rest = prompts.filter((prompt) => prompt !== "login");
    if (rest.length > 0) params.set("prompt", rest.join(" "));
    else params.delete("prompt");
    return pageWithQuery(ctx, provider.loginPage, params, "login");
  }
  if (request.client.skipConsent !== 1) {
    const consent = await findConsent(ctx.db, who.user.id, request.client.clientId);
    const approved = parseScopes(consent?.scopes);
    const covered = request.scopes.every((scope) => approved.includes(scope));
    if (!covered || prompts.includes("consent")) {
      if (prompts.includes("none")) return refuse("consent_required", "the person has not approved these scopes");
      return pageWithQuery(ctx, provider.consentPage, request.params, "consent");
    }
  }
  return issueCode(ctx, request, who, request.scopes);
}

/** Issues a single-use code for these scopes, bound to the client, redirect URI and PKCE challenge; `redirect_uri?code&state&iss`. */
export async function issueCode(ctx: AuthContext, request: ValidAuthorization, who: Authorizer, scopes: readonly string[]): Promise<Continuation> {
  const code = Buffer.from(randomBytes(ctx.random, 32)).toString("base64url");
  const now = ctx.clock.now();
  await insertAuthorizationCode(ctx.db, {
    id: generateId(ctx.random),
    codeHash: hashToken(code),
    clientId: request.client.clientId,
    userId: who.user.id,
    sessionId: who.session.id,
    redirectUri: request.redirectUri,
    scopes: scopes.join(" "),
    codeChallenge: request.params.get("code_challenge")!,
    nonce: request.params.get("nonce"),
    authTime: who.session.createdAt,
    expiresAt: new Date(now.getTime() + ctx.options.oauthProvider.codeExpiresIn * 1000).toISOString(),
    usedAt: null,
    createdAt: now.toISOString(),
  });
  const url = new URL(request.redirectUri);
  url.searchParams.set("code", code);
  if (request.state !== null) url.searchParams.set("state", request.state);
  url.searchParams.set("iss", ctx.options.oauthProvider.issuer);
  return { url: url.href, kind: "code" };
}

/** Runs the whole authorization for a query: checked, then continued for `who`. */
export async function authorize(ctx: AuthContext, params: URLSearchParams, who: Authorizer | null, promptsDone: readonly string[] = []): Promise<Continuation> {
  const checked = await validateAuthorization(ctx, params);
  if ("url" in checked) return checked;
  return continueAuthorization(ctx, checked, who, promptsDone);
}

/** The person an authorization goes ahead for: their own session only (not an API key, not an admin acting as them). */
export function authorizerOf(principal: Principal): Authorizer | null {
  return principal.kind === "person" ? { user: principal.active.user, session: principal.active.session } : null;
}

/**
 * The authorization a sign-in continues (`oauth_query`, the login page's query): checked before
 * the sign-in is, so a forged or expired query makes no session. Null when there is none to
 * continue (none given, or the provider is off).
 */
export function readLoginContinuation(ctx: AuthContext, oauthQuery: string | undefined): URLSearchParams | null {
  if (oauthQuery === undefined || !ctx.options.oauthProvider.enabled) return null;
  const params = verifyAuthorizationQuery(ctx.secret, oauthQuery, ctx.clock.now());
  if (!params) throw APIError.from(400, "INVALID_OAUTH_QUERY");
  return params;
}

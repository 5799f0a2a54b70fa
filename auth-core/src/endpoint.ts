import type { z } from "zod";
import type { AuthContext } from "./context.js";
import type { RateLimitRule } from "./http/rate-limit.js";
import type { Audit, AuditDeclaration } from "./audit/audit-log.js";
import type { ActiveSession } from "./session/session.js";
import type { ErrorCode } from "./errors.js";
import type { AuditEventType } from "./shared/audit-events.js";
import type { FeatureName } from "./gate/features.js";
import type { Principal } from "./gate/principal.js";

/** PUT, PATCH and DELETE are SCIM's (RFC 7644 §3); every other endpoint is GET or POST. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * What an endpoint needs of the caller's session:
 * - none: not read at all; optional: read if present;
 * - required: 401 UNAUTHORIZED without one; fresh: also 403 unless created within freshAge.
 */
export type SessionRequirement = "none" | "optional" | "required" | "fresh";

/**
 * The caller's session must hold these admin permissions (better-auth's admin
 * statements); otherwise 403 with the plugin's own refusal for this endpoint. Checked by the
 * gate (gate/gate.ts) before the input is read, on the role read with the user (never cached).
 */
export interface AdminRequirement {
  permissions: Readonly<Record<string, readonly string[]>>;
  refusal: ErrorCode;
}

export interface ClientInfo {
  ipAddress: string | null;
  userAgent: string | null;
  /** The server's id of this request (its log lines carry the same), when it gave one. */
  requestId?: string;
}

/** Status and headers the handler adds to its answer (cookies, redirects). */
export interface ResponseDraft {
  status: number;
  headers: Headers;
  /**
   * Nobody reads this answer's headers: an in-process `auth.api` call that asked for the data, not
   * the Response. Work done only for a header (get-session's signed JWT) may be skipped.
   */
  readonly headersUnread?: boolean;
}

/**
 * How many calls one client address may make to the endpoint: `{ window, max }` (seconds, calls),
 * `"default"` for the configured default (100 per 10 s), or `false` for none. Options may
 * override it by endpoint name (`rateLimit.endpoints`).
 */
export type EndpointRateLimit = RateLimitRule | "default" | false;

/** Whether an endpoint lets a request carrying an API key through (see `apiKeySession`). */
export type KeyAllowance = "allow" | undefined;

/**
 * The person's session a handler is given: none on a call by an API key (the `principal` says
 * who acts then), so an endpoint that allows keys gets `ActiveSession | null` whatever `session` says.
 */
type CallSession<S extends SessionRequirement, K extends KeyAllowance> = K extends "allow"
  ? ActiveSession | null
  : S extends "required" | "fresh"
    ? ActiveSession
    : ActiveSession | null;

/**
 * A deployment switch the endpoint belongs to (gate/features.ts). Off, the endpoint answers 404
 * NOT_FOUND (a feature name alone), or the status and code given (better-auth's core switches
 * answer 400 with their own codes).
 */
export type FeatureDeclaration = FeatureName | { name: FeatureName; status: 400; code: ErrorCode };

/**
 * "fresh-or-server": a person's session must be fresh (403 SESSION_NOT_FRESH), the server's own
 * call (principal "server") needs none; `when` limits it to the inputs that need it.
 */
export type FreshnessRule<Body> = "fresh-or-server" | { rule: "fresh-or-server"; when(body: Body): boolean };

export interface EndpointCall<Body, Query, S extends SessionRequirement, E extends AuditEventType = never, K extends KeyAllowance = undefined> {
  ctx: AuthContext;
  body: Body;
  query: Query;
  params: Record<string, string>;
  headers: Headers;
  /** The HTTP request; null for an in-process `auth.api` call made without one. */
  request: Request | null;
  /** Who acts (gate/principal.ts): decided by the gate before the handler runs. */
  principal: Principal;
  /** The person's session, when the principal has one (a person or an impersonation). */
  session: CallSession<S, K>;
  client: ClientInfo;
  response: ResponseDraft;
  /** The audit log, limited to the event types the endpoint declares; rows carry `client`. */
  audit: Audit<E>;
}

export interface Endpoint<
  Name extends string,
  Body,
  Query,
  Result,
  S extends SessionRequirement,
  E extends AuditEventType = AuditEventType,
  K extends KeyAllowance = KeyAllowance,
> {
  /** The `auth.api` method name, e.g. signInEmail. */
  name: Name;
  method: HttpMethod | readonly HttpMethod[];
  /** Path below the base path; `:param` segments are captured. */
  path: string;
  body?: z.ZodType<Body>;
  query?: z.ZodType<Query>;
  session: S;
  /** Freshness asked only of some callers or inputs (api-key create and update); see FreshnessRule. */
  freshness?: FreshnessRule<Body>;
  /** The deployment switch the endpoint belongs to; checked after the input, before the handler. */
  feature?: FeatureDeclaration;
  /** Reachable through `auth.api` only, never over HTTP (e.g. set-password). */
  serverOnly?: boolean;
  /**
   * Skip the Origin check for POST: only for an endpoint that changes nothing on POST and
   * merely redirects, such as the OAuth callback receiving a provider's form_post.
   */
  acceptsCrossSitePost?: boolean;
  /** Also reads an `application/scim+json` body, as JSON (SCIM 2.0's media type, RFC 7644 §3.1). */
  acceptsScimJSON?: boolean;
  /**
   * Whether a request carrying an API key (`x-api-key`) may stand for the key's owner here
   * Default: refused with 403 API_KEY_NOT_ALLOWED, so an endpoint added later never
   * lets a key change an account, manage keys or act as an admin unless it says so. Set it on
   * reading endpoints, and on organization actions whose permission checks take the principal.
   * Such a call has no session: the handler reads `principal` (its kind "api-key").
   */
  apiKeySession?: K;
  /**
   * The caller is an OAuth client of the provider (the token, introspection and revocation
   * endpoints; `session` is "none"): the gate authenticates it from the request before the input
   * is read (client_secret_basic, or client_secret_post from the form) and hands the handler the
   * principal `{ kind: "oauth-client" }`; otherwise 401 invalid_client (RFC 6749 §5.2).
   * "confidential-or-public": a public client may name itself by its client_id alone.
   */
  oauthClient?: "confidential" | "confidential-or-public";
  /**
   * A caller other than a person: "scim-token", an organization's directory by its provisioning
   * token (`Authorization: Bearer`), checked by the gate (401 in SCIM's error shape otherwise)
   * and handed to the handler as the principal; a session counts for nothing here. Only SCIM's
   * endpoints declare it, with `session: "none"`.
   */
  caller?: "scim-token";
  /**
   * The codes of an untrusted URL input (callbackURL, errorCallbackURL, …: 403 either way): "core"
   * (INVALID_CALLBACKURL, the default) or "plugin", the codes better-auth 1.7's plugins answer
   * (INVALID_CALLBACK_URL, INVALID_ERROR_CALLBACK_URL, INVALID_NEW_USER_CALLBACK_URL).
   */
  urlInputCodes?: "core" | "plugin";
  /** Admins only (see AdminRequirement); an impersonation session never passes. */
  admin?: AdminRequirement;
  /**
   * A POST made with a session (whatever the endpoint's `session`, "optional" included) may change
   * the person's account, so an admin acting as them (an impersonation session) is refused there
   * by default; "allowed" opts an endpoint in (reads, switching the active organization, ending
   * the impersonation).
   */
  impersonation?: "allowed";
  /** Required, so that no endpoint is left without a decision (see docs/endpoints.md). */
  rateLimit: EndpointRateLimit;
  /**
   * The audit event types the endpoint writes (on success, and on refusal where the log keeps
   * refusals), or `{ none: "why" }`. The handler writes them through `call.audit` only.
   */
  audit: AuditDeclaration<E>;
  // Method syntax on purpose: lets a table hold endpoints of different inputs.
  handler(call: EndpointCall<Body, Query, S, E, K>): Promise<Result>;
}

export type AnyEndpoint = Endpoint<string, unknown, unknown, unknown, SessionRequirement, AuditEventType, KeyAllowance>;

/** Declares an endpoint; only for inference: path, schema, policy and handler stay together. */
export function defineEndpoint<
  Name extends string,
  Result,
  S extends SessionRequirement,
  Body = Record<string, never>,
  Query = Record<string, never>,
  E extends AuditEventType = never,
  K extends KeyAllowance = undefined,
>(endpoint: Endpoint<Name, Body, Query, Result, S, E, K>): Endpoint<Name, Body, Query, Result, S, E, K> {
  return endpoint;
}

import type { z } from "zod";
import type { AuthContext } from "./context.js";
import type { ActiveSession } from "./session/session.js";
import type { ErrorCode } from "./errors.js";
import type { AuditEventType } from "./shared/audit-events.js";

export type HttpMethod = "GET" | "POST";

/**
 * What an endpoint needs of the caller's session:
 * - none: not read at all; optional: read if present;
 * - required: 401 UNAUTHORIZED without one; fresh: also 403 unless created within freshAge.
 */
export type SessionRequirement = "none" | "optional" | "required" | "fresh";

/**
 * Issue 23: the caller's session must hold these admin permissions (better-auth's admin
 * statements); otherwise 403 with the plugin's own refusal for this endpoint. Checked by the
 * session gate before the input is read, on the role read with the user (never cached).
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
}

export interface EndpointCall<Body, Query, S extends SessionRequirement> {
  ctx: AuthContext;
  body: Body;
  query: Query;
  params: Record<string, string>;
  headers: Headers;
  /** The HTTP request; null for an in-process `auth.api` call made without one. */
  request: Request | null;
  session: S extends "required" | "fresh" ? ActiveSession : ActiveSession | null;
  client: ClientInfo;
  response: ResponseDraft;
}

export interface Endpoint<Name extends string, Body, Query, Result, S extends SessionRequirement> {
  /** The `auth.api` method name, e.g. signInEmail. */
  name: Name;
  method: HttpMethod | readonly HttpMethod[];
  /** Path below the base path; `:param` segments are captured. */
  path: string;
  body?: z.ZodType<Body>;
  query?: z.ZodType<Query>;
  session: S;
  /** Reachable through `auth.api` only, never over HTTP (e.g. set-password). */
  serverOnly?: boolean;
  /**
   * Skip the Origin check for POST: only for an endpoint that changes nothing on POST and
   * merely redirects, such as the OAuth callback receiving a provider's form_post.
   */
  acceptsCrossSitePost?: boolean;
  /** Issue 23: admins only (see AdminRequirement); an impersonation session never passes. */
  admin?: AdminRequirement;
  /**
   * Issue 23: a POST that needs a session changes the person's account, so an admin acting as
   * them (an impersonation session) is refused there by default; "allowed" opts an endpoint in
   * (reads, switching the active organization, ending the impersonation).
   */
  impersonation?: "allowed";
  /** The audit events this endpoint writes (rows name the acting person; admin rows also the target). */
  audit?: readonly AuditEventType[];
  // Method syntax on purpose: lets a table hold endpoints of different inputs.
  handler(call: EndpointCall<Body, Query, S>): Promise<Result>;
}

export type AnyEndpoint = Endpoint<string, unknown, unknown, unknown, SessionRequirement>;

/** Declares an endpoint; only for inference: path, schema and handler stay together. */
export function defineEndpoint<Name extends string, Result, S extends SessionRequirement, Body = Record<string, never>, Query = Record<string, never>>(
  endpoint: Endpoint<Name, Body, Query, Result, S>,
): Endpoint<Name, Body, Query, Result, S> {
  return endpoint;
}

import type { z } from "zod";
import type { AuthContext } from "./context.js";
import type { ActiveSession } from "./session/session.js";

export type HttpMethod = "GET" | "POST";

/**
 * What an endpoint needs of the caller's session:
 * - none: not read at all; optional: read if present;
 * - required: 401 UNAUTHORIZED without one; fresh: also 403 unless created within freshAge.
 */
export type SessionRequirement = "none" | "optional" | "required" | "fresh";

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
  /**
   * Whether a request carrying an API key (`x-api-key`) may stand for the key's owner here
   * (issue 24). Default: refused with 403 API_KEY_NOT_ALLOWED, so an endpoint added later never
   * lets a key change an account, manage keys or act as an admin unless it says so. Set it on
   * reading endpoints, and on organization actions whose permission checks read `session.apiKey`.
   */
  apiKeySession?: "allow";
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

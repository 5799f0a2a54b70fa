import type { AuthContext } from "./context.js";
import type { AnyEndpoint, ClientInfo, EndpointCall, HttpMethod, KeyAllowance, ResponseDraft, SessionRequirement } from "./endpoint.js";
import { APIError, validationError } from "./errors.js";
import { resolveClientAddress } from "./http/client-address.js";
import { checkFetchSite, checkRequestOrigin, checkURLInputs } from "./http/origin-check.js";
import { assertNoNulCharacter } from "./http/nul-character.js";
import { rateLimitClientKey, rateLimitRefusal, resolveEndpointRateLimit, type RateLimitRule } from "./http/rate-limit.js";
import { jsonResponse, NO_HEADERS } from "./http/json-response.js";
import { RequestClient, splitRequestURL, type HandlerInfo } from "./http/request-parts.js";
import { createAudit } from "./audit/audit-log.js";
import { translatedErrorResponse } from "./i18n/translate-error.js";
import { admitCall, admitCaller, type CallerKind } from "./gate/gate.js";
import { sessionOf, type Principal } from "./gate/principal.js";
import { OAuthError } from "./oauth-provider/oauth-error.js";
import { ScimError } from "./scim-token/error.js";
import type { AuditEventType } from "./shared/audit-events.js";
import type { FastPath } from "./fast-path/get-session.js";

export type { HandlerInfo };

export interface CallInput {
  body?: unknown;
  query?: unknown;
  params?: Record<string, string>;
  headers: Headers;
  request: Request | null;
  client: ClientInfo;
  /** Declared by the door: an HTTP request, or the server's own in-process call (gate/gate.ts). */
  caller: CallerKind;
  /** An in-process call that answers the data only: the draft's headers are thrown away. */
  headersUnread?: boolean;
}

interface Route {
  endpoint: AnyEndpoint;
  methods: readonly HttpMethod[];
  segments: string[] | null; // null for a path without params
  /** The endpoint's rate limit, decided once (resolveEndpointRateLimit); null: none. */
  rateLimit: RateLimitRule | null;
}

/** The defaults of a JSON answer (jsonResponse writes the same two as a literal). */
const JSON_HEADERS: Readonly<Record<string, string>> = { "content-type": "application/json", "cache-control": "no-store" };
/**
 * The answer to a handler's result. A draft without cookies becomes a plain header object (see
 * jsonResponse); with cookies its Headers (owned by this call, unused after it) become the
 * answer's own, completed with the defaults, rather than copied: each copy of a Headers object
 * checks every value again (a session JWT is half a kilobyte).
 */
function draftJSONResponse(data: unknown, draft: ResponseDraft, base: Readonly<Record<string, string>>): Response {
  if (draft instanceof LazyDraft && !draft.hasHeaders) return jsonResponse(data, draft.status, base);
  const { headers } = draft;
  // Asked by name: Headers implementations differ in how their iterators name and join cookies.
  if (headers.has("set-cookie")) return draftJSONResponseWithCookies(data, draft, base);
  let own: Record<string, string> | undefined;
  headers.forEach((value, name) => ((own ??= {})[name] = value));
  return jsonResponse(data, draft.status, base, own);
}

function draftJSONResponseWithCookies(data: unknown, draft: ResponseDraft, base: Readonly<Record<string, string>>): Response {
  const { headers } = draft;
  for (const defaults of [JSON_HEADERS, base]) for (const name in defaults) if (!headers.has(name)) headers.set(name, defaults[name]!);
  return new Response(JSON.stringify(data ?? null), { status: draft.status, headers });
}

function matchParams(segments: string[], path: string): Record<string, string> | null {
  const parts = path.split("/");
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const part = parts[i]!;
    if (segment.startsWith(":")) {
      if (part === "") return null;
      try {
        params[segment.slice(1)] = decodeURIComponent(part);
      } catch {
        return null;
      }
    } else if (segment !== part) return null;
  }
  return params;
}

/**
 * A handler's draft whose Headers object is made only when a handler asks for it (most answers
 * set no header): an answer without one is built from plain header objects (jsonResponse).
 */
class LazyDraft implements ResponseDraft {
  status = 200;
  #headers: Headers | undefined;
  constructor(readonly headersUnread = false) {}
  get headers(): Headers {
    return (this.#headers ??= new Headers());
  }
  get hasHeaders(): boolean {
    return this.#headers !== undefined;
  }
}

/** Schemas that turn an empty input into an empty object (all fields optional, no defaults). */
const acceptsNothing = new WeakSet<NonNullable<AnyEndpoint["body"]>>();

function isEmptyObject(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  for (const _ in value) return false;
  return true;
}

function parseInput<T>(schema: AnyEndpoint["body"], value: unknown, where: "body" | "query"): T {
  if (!schema) return {} as T;
  const input = value ?? {};
  // Most GETs send no query and no body: the answer to an empty input is known after the first.
  const empty = isEmptyObject(input);
  if (empty && acceptsNothing.has(schema)) return {} as T;
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(where, result.error);
  if (empty && isEmptyObject(result.data)) acceptsNothing.add(schema);
  return result.data as T;
}

type Outcome = { result: unknown; draft: ResponseDraft };

/**
 * Runs one endpoint: the gate (gate/gate.ts: who acts, then the feature and freshness rules),
 * validation, handler. Both doors (HTTP and api) come here.
 */
export async function runEndpoint(ctx: AuthContext, endpoint: AnyEndpoint, input: CallInput): Promise<Outcome> {
  let principal: Principal;
  try {
    principal = await admitCaller(ctx, endpoint, input.headers, input.client, input.caller, input.body);
  } catch (error) {
    // A refused OAuth client is answered in OAuth's form (RFC 6749 §5.2), at both doors.
    if (error instanceof OAuthError) return { result: error.toResponse(), draft: new LazyDraft() };
    throw error;
  }
  const body = parseInput<never>(endpoint.body, input.body, "body");
  const query = parseInput<never>(endpoint.query, input.query, "query");
  // An empty input (most GETs: no query, no body, no path parameters) has nothing to check.
  if (!isEmptyObject(body)) {
    assertNoNulCharacter(body, "body");
    checkURLInputs(body, ctx.options.trustedOrigins, endpoint.urlInputCodes);
  }
  if (!isEmptyObject(query)) {
    assertNoNulCharacter(query, "query");
    checkURLInputs(query, ctx.options.trustedOrigins, endpoint.urlInputCodes);
  }
  if (input.params !== undefined && !isEmptyObject(input.params)) assertNoNulCharacter(input.params, "params");
  admitCall(ctx, endpoint, principal, body);
  const draft: ResponseDraft = new LazyDraft(input.headersUnread === true);
  const call: EndpointCall<never, never, SessionRequirement, AuditEventType, KeyAllowance> = {
    ctx,
    body,
    query,
    params: input.params ?? {},
    headers: input.headers,
    request: input.request,
    principal,
    session: sessionOf(principal),
    client: input.client,
    response: draft,
    audit: createAudit(ctx, input.client, endpoint.audit),
  };
  return { result: await endpoint.handler(call), draft };
}

/** Turns a handler's result and draft into the HTTP answer; `base` headers where it sets none of its own. */
export function toResponse(result: unknown, draft: ResponseDraft, base: Readonly<Record<string, string>> = NO_HEADERS): Response {
  if (result instanceof Response) {
    const headers = new Headers(result.headers);
    draft.headers.forEach((value, key) => {
      if (key === "set-cookie") return;
      headers.set(key, value);
    });
    for (const cookie of draft.headers.getSetCookie()) headers.append("set-cookie", cookie);
    for (const name in base) if (!headers.has(name)) headers.set(name, base[name]!);
    return new Response(result.body, { status: result.status, headers });
  }
  return draftJSONResponse(result, draft, base);
}

/** Bodies here are small JSON or form posts (a passkey attestation or an ID token: kilobytes). */
const MAX_BODY_BYTES = 1024 * 1024;

function bodyTooLarge(): APIError {
  return APIError.from(413, "PAYLOAD_TOO_LARGE");
}

/**
 * The body as text, refused with 413 past MAX_BODY_BYTES. A body that declares its length (what
 * browsers and most clients send) is read whole: an HTTP server's parser hands over no more
 * than the length declared, and @hono/node-server reads it straight from the socket, without
 * the web stream a reader needs. A chunked one is read as it streams, and refused once it
 * passes the limit, never buffered whole.
 */
async function readBodyText(request: Request): Promise<string> {
  const declared = request.headers.get("content-length");
  if (declared !== null) {
    if (Number(declared) > MAX_BODY_BYTES) throw bodyTooLarge();
    const text = await request.text();
    // A Request made in process may declare less than it holds; the limit stands all the same.
    if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw bodyTooLarge();
    return text;
  }
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw bodyTooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** The media type of a Content-Type header, lowercased, without its parameters. */
function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";", 1)[0]!.trim().toLowerCase();
}

/**
 * The body, parsed. Every endpoint takes JSON: a body of any other type (text/plain
 * and form bodies are what a cross-site form can send without a preflight) is a 415. Only an
 * endpoint receiving a provider's form_post takes a form body.
 */
async function readBody(request: Request, endpoint: AnyEndpoint): Promise<unknown> {
  const acceptsForm = endpoint.acceptsCrossSitePost === true;
  if (request.method === "GET" || request.method === "HEAD") return undefined;
  const type = mediaType(request);
  const text = await readBodyText(request);
  if (text.length === 0) return undefined;
  if (acceptsForm && type === "application/x-www-form-urlencoded") return Object.fromEntries(new URLSearchParams(text));
  if (type !== "application/json" && !(endpoint.acceptsScimJSON && type === "application/scim+json")) {
    throw APIError.from(415, "UNSUPPORTED_MEDIA_TYPE");
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw APIError.from(400, "INVALID_JSON");
  }
}

/**
 * The HTTP door: Request in, Response out. As Hono's handlers do, it answers at once (a Response,
 * not a promise) when the fast path could answer without waiting, so a server writes it at once.
 */
export type RequestHandler = (request: Request, info?: HandlerInfo) => Response | Promise<Response>;

/** The HTTP door: one table, matched by path and method; before it, the fast path (fast-path/). */
export function createRequestHandler(ctx: AuthContext, endpoints: readonly AnyEndpoint[], fastPath?: FastPath): RequestHandler {
  const exact = new Map<string, Route>();
  const withParams: Route[] = [];
  const unknownNames = Object.keys(ctx.options.rateLimit.byName).filter((name) => !endpoints.some((endpoint) => endpoint.name === name));
  if (unknownNames.length > 0) throw new Error(`rateLimit.endpoints names no endpoint: ${unknownNames.join(", ")}`);
  for (const endpoint of endpoints) {
    if (endpoint.serverOnly) continue;
    const methods = typeof endpoint.method === "string" ? [endpoint.method] : endpoint.method;
    const route: Route = {
      endpoint,
      methods,
      segments: endpoint.path.includes(":") ? endpoint.path.split("/") : null,
      rateLimit: resolveEndpointRateLimit(endpoint, ctx.options.rateLimit),
    };
    // One endpoint per path: a second one (say, another method) would silently replace the first.
    if (exact.has(endpoint.path) || withParams.some((r) => r.endpoint.path === endpoint.path)) {
      throw new Error(`two endpoints share the path ${endpoint.path}: declare one with several methods`);
    }
    if (route.segments) withParams.push(route);
    else exact.set(endpoint.path, route);
  }
  const { basePath } = ctx.options;

  function findRoute(path: string): { route: Route; params: Record<string, string> } | null {
    const route = exact.get(path);
    if (route) return { route, params: {} };
    for (const candidate of withParams) {
      const params = matchParams(candidate.segments!, path);
      if (params) return { route: candidate, params };
    }
    return null;
  }

  async function answer(request: Request, info: HandlerInfo, base: Readonly<Record<string, string>>): Promise<Response> {
    // What the error log names: the route, never the raw path (a path parameter can be a token).
    let loggedPath = "(no route)";
    try {
      const url = splitRequestURL(request.url);
      if (!url.pathname.startsWith(basePath)) throw APIError.from(404, "NOT_FOUND");
      const rest = url.pathname.slice(basePath.length);
      const found = findRoute((rest.endsWith("/") ? rest.replace(/\/+$/, "") : rest) || "/");
      if (!found) throw APIError.from(404, "NOT_FOUND");
      const { route, params } = found;
      loggedPath = route.endpoint.path;
      const method = request.method === "HEAD" ? "GET" : request.method;
      if (!route.methods.includes(method as HttpMethod)) throw APIError.from(405, "METHOD_NOT_ALLOWED");

      const ipAddress = resolveClientAddress(request.headers, info.clientAddress ?? null, ctx.options.ipAddressHeaders);
      const client = new RequestClient(ipAddress, request.headers, info.requestId);
      // Windows are keyed by the route (`/reset-password/:token`), never the concrete path: a path
      // parameter can be a live token, and windows are stored (database storage) in plain text.
      if (ctx.options.rateLimit.enabled && route.rateLimit) {
        const refusal = rateLimitRefusal(
          await ctx.rateLimiter.hit(`${rateLimitClientKey(client.ipAddress)}|${route.endpoint.path}`, route.rateLimit, ctx.clock.now()),
        );
        if (refusal) throw refusal;
      }
      if (!route.endpoint.acceptsCrossSitePost) {
        checkFetchSite(request);
        checkRequestOrigin(request, ctx.options.trustedOrigins);
      }
      const body = request.method === "GET" || request.method === "HEAD" ? undefined : await readBody(request, route.endpoint);
      const { result, draft } = await runEndpoint(ctx, route.endpoint, {
        body,
        query: url.search === "" ? {} : Object.fromEntries(new URLSearchParams(url.search)),
        params,
        headers: request.headers,
        request,
        client,
        caller: "request",
      });
      return toResponse(result, draft, base);
    } catch (error) {
      if (error instanceof APIError) return translatedErrorResponse(error, base, request.headers);
      if (error instanceof ScimError) return error.toResponse();
      ctx.logger.error("unhandled error in auth handler", {
        path: loggedPath,
        requestId: info.requestId,
        error: error instanceof Error ? error.message : String(error),
      });
      return translatedErrorResponse(APIError.from(500, "INTERNAL_SERVER_ERROR"), base, request.headers);
    }
  }

  return function handle(request, info = {}) {
    const fast = fastPath?.(request, info);
    if (fast === undefined) return answer(request, info, info.headers ?? NO_HEADERS);
    if (fast instanceof Response) return fast;
    return fast.then((given) => given ?? answer(request, info, info.headers ?? NO_HEADERS));
  };
}

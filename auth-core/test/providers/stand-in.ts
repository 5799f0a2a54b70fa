/**
 * A stand-in for a social provider that cannot be reached from here: an injected `fetch` that
 * answers at the provider's real URLs with its real response shapes, checks what the engine sends
 * (client authentication, PKCE, redirect URI, grant), and can be told to fail.
 */
import { createHash, randomBytes } from "node:crypto";
import { exportJWK, jwtVerify, SignJWT, type JWK } from "jose";
import { testSigningKeyPair } from "../../testing/signing-keys.js";

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** Form fields or JSON fields of the body. */
  body: Record<string, string>;
  rawBody: string;
}

/**
 * How a call fails. "hang" never answers: the call ends when the engine's time-out signal fires,
 * in real time (socialRequestTimeoutMs). "timeout" ends it at once as that signal would (the
 * fetch rejects with the signal's TimeoutError), so a test of what follows a time-out waits for
 * nothing; without a signal it hangs, and the test fails on its own time-out.
 */
export type FailureMode = "error" | "malformed" | "server-error" | "hang" | "timeout";

/** How the client must prove itself at the token endpoint. */
type ExpectedClientAuth = "basic" | "post" | "none";

interface IdTokenSpec {
  jwksURL: string;
  issuer: string;
  alg?: "RS256" | "ES256";
  /** Claims besides iss, aud, iat, exp and nonce (sub, email, …). */
  claims: Record<string, unknown>;
}

interface TokenAnswerInput {
  grant: "authorization_code" | "refresh_token";
  accessToken: string;
  refreshToken: string;
  /** The signed ID token, when the fixture has one. */
  idToken: string | null;
}

/** One provider as its tests see it: options, real URLs, real answer shapes, the expected mapping. */
export interface ProviderFixture {
  id: string;
  /** What an integrator passes as `socialProviders[id]`. */
  options: Record<string, unknown>;
  /** The authorization URL without its query, and parameters that must (string) or must not (null) be there. */
  authorize: { url: string; params: Record<string, string | null> };
  token: {
    url: string;
    auth: ExpectedClientAuth;
    /** The name of the client id field in the body (TikTok: client_key). Default client_id. */
    clientIdField?: string;
    /** Whether a code_verifier must come (and match the challenge). */
    pkce: boolean;
    /** Body format the endpoint reads. Default form. */
    format?: "form" | "json";
    /** The provider's answer, in its own shape. */
    answer(input: TokenAnswerInput): Record<string, unknown>;
    /** Answer as form-encoded text instead of JSON. */
    answerAsForm?: boolean;
    /** Checks of the request beyond the generic ones (a signed client secret, device_id); a string is the refusal reason. */
    check?(request: RecordedRequest): string | null | Promise<string | null>;
    /** The secret the provider expects (default options.clientSecret); "custom" leaves it to `check`. */
    secret?: string | "custom";
  };
  /** Other endpoints (user info, e-mails, GraphQL), keyed by URL without query; they need an access token we issued. */
  api: Record<string, (request: RecordedRequest, tokens: { accessToken: string }) => unknown>;
  /** Public documents (OpenID discovery), keyed by URL without query. */
  documents?: Record<string, unknown>;
  /** Endpoints that take no access token (LINE's ID-token verify), keyed by URL without query. */
  publicAPI?: Record<string, (request: RecordedRequest, standIn: { verifyIdToken(token: string): Promise<Record<string, unknown> | null> }) => unknown>;
  idToken?: IdTokenSpec;
  /** The endpoint the profile failure cases break (user info; the JWKS for ID-token-only providers). */
  profileURL: string;
  /** How the provider returns: GET with a query (default), or Apple's form_post. */
  callback?: { method: "GET" | "POST"; extra?: Record<string, string> };
  /** The mapped user; email "placeholder" for a provider that gives none. */
  expected: { id: string; email: string | "placeholder"; emailVerified: boolean; name: string | null; image: string | null };
  refresh: boolean;
  /** ID-token sign-in from a client (POST /sign-in/social {idToken}). */
  idTokenSignIn: boolean;
}

/** What a quirk test changes in an ID token: its issuer, audience or claims. */
interface IdTokenOverrides {
  issuer?: string;
  audience?: string;
  claims?: Record<string, unknown>;
}

export interface StandIn {
  fetch: typeof fetch;
  requests: RecordedRequest[];
  /** Makes the next calls to `url` fail in this way (until cleared with null). */
  fail(url: string, mode: FailureMode | null): void;
  /** Remembers the authorization request (state, challenge, nonce) and answers with the provider's redirect back. */
  authorize(authorizationURL: string): { code: string; state: string };
  /** A fresh ID token for client-side sign-in, with this nonce (and, for quirk tests, other claims). */
  signIdToken(nonce?: string, overrides?: IdTokenOverrides): Promise<string>;
  issuedAccessTokens: string[];
  /** Forgets requests, failures, pending authorizations and issued tokens (the keys stay). */
  reset(): void;
}

function readBody(text: string, contentType: string): Record<string, string> {
  if (!text) return {};
  if (contentType.includes("json")) {
    const json = JSON.parse(text) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(json).map(([k, v]) => [k, String(v)]));
  }
  return Object.fromEntries(new URLSearchParams(text));
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function hang(signal: AbortSignal | null | undefined): Promise<Response> {
  return new Promise((_, reject) => {
    if (!signal) return;
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

/** What fetch rejects with when an `AbortSignal.timeout` fires. */
function timedOut(signal: AbortSignal | null | undefined): Promise<Response> {
  if (!signal) return hang(signal);
  return Promise.reject(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
}

function failure(mode: FailureMode, signal: AbortSignal | null | undefined): Promise<Response> | Response {
  switch (mode) {
    case "error":
      return json({ error: "invalid_request", error_description: "refused by the stand-in" }, 400);
    case "malformed":
      return new Response("{ not json", { status: 200, headers: { "content-type": "application/json" } });
    case "server-error":
      return new Response("upstream exploded", { status: 500, headers: { "content-type": "text/plain" } });
    case "hang":
      return hang(signal);
    case "timeout":
      return timedOut(signal);
  }
}

export async function createStandIn(fixture: ProviderFixture, now: () => Date): Promise<StandIn> {
  const alg = fixture.idToken?.alg ?? "RS256";
  const keys = await testSigningKeyPair(alg);
  const publicJWK: JWK = { ...(await exportJWK(keys.publicKey)), kid: "stand-in-key", alg, use: "sig" };
  const requests: RecordedRequest[] = [];
  const failures = new Map<string, FailureMode>();
  const pending = new Map<string, { challenge: string | null; nonce: string | null; redirectURI: string | null }>();
  const issuedAccessTokens: string[] = [];
  const clientId = String(fixture.options.clientId);
  const expectedSecret = fixture.token.secret ?? (fixture.options.clientSecret === undefined ? undefined : String(fixture.options.clientSecret));

  async function signIdToken(nonce?: string, overrides: IdTokenOverrides = {}): Promise<string> {
    const spec = fixture.idToken;
    if (!spec) throw new Error(`${fixture.id} has no ID tokens`);
    const seconds = Math.floor(now().getTime() / 1000);
    return new SignJWT({ ...spec.claims, ...overrides.claims, ...(nonce ? { nonce } : {}) })
      .setProtectedHeader({ alg, kid: "stand-in-key" })
      .setIssuer(overrides.issuer ?? spec.issuer)
      .setAudience(overrides.audience ?? clientId)
      .setIssuedAt(typeof overrides.claims?.iat === "number" ? overrides.claims.iat : seconds)
      .setExpirationTime(seconds + 3600)
      .sign(keys.privateKey);
  }

  /** The claims of a token this stand-in signed (its signature checked), or null. */
  async function verifyIdToken(token: string): Promise<Record<string, unknown> | null> {
    try {
      return (await jwtVerify(token, keys.publicKey, { currentDate: now() })).payload;
    } catch {
      return null;
    }
  }

  function checkClientAuth(request: RecordedRequest): string | null {
    const idField = fixture.token.clientIdField ?? "client_id";
    if (fixture.token.auth === "basic") {
      const header = request.headers.get("authorization") ?? "";
      if (!header.startsWith("Basic ")) return "expected client_secret_basic";
      const [id, secret] = Buffer.from(header.slice(6), "base64").toString().split(":").map(decodeURIComponent);
      if (id !== clientId || (expectedSecret !== "custom" && secret !== expectedSecret)) return "wrong basic credentials";
      if (request.body.client_secret) return "secret sent twice";
      return null;
    }
    if (request.body[idField] !== clientId) return `expected ${idField}=${clientId}`;
    if (fixture.token.auth === "post" && expectedSecret !== "custom" && request.body.client_secret !== expectedSecret) return "wrong client_secret";
    if (request.headers.get("authorization")) return "unexpected authorization header";
    return null;
  }

  async function tokenEndpoint(request: RecordedRequest): Promise<Response> {
    if (request.method !== "POST") return json({ error: "invalid_request" }, 405);
    const format = fixture.token.format ?? "form";
    if (!(request.headers.get("content-type") ?? "").includes(format === "json" ? "json" : "x-www-form-urlencoded"))
      return json({ error: "invalid_request", error_description: "wrong body format" }, 400);
    const refused = checkClientAuth(request) ?? (await fixture.token.check?.(request)) ?? null;
    if (refused) return json({ error: "invalid_client", error_description: refused }, 401);
    const grant = request.body.grant_type;
    if (grant === "authorization_code") {
      const flow = pending.get(request.body.code ?? "");
      if (!flow) return json({ error: "invalid_grant", error_description: "unknown code" }, 400);
      pending.delete(request.body.code ?? "");
      if (flow.redirectURI !== request.body.redirect_uri) return json({ error: "invalid_grant", error_description: "redirect_uri mismatch" }, 400);
      if (fixture.token.pkce) {
        const verifier = request.body.code_verifier ?? "";
        if (createHash("sha256").update(verifier).digest("base64url") !== flow.challenge)
          return json({ error: "invalid_grant", error_description: "PKCE" }, 400);
      } else if (request.body.code_verifier) {
        return json({ error: "invalid_request", error_description: "unexpected code_verifier" }, 400);
      }
      const accessToken = `at-${randomBytes(12).toString("hex")}`;
      issuedAccessTokens.push(accessToken);
      const idToken = fixture.idToken ? await signIdToken(flow.nonce ?? undefined) : null;
      return answer({ grant, accessToken, refreshToken: `rt-${randomBytes(12).toString("hex")}`, idToken });
    }
    if (grant === "refresh_token") {
      if (!fixture.refresh) return json({ error: "unsupported_grant_type" }, 400);
      if (!request.body.refresh_token?.startsWith("rt-")) return json({ error: "invalid_grant" }, 400);
      const accessToken = `at-${randomBytes(12).toString("hex")}`;
      issuedAccessTokens.push(accessToken);
      return answer({ grant, accessToken, refreshToken: `rt-${randomBytes(12).toString("hex")}`, idToken: null });
    }
    return json({ error: "unsupported_grant_type" }, 400);
  }

  function answer(input: TokenAnswerInput): Response {
    const body = fixture.token.answer(input);
    if (fixture.token.answerAsForm) {
      const form = new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]));
      return new Response(form.toString(), { status: 200, headers: { "content-type": "application/x-www-form-urlencoded" } });
    }
    return json(body);
  }

  const standInFetch: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const headers = new Headers(init?.headers);
    const rawBody = typeof init?.body === "string" ? init.body : "";
    const request: RecordedRequest = { method: init?.method ?? "GET", url, headers, rawBody, body: readBody(rawBody, headers.get("content-type") ?? "") };
    requests.push(request);
    const key = `${url.origin}${url.pathname}`;
    const mode = failures.get(key);
    if (mode) return failure(mode, init?.signal);
    if (key === fixture.token.url) return tokenEndpoint(request);
    if (fixture.idToken && key === fixture.idToken.jwksURL) return json({ keys: [publicJWK] });
    if (fixture.documents && key in fixture.documents) return json(fixture.documents[key]);
    const publicRoute = fixture.publicAPI?.[key];
    if (publicRoute) {
      const result: unknown = await publicRoute(request, { verifyIdToken });
      return result instanceof Response ? result : json(result);
    }
    const route = fixture.api[key];
    if (!route) return json({ error: "not_found", url: key }, 404);
    const bearer = (headers.get("authorization") ?? "").replace(/^(Bearer|OAuth) /i, "");
    const accessToken = bearer || url.searchParams.get("access_token") || request.body.access_token || "";
    if (!issuedAccessTokens.includes(accessToken)) return json({ error: "invalid_token" }, 401);
    const result = route(request, { accessToken });
    return result instanceof Response ? result : json(result);
  };

  return {
    fetch: standInFetch,
    requests,
    issuedAccessTokens,
    fail(url, mode) {
      if (mode) failures.set(url, mode);
      else failures.delete(url);
    },
    authorize(authorizationURL) {
      const url = new URL(authorizationURL);
      const state = url.searchParams.get("state");
      if (!state) throw new Error("authorization URL without state");
      const code = `code-${randomBytes(12).toString("hex")}`;
      pending.set(code, {
        challenge: url.searchParams.get("code_challenge"),
        nonce: url.searchParams.get("nonce"),
        redirectURI: url.searchParams.get("redirect_uri"),
      });
      return { code, state };
    },
    signIdToken,
    reset() {
      requests.length = 0;
      issuedAccessTokens.length = 0;
      failures.clear();
      pending.clear();
    },
  };
}

import type { ClientAuthentication, OAuthTokens, ProviderRuntime } from "./types.js";

/** A token endpoint refused or answered something unusable (RFC 6749 §5.2 error, or garbage). */
export class OAuthRequestError extends Error {
  readonly status: number;
  readonly code: string | null;

  constructor(status: number, code: string | null, message: string) {
    super(message);
    this.name = "OAuthRequestError";
    this.status = status;
    this.code = code;
  }
}

export interface TokenRequestInput {
  endpoint: string;
  clientId: string;
  /** "client_id", or the provider's own name for it (TikTok: "client_key"). */
  clientIdParameter: string;
  /** null: a public client (or a provider where the secret is optional and none is set). */
  clientSecret: string | null;
  authentication: ClientAuthentication;
  format: "form" | "json";
  /** Extra headers the provider requires (a User-Agent); they cannot replace the ones set here. */
  headers?: Record<string, string>;
  /** grant_type and the grant's own parameters. */
  params: Record<string, string>;
  /** The token fields out of the answer (for answers nested under a key). */
  readBody(body: Record<string, unknown>): Record<string, unknown>;
}

function readSeconds(value: unknown): number | null {
  // Some providers send expires_in as a string (Naver).
  const seconds = typeof value === "string" ? Number(value) : value;
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

function readString(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** Normalises a token response; the expiries count from `now`. */
export function parseTokenResponse(body: Record<string, unknown>, now: Date): OAuthTokens {
  const accessToken = readString(body.access_token);
  if (!accessToken) throw new OAuthRequestError(200, null, "token response without access_token");
  const expiresIn = readSeconds(body.expires_in);
  const refreshExpiresIn = readSeconds(body.refresh_token_expires_in);
  const scope = readString(body.scope);
  return {
    accessToken,
    tokenType: readString(body.token_type),
    refreshToken: readString(body.refresh_token),
    idToken: readString(body.id_token),
    accessTokenExpiresAt: expiresIn === null ? null : new Date(now.getTime() + expiresIn * 1000),
    refreshTokenExpiresAt: refreshExpiresIn === null ? null : new Date(now.getTime() + refreshExpiresIn * 1000),
    scopes: scope ? scope.split(/[\s,]+/).filter(Boolean) : [],
  };
}

/** A token answer as JSON, or form-encoded (what some endpoints send whatever Accept says). */
async function readAnswer(response: Response): Promise<Record<string, unknown> | null> {
  const text = await response.text();
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("application/x-www-form-urlencoded") && !type.includes("text/plain")) {
    try {
      const json: unknown = JSON.parse(text);
      return json !== null && typeof json === "object" && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
    } catch {
      if (type.includes("json")) return null;
    }
  }
  const form = new URLSearchParams(text);
  return form.has("access_token") || form.has("error") ? Object.fromEntries(form) : null;
}

/**
 * POSTs to a token endpoint (code exchange and refresh share it). Client authentication is
 * client_secret_basic (RFC 6749 §2.3.1, form-encoded credentials), client_secret_post, or none.
 */
export async function requestTokens(runtime: ProviderRuntime, input: TokenRequestInput): Promise<OAuthTokens> {
  const params: Record<string, string> = { ...input.params };
  const headers: Record<string, string> = { ...input.headers, accept: "application/json" };
  if (input.authentication === "client_secret_basic" && input.clientSecret !== null) {
    const credentials = `${encodeURIComponent(input.clientId)}:${encodeURIComponent(input.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString("base64")}`;
  } else {
    params[input.clientIdParameter] = input.clientId;
    if (input.authentication === "client_secret_post" && input.clientSecret !== null) params.client_secret = input.clientSecret;
  }
  let body: string;
  if (input.format === "json") {
    headers["content-type"] = "application/json";
    body = JSON.stringify(params);
  } else {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(params).toString();
  }
  const response = await runtime.fetch(input.endpoint, { method: "POST", headers, body });
  const answer = await readAnswer(response);
  if (!answer) throw new OAuthRequestError(response.status, null, "token endpoint answered no JSON");
  const json = input.readBody(answer);
  if (!response.ok || typeof json.error === "string" || typeof answer.error === "string") {
    const error = readString(json.error) ?? readString(answer.error);
    throw new OAuthRequestError(response.status, error, readString(json.error_description) ?? readString(answer.error_description) ?? "token request refused");
  }
  return parseTokenResponse(json, runtime.clock.now());
}

import type { AuthContext } from "../context.js";
import type { ClientAuthentication, OAuthTokens } from "./types.js";

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
  clientSecret: string;
  authentication: ClientAuthentication;
  format: "form" | "json";
  /** grant_type and the grant's own parameters. */
  params: Record<string, string>;
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

/**
 * POSTs to a token endpoint (code exchange and refresh share it). Client authentication is
 * client_secret_basic (RFC 6749 §2.3.1, form-encoded credentials) or client_secret_post.
 */
export async function requestTokens(ctx: AuthContext, input: TokenRequestInput): Promise<OAuthTokens> {
  const params: Record<string, string> = { ...input.params };
  const headers: Record<string, string> = { accept: "application/json" };
  if (input.authentication === "client_secret_basic") {
    const credentials = `${encodeURIComponent(input.clientId)}:${encodeURIComponent(input.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString("base64")}`;
  } else {
    params.client_id = input.clientId;
    params.client_secret = input.clientSecret;
  }
  let body: string;
  if (input.format === "json") {
    headers["content-type"] = "application/json";
    body = JSON.stringify(params);
  } else {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(params).toString();
  }
  const response = await ctx.fetch(input.endpoint, { method: "POST", headers, body });
  let json: Record<string, unknown>;
  try {
    json = (await response.json()) as Record<string, unknown>;
  } catch {
    throw new OAuthRequestError(response.status, null, "token endpoint answered no JSON");
  }
  if (!response.ok || typeof json.error === "string") {
    throw new OAuthRequestError(response.status, readString(json.error), readString(json.error_description) ?? "token request refused");
  }
  return parseTokenResponse(json, ctx.clock.now());
}

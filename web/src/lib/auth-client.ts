import { createContext, useContext } from "react";
import { AuthNetworkError, AuthRequestError } from "./auth-errors.js";

/** Spec §9: auth request constants. */
export const AUTH_REQUEST_TIMEOUT_MS = 30_000;
export const AUTH_RETRY_ATTEMPTS = 3;
const AUTH_RETRY_INITIAL_DELAY_MS = 1_000;
const AUTH_RETRY_MAX_DELAY_MS = 5_000;
const AUTH_RETRY_MULTIPLIER = 2;
/** Spec §9: the CSRF header. The server's Origin check is the defence; a custom header also forces a CORS preflight. */
export const CSRF_HEADER = "x-csrf-token";

/** Spec §4: calls after which the cached session is refreshed. */
const SESSION_CHANGING_PATHS = [
  /^\/sign-in\//,
  /^\/sign-up\//,
  /^\/sign-out$/,
  /^\/update-user$/,
  /^\/delete-user$/,
  /^\/verify-email$/,
  /^\/email-otp\/verify-email$/,
  /^\/passkey\/verify-authentication$/,
];

/** Delay before retry number `retry` (0-based): 1000 ms doubling, at most 5000 ms. */
export function authRetryDelay(retry: number): number {
  return Math.min(AUTH_RETRY_INITIAL_DELAY_MS * AUTH_RETRY_MULTIPLIER ** retry, AUTH_RETRY_MAX_DELAY_MS);
}

/** Retried: no answer at all, or a temporary server state. A 4xx (and a plain 500) is an answer. */
export function isRetryableAuthFailure(error: unknown): boolean {
  if (error instanceof AuthNetworkError) return true;
  return error instanceof AuthRequestError && [408, 429, 502, 503, 504].includes(error.status);
}

export function refreshesSession(path: string): boolean {
  return SESSION_CHANGING_PATHS.some((pattern) => pattern.test(path));
}

export interface AuthClientDeps {
  /** Origin the /api/auth paths are resolved against; "" in the browser (same origin). */
  baseURL?: string;
  fetch?: typeof fetch;
  /** Waits between attempts; injected so tests can record the delays instead of sleeping. */
  wait?: (ms: number) => Promise<void>;
  timeoutMs?: number;
  /** Called after a call that changes the session (spec §4): the app refetches auth/session. */
  onSessionChange?: () => Promise<void> | void;
}

interface AuthRequestOptions {
  query?: Record<string, string | undefined>;
  /** Force a method; otherwise GET without a body, POST with one (spec §7). */
  method?: "GET" | "POST";
}

/** The header get-session adds when a ban ended the browser's session (auth-core's account/ban.ts). */
const SESSION_ENDED_HEADER = "x-gatehouse-session-ended";

export interface AuthClient {
  request<T>(path: string, body?: unknown, options?: AuthRequestOptions): Promise<T>;
  /** Why the last session check found no session, when the server said (`BANNED_USER`); else null. */
  sessionEnd?(): string | null;
}

function defaultWait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The client for /api/auth: method rule, cookies, time-out, retries and session refresh (spec §7, §9). */
export function createAuthClient(deps: AuthClientDeps = {}): AuthClient {
  const doFetch = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const wait = deps.wait ?? defaultWait;
  const timeoutMs = deps.timeoutMs ?? AUTH_REQUEST_TIMEOUT_MS;
  let lastSessionEnd: string | null = null;

  async function attempt(url: string, init: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      response = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === "TimeoutError";
      throw new AuthNetworkError(timedOut ? `request timed out after ${timeoutMs} ms` : "request failed", { timedOut, cause: error });
    }
    const body = await readBody(response);
    // Each session check says afresh whether a ban ended the session it was asked about.
    if (new URL(url, "http://x").pathname.endsWith("/get-session")) lastSessionEnd = response.headers.get(SESSION_ENDED_HEADER);
    if (!response.ok) {
      const wire = (typeof body === "object" && body !== null ? body : {}) as { code?: unknown; message?: unknown };
      const message = typeof wire.message === "string" ? wire.message : response.statusText || `HTTP ${response.status}`;
      const retryAfter = Number(response.headers.get("x-retry-after") ?? response.headers.get("retry-after") ?? Number.NaN);
      throw new AuthRequestError(
        response.status,
        typeof wire.code === "string" ? wire.code : null,
        message,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      );
    }
    return body;
  }

  return {
    sessionEnd: () => lastSessionEnd,
    async request<T>(path: string, body?: unknown, options: AuthRequestOptions = {}): Promise<T> {
      const method = options.method ?? (body === undefined ? "GET" : "POST");
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) search.set(key, value);
      const url = `${deps.baseURL ?? ""}/api/auth${path}${search.size > 0 ? `?${search}` : ""}`;
      const headers: Record<string, string> = { accept: "application/json", [CSRF_HEADER]: "1" };
      if (method === "POST") headers["content-type"] = "application/json";
      // The server's refusals come in the language the app shows (`<html lang>`, set by lib/i18n.ts),
      // which may be the switcher's choice rather than the browser's own first language.
      const shown = typeof document === "undefined" ? "" : document.documentElement.lang;
      if (shown) headers["accept-language"] = shown;
      const init: RequestInit = { method, headers, credentials: "include", body: method === "POST" ? JSON.stringify(body ?? {}) : undefined };
      for (let retry = 0; ; retry += 1) {
        try {
          const result = (await attempt(url, init)) as T;
          if (refreshesSession(path)) await deps.onSessionChange?.();
          return result;
        } catch (error) {
          if (retry + 1 >= AUTH_RETRY_ATTEMPTS || !isRetryableAuthFailure(error)) throw error;
          await wait(authRetryDelay(retry));
        }
      }
    },
  };
}

export const AuthClientContext = createContext<AuthClient | null>(null);

export function useAuthClient(): AuthClient {
  const client = useContext(AuthClientContext);
  if (!client) throw new Error("useAuthClient outside AppProvider");
  return client;
}

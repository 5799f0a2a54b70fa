import { APIError, type ErrorCode } from "../errors.js";
import { isTrustedURL, matchesOriginPattern, originOf } from "../shared/trusted-url.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request from a foreign page: its Origin (or, failing that, its
 * Referer) must be trusted. Sign-in and sign-up are included even without cookies (login CSRF).
 * A request carrying cookies that sends neither header is refused too.
 */
export function checkRequestOrigin(request: Request, trustedOrigins: readonly string[]): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("origin");
  const referer = request.headers.get("referer");
  const claimed = origin && origin !== "null" ? origin : referer ? originOf(referer) : null;
  if (claimed === null) {
    if (request.headers.has("cookie") || origin === "null") {
      throw APIError.from(403, "MISSING_OR_NULL_ORIGIN");
    }
    return; // a server-to-server call with no browser context
  }
  if (!trustedOrigins.some((pattern) => matchesOriginPattern(claimed, pattern))) {
    throw APIError.from(403, "INVALID_ORIGIN");
  }
}

/**
 * A state-changing request the browser marks `Sec-Fetch-Site: cross-site` is refused,
 * whatever its Origin says (or whether it sends one). Same-site pages (another port of this
 * host, a sibling subdomain) and non-browser callers (no header) are unaffected.
 */
export function checkFetchSite(request: Request): void {
  if (SAFE_METHODS.has(request.method)) return;
  if (request.headers.get("sec-fetch-site") === "cross-site") {
    throw APIError.from(403, "CROSS_SITE_REQUEST");
  }
}

/** The URL-valued inputs the spec names, with the label of their 403 message (spec §5). */
const URL_FIELDS: ReadonlyArray<readonly [field: string, code: ErrorCode]> = [
  ["callbackURL", "INVALID_CALLBACKURL"],
  ["redirectTo", "INVALID_REDIRECTURL"],
  ["errorCallbackURL", "INVALID_ERRORCALLBACKURL"],
  ["newUserCallbackURL", "INVALID_NEWUSERCALLBACKURL"],
];

/** The codes better-auth 1.7's plugins answer for the same refusals (magic link): words separated. */
const PLUGIN_URL_FIELDS: ReadonlyArray<readonly [field: string, code: ErrorCode]> = [
  ["callbackURL", "INVALID_CALLBACK_URL"],
  ["redirectTo", "INVALID_REDIRECT_URL"],
  ["errorCallbackURL", "INVALID_ERROR_CALLBACK_URL"],
  ["newUserCallbackURL", "INVALID_NEW_USER_CALLBACK_URL"],
];

/**
 * 403 "Invalid callbackURL" (and likewise for the other names) for an untrusted URL input, with
 * the core's codes, or with the plugins' (`codes: "plugin"`, an endpoint's `urlInputCodes`).
 */
export function checkURLInputs(input: unknown, trustedOrigins: readonly string[], codes: "core" | "plugin" = "core"): void {
  if (typeof input !== "object" || input === null) return;
  const record = input as Record<string, unknown>;
  for (const [field, code] of codes === "plugin" ? PLUGIN_URL_FIELDS : URL_FIELDS) {
    const value = record[field];
    if (value === undefined || value === null || value === "") continue;
    if (typeof value !== "string" || !isTrustedURL(value, trustedOrigins)) {
      throw APIError.from(403, code);
    }
  }
}

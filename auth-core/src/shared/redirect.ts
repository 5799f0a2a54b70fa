import { isSafeRelativePath } from "./trusted-url.js";

/**
 * Spec §2: a redirect target must start with a single slash (not //) and resolve to the page's
 * own origin; anything else, missing or non-string, becomes "/". The server's rule for relative
 * targets applies too (spec §5, judged on every decoding), so the SPA and the server
 * refuse the same values. Used by the web app's login screen and guards; browser-safe.
 */
export function sanitizeRedirect(value: unknown, pageOrigin: string): string {
  if (typeof value !== "string" || !isSafeRelativePath(value)) return "/";
  try {
    const resolved = new URL(value, pageOrigin);
    if (resolved.origin !== new URL(pageOrigin).origin) return "/";
    // Dot segments are removed while resolving ("/..//evil.com" → "//evil.com"): what we hand
    // back must pass the same single-slash rule as what came in.
    if (resolved.pathname.startsWith("//")) return "/";
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return "/";
  }
}

/** Spec §2: the login redirect for a guarded path: the path plus query, or "/" if not a path. */
export function loginRedirectTarget(pathWithQuery: string): string {
  return pathWithQuery.startsWith("/") ? pathWithQuery : "/";
}

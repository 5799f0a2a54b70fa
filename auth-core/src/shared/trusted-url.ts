/**
 * Spec §5: callback, redirect and origin URLs must match a trusted origin or be a relative path
 * without double slashes or encoded slashes. Browser-safe: no node: imports.
 */

/** A relative path: one leading slash, then no slash, backslash, or encoded slash or backslash. */
const SAFE_RELATIVE_PATH = /^\/(?![/\\])[^\\\s]*$/;
const ENCODED_SEPARATOR = /%(2f|5c)/i;
/** C0 controls and DEL: the URL parser drops tab, CR and LF silently, so what was checked is not what is used. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

export function isSafeRelativePath(value: string): boolean {
  if (!SAFE_RELATIVE_PATH.test(value)) return false;
  if (ENCODED_SEPARATOR.test(value)) return false;
  // "/a//b" is refused too: a double slash anywhere can be read as a host by some parsers.
  return !value.split(/[?#]/, 1)[0]!.includes("//");
}

/** Origin of a URL string, or null when it is not an absolute http(s) URL. */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * Whether `origin` matches a trusted-origin pattern. A pattern is an origin
 * ("https://app.example.com") or an origin with a wildcard label ("https://*.example.com").
 */
export function matchesOriginPattern(origin: string, pattern: string): boolean {
  if (!pattern.includes("*")) return origin === originOf(pattern);
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[a-z0-9-]+");
  return new RegExp(`^${escaped}$`, "i").test(origin);
}

/** Spec §5: trusted when relative-and-safe, or absolute with a trusted origin. */
export function isTrustedURL(value: string, trustedOrigins: readonly string[]): boolean {
  if (CONTROL_CHARACTER.test(value)) return false;
  if (value.startsWith("/")) return isSafeRelativePath(value);
  const origin = originOf(value);
  if (origin === null) return false;
  return trustedOrigins.some((pattern) => matchesOriginPattern(origin, pattern));
}

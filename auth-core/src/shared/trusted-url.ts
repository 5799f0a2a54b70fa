/**
 * Spec §5: callback, redirect and origin URLs must match a trusted origin or be a relative path
 * without double slashes or encoded slashes. Browser-safe: no node: imports.
 */

/** A relative path: one leading slash, then no slash, backslash, or whitespace. */
const SAFE_RELATIVE_PATH = /^\/(?![/\\])[^\\\s]*$/;
const ENCODED_SEPARATOR = /%(2f|5c)/i;
/** C0 controls and DEL: the URL parser drops tab, CR and LF silently, so what was checked is not what is used. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
/** How many rounds of percent-decoding are followed before a value counts as undecidable. */
const MAX_DECODING_ROUNDS = 4;

/**
 * The value and each percent-decoding of it, until decoding changes nothing: a proxy,
 * a framework or the SPA may decode a target again, so every form must pass. Null when the
 * value is not valid percent-encoding or is still changing after the last round.
 */
function decodedForms(value: string): string[] | null {
  const forms = [value];
  let current = value;
  for (let round = 0; round < MAX_DECODING_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return forms;
    forms.push(next);
    current = next;
  }
  return null;
}

/**
 * One form of a relative target: a single leading slash, no backslash, control character or
 * encoded separator, and no "//" in the path ("/a//b" too: some parsers read it as a host).
 * Whitespace is refused as sent, but allowed once decoded (`?q=a%20b` is an ordinary query).
 */
function isSafeRelativeForm(form: string, decoded: boolean): boolean {
  if (CONTROL_CHARACTER.test(form) || ENCODED_SEPARATOR.test(form) || form.includes("\\")) return false;
  if (!form.startsWith("/") || form.startsWith("//")) return false;
  if (!decoded && !SAFE_RELATIVE_PATH.test(form)) return false;
  return !form.split(/[?#]/, 1)[0]!.includes("//");
}

/**
 * Spec §5: a relative path without double slashes or encoded slashes, judged on the value and on
 * every decoding of it: an encoded control character (`/%0d%0a…`, `/%09/…`) or a doubly encoded
 * separator (`/%252F%252F…`, which a second decoding turns into `//host`) is refused.
 */
export function isSafeRelativePath(value: string): boolean {
  const forms = decodedForms(value);
  return forms !== null && forms.every((form, round) => isSafeRelativeForm(form, round > 0));
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
  if (value.startsWith("/")) return isSafeRelativePath(value);
  const forms = decodedForms(value);
  if (forms === null || forms.some((form) => CONTROL_CHARACTER.test(form))) return false;
  const origin = originOf(value);
  if (origin === null) return false;
  return trustedOrigins.some((pattern) => matchesOriginPattern(origin, pattern));
}

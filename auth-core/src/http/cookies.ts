import { constantTimeEqual } from "../crypto/constant-time.js";
import { signValue } from "../crypto/token-hash.js";

export interface CookieAttributes {
  maxAge?: number;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "Lax" | "Strict" | "None";
}

/** Reads one cookie from a Cookie header without parsing the rest (the first of that name wins). */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(";", start);
    if (end === -1) end = header.length;
    const eq = header.indexOf("=", start);
    if (eq !== -1 && eq < end && header.slice(start, eq).trim() === name) {
      const raw = header.slice(eq + 1, end).trim();
      if (!raw.includes("%")) return raw;
      try {
        return decodeURIComponent(raw);
      } catch {
        return null;
      }
    }
    start = end + 1;
  }
  return null;
}

export function serializeCookie(name: string, value: string, attributes: CookieAttributes): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${attributes.path ?? "/"}`];
  if (attributes.maxAge !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(attributes.maxAge))}`);
  if (attributes.httpOnly ?? true) parts.push("HttpOnly");
  if (attributes.secure) parts.push("Secure");
  parts.push(`SameSite=${attributes.sameSite ?? "Lax"}`);
  return parts.join("; ");
}

/**
 * The wire name of one of our cookies: better-auth's `<prefix>.<name>`, `__Secure-` over https,
 * or `__Host-` over https with advanced.useHostPrefix: a host-only cookie that a
 * sibling subdomain cannot set or shadow (no cookie tossing), for deployments that share no
 * cookie across subdomains.
 */
export function cookieName(cookies: { prefix: string; secure: boolean; hostPrefix: boolean }, name: string): string {
  if (!cookies.secure) return `${cookies.prefix}.${name}`;
  return `${cookies.hostPrefix ? "__Host-" : "__Secure-"}${cookies.prefix}.${name}`;
}

/** `value.signature`, HMAC-SHA256 under the secret: a cookie the client cannot forge. */
export function signCookieValue(key: Buffer, value: string): string {
  return `${value}.${signValue(key, value)}`;
}

/** The value if its signature holds, else null. */
export function verifySignedCookieValue(key: Buffer, signed: string): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  return constantTimeEqual(signed.slice(dot + 1), signValue(key, value)) ? value : null;
}

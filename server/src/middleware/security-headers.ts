import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { RequestLogVariables } from "./request-log.js";

const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The short header set of a JSON (or CSV) API answer, after OWASP's REST Security Cheat Sheet:
 * never cached (answers carry tokens and personal data), nothing to render or frame
 * (`default-src 'none'; frame-ancestors 'none'`), no content sniffing, no Referer, and HSTS
 * when the service is served over https. Built once; every API answer carries these values.
 */
export function apiSecurityHeaders(options: { https: boolean }): Readonly<Record<string, string>> {
  return Object.freeze({
    "cache-control": "no-store",
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    ...(options.https ? { "strict-transport-security": HSTS } : {}),
  });
}

/**
 * Whether a path answers the API (JSON or the reports CSV): the short header set. Everything
 * else is a page or a page's asset (the SPA, the auth error page, the API reference) and gets
 * the full set.
 */
export function isAPIPath(path: string): boolean {
  if (path === "/healthz") return true;
  if (!path.startsWith("/api/")) return false;
  return !(path === "/api/auth/error" || path === "/api/auth/reference" || path.startsWith("/api/auth/reference/"));
}

/**
 * Browser protections on every answer.
 *
 * API answers get the short set (apiSecurityHeaders); a header the handler set itself is kept.
 * (The auth API's route writes the same set into its answers itself: auth-route.ts.)
 *
 * Pages get the full set, through Hono's secureHeaders:
 * - a Content-Security-Policy the built SPA passes with no inline script: everything from this
 *   origin, images also from https and data: URIs (profile pictures), no plugins, no <base>,
 *   forms only to this origin, and no framing (clickjacking of the sign-in screen);
 * - X-Frame-Options DENY for browsers without frame-ancestors, nosniff, and the rest of the
 *   middleware's defaults (COOP, CORP, no X-Powered-By);
 * - Referrer-Policy: strict-origin-when-cross-origin, and no-referrer on the pages whose URL
 *   carries a token (reset, verification and deletion links), so the token never leaves in a
 *   Referer;
 * - HSTS only when the app is served over https.
 * A page that sets its own policy (the auth error page, the API reference) keeps it.
 */
export function securityHeaders(options: { https: boolean }): MiddlewareHandler<{ Variables: RequestLogVariables }> {
  const api = Object.entries(apiSecurityHeaders(options));
  const page = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", "data:", "https:"],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: options.https ? HSTS : false,
    overwrite: false,
  });
  return async function setSecurityHeaders(c, next) {
    if (isAPIPath(c.req.path)) {
      await next();
      const headers = c.res.headers;
      for (const [name, value] of api) if (!headers.has(name)) headers.set(name, value);
      return;
    }
    await page(c, async () => {
      await next();
      if (carriesToken(c.req.url)) c.res.headers.set("referrer-policy", "no-referrer");
    });
  };
}

/** A page whose query names `token` (verification, deletion and invitation links). */
function carriesToken(url: string): boolean {
  // Parsing the query costs every request; a query that cannot name `token` is skipped.
  const query = url.indexOf("?");
  if (query === -1 || (!url.includes("token", query) && !url.includes("%", query))) return false;
  return new URLSearchParams(url.slice(query + 1).split("#", 1)[0]).has("token");
}

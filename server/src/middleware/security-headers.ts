import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

/**
 * Browser protections on every answer (issue 13), through Hono's secureHeaders:
 * - a Content-Security-Policy the built SPA passes with no inline script: everything from this
 *   origin, images also from https and data: URIs (profile pictures), no plugins, no <base>,
 *   forms only to this origin, and no framing (clickjacking of the sign-in screen);
 * - X-Frame-Options DENY for browsers without frame-ancestors, nosniff, and the rest of the
 *   middleware's defaults (COOP, CORP, no X-Powered-By);
 * - Referrer-Policy: strict-origin-when-cross-origin, and no-referrer on the pages whose URL
 *   carries a token (reset, verification and deletion links), so the token never leaves in a
 *   Referer;
 * - HSTS only when the app is served over https.
 * A handler that sets its own policy (the auth error page) keeps it.
 */
export function securityHeaders(options: { https: boolean }): MiddlewareHandler {
  const apply = secureHeaders({
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
    strictTransportSecurity: options.https ? "max-age=31536000; includeSubDomains" : false,
    overwrite: false,
  });
  return async function setSecurityHeaders(c, next) {
    await apply(c, async () => {
      await next();
      if (carriesToken(c.req.path, c.req.url)) c.res.headers.set("referrer-policy", "no-referrer");
    });
  };
}

/** Token links: /api/auth/reset-password/<token>, verify-email?token=, delete-user/callback?token=, and any ?token= page. */
function carriesToken(path: string, url: string): boolean {
  if (path.startsWith("/api/auth/reset-password/")) return true;
  // Parsing the query costs every request; a query that cannot name `token` is skipped.
  const query = url.indexOf("?");
  if (query === -1 || (!url.includes("token", query) && !url.includes("%", query))) return false;
  return new URLSearchParams(url.slice(query + 1).split("#", 1)[0]).has("token");
}

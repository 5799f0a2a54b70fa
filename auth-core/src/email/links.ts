import type { AuthContext } from "../context.js";

/** An absolute link to an auth endpoint (mails carry absolute links to the base URL). */
export function authEndpointURL(ctx: AuthContext, path: string, params: Record<string, string> = {}): string {
  const url = new URL(`${ctx.options.basePath}${path}`, ctx.options.baseURL);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * `target` with query parameters added, keeping a relative target relative (callback URLs were
 * already checked against the trusted origins by the router, spec §5).
 */
export function withQueryParams(target: string, params: Record<string, string>, baseURL: string): string {
  const url = new URL(target, baseURL);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  if (target.startsWith("/")) return `${url.pathname}${url.search}${url.hash}`;
  return url.toString();
}

export { redirectResponse } from "../http/redirect-response.js";

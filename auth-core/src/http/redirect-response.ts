/**
 * The one way auth-core answers with a redirect. A validated target may still hold characters
 * a Location header cannot carry (non-ASCII, spaces): it is sent as the browser would request
 * it, percent-encoded, instead of making the answer a 500. A relative target stays relative.
 */
function toLocationHeader(target: string): string {
  if (/^[\x21-\x7e]*$/.test(target)) return target;
  const url = new URL(target, "http://relative.invalid");
  return target.startsWith("/") ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/** A 302 to `location`; cookies set by the handler are merged in by the router. */
export function redirectResponse(location: string): Response {
  return new Response(null, { status: 302, headers: { location: toLocationHeader(location), "cache-control": "no-store" } });
}

import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { redirectResponse } from "../../http/redirect-response.js";
import { authorize, authorizerOf, type Continuation } from "../../oauth-provider/authorize.js";

/**
 * A browser's navigation gets a 302; a script's fetch asking for JSON gets better-auth's
 * `200 { redirect: true, url }`.
 */
function continuationAnswer(headers: Headers, next: Continuation): Response | { redirect: true; url: string } {
  const mode = headers.get("sec-fetch-mode");
  const accept = headers.get("accept") ?? "";
  const wantsJSON = mode !== "navigate" && accept.includes("application/json") && !accept.includes("text/html");
  return wantsJSON ? { redirect: true, url: next.url } : redirectResponse(next.url);
}

/** GET /oauth2/authorize (OAuth 2.1 §4.1.1, OpenID Connect Core §3.1.2): code flow, PKCE S256 only. */
export const oauth2Authorize = defineEndpoint({
  name: "oauth2Authorize",
  method: "GET",
  path: "/oauth2/authorize",
  query: z.record(z.string(), z.string().max(4096)),
  session: "optional",
  feature: "oauthProvider",
  rateLimit: "default",
  audit: { none: "a code is recorded by its exchange; refusals are answered to the client" },
  async handler({ ctx, query, headers, principal }): Promise<Response | { redirect: true; url: string }> {
    const next = await authorize(ctx, new URLSearchParams(query), authorizerOf(principal));
    return continuationAnswer(headers, next);
  },
});

import { z } from "zod";
import { defineEndpoint } from "../endpoint.js";

function escapeHTML(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Spec §2: a title, a generic explanation, the Error Code from the `error` query parameter
 * (default Unknown, HTML-escaped) and a Return to Application link to the root.
 */
function renderErrorPage(code: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authentication Error</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f6f7f9;color:#1f2933}
main{max-width:28rem;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
code{background:#eef0f3;padding:.15rem .4rem;border-radius:4px}a{color:#2456d6}</style></head>
<body><main>
<h1>Authentication Error</h1>
<p>We encountered an issue while processing your request. Please try again or contact the application owner if the problem persists.</p>
<p>Error Code: <code>${escapeHTML(code)}</code></p>
<p><a href="/">Return to Application</a></p>
</main></body></html>`;
}

export const errorPage = defineEndpoint({
  name: "errorPage",
  method: "GET",
  path: "/error",
  query: z.object({ error: z.string().max(200).optional() }),
  session: "none",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ query }): Promise<Response> {
    return new Response(renderErrorPage(query.error || "Unknown"), {
      status: 200,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      },
    });
  },
});

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Hono } from "hono";
import { APIError } from "@gatehouse/auth-core";
import { errorBody } from "./error-body.js";
import type { AppEnv } from "./app-env.js";

const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Swagger UI sets style attributes and <style> as it renders; scripts stay 'self' only.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

function page(base: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Gatehouse auth API reference</title>
<link rel="stylesheet" href="${base}/swagger-ui.css"></head>
<body><div id="reference" data-spec-url="${base.replace(/\/reference$/, "")}/open-api/generate-schema"></div>
<script src="${base}/swagger-ui-bundle.js"></script>
<script src="${base}/init.js"></script>
</body></html>`;
}

/** Starts Swagger UI on the document; a file of its own, so the page needs no inline script. */
const INIT = `window.addEventListener("load", function () {
  var root = document.getElementById("reference");
  window.ui = SwaggerUIBundle({ url: root.dataset.specUrl, dom_id: "#reference", deepLinking: true });
});
`;

/**
 * GET /api/auth/reference: the API reference, rendered by Swagger UI from the
 * OpenAPI document at /api/auth/open-api/generate-schema. Swagger UI comes from the
 * swagger-ui-dist package on this server: no third-party CDN, and no inline script.
 */
export function mountAPIReference(app: Hono<AppEnv>, basePath = "/api/auth"): void {
  const base = `${basePath}/reference`;
  // Read on first use: most processes never serve the reference.
  let files: Record<string, { type: string; body: string }> | null = null;
  const load = (): Record<string, { type: string; body: string }> => {
    const dist = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
    return {
      "swagger-ui.css": { type: "text/css; charset=utf-8", body: readFileSync(join(dist, "swagger-ui.css"), "utf8") },
      "swagger-ui-bundle.js": { type: "text/javascript; charset=utf-8", body: readFileSync(join(dist, "swagger-ui-bundle.js"), "utf8") },
      "init.js": { type: "text/javascript; charset=utf-8", body: INIT },
    };
  };
  const html = page(base);
  app.get(base, (c) => c.html(html, 200, { "content-security-policy": PAGE_CSP }));
  app.get(`${base}/:file`, (c) => {
    files ??= load();
    const file = files[c.req.param("file")];
    if (!file) return c.json(errorBody(APIError.from(404, "NOT_FOUND"), c.req.raw.headers), 404);
    return c.body(file.body, 200, { "content-type": file.type, "cache-control": "public, max-age=86400" });
  });
}

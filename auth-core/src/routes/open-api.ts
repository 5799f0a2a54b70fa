import { defineEndpoint, type AnyEndpoint } from "../endpoint.js";
import { buildOpenAPIDocument } from "../openapi/document.js";

/** GET /open-api/generate-schema (better-auth's openAPI path): the OpenAPI 3.1 document. */
export function createOpenAPIEndpoint(table: () => readonly AnyEndpoint[]) {
  let cached: Record<string, unknown> | null = null;
  return defineEndpoint({
    name: "generateOpenAPISchema",
    method: "GET",
    path: "/open-api/generate-schema",
    session: "none",
    rateLimit: "default",
    audit: { none: "reads only" },
    async handler({ ctx }): Promise<Record<string, unknown>> {
      cached ??= buildOpenAPIDocument(ctx, table(), { version: "1.0.0" });
      return cached;
    },
  });
}

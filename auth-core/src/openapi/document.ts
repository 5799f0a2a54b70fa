import { z } from "zod";
import type { AuthContext } from "../context.js";
import type { AnyEndpoint } from "../endpoint.js";
import { sessionCookieName } from "../session/session-cookie.js";

type JSONSchema = Record<string, unknown>;

/** A JSON Schema of the input the validator accepts, without its $schema (OpenAPI 3.1 sets the dialect). */
function inputSchema(schema: z.ZodType): JSONSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JSONSchema;
  return rest;
}

const ERROR_RESPONSE = {
  description: "Refused: `{ code, message }` with the code of the error catalogue",
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
};

/** The answers every endpoint can give, beside its own 200. */
function responsesOf(endpoint: AnyEndpoint): Record<string, unknown> {
  const responses: Record<string, unknown> = {
    "200": { description: "Success", content: { "application/json": { schema: {} } } },
    "400": ERROR_RESPONSE,
    "429": { description: "Too many requests (X-Retry-After in seconds)" },
  };
  if (endpoint.session === "required" || endpoint.session === "fresh") responses["401"] = ERROR_RESPONSE;
  if (endpoint.session === "fresh") responses["403"] = { ...ERROR_RESPONSE, description: "SESSION_NOT_FRESH, or another refusal" };
  else responses["403"] = ERROR_RESPONSE;
  return responses;
}

function queryParameters(endpoint: AnyEndpoint): unknown[] {
  if (!endpoint.query) return [];
  const schema = inputSchema(endpoint.query);
  const properties = (schema.properties ?? {}) as Record<string, JSONSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: "query", required: required.has(name), schema: property }));
}

function pathParameters(path: string): unknown[] {
  return path
    .split("/")
    .filter((segment) => segment.startsWith(":"))
    .map((segment) => ({ name: segment.slice(1), in: "path", required: true, schema: { type: "string" } }));
}

/**
 * The OpenAPI 3.1 description of the HTTP endpoints, generated from the one endpoint
 * table: method, path, the zod schemas of body and query (the validators themselves, as JSON
 * Schema), the session each needs, and the error answers.
 */
export function buildOpenAPIDocument(ctx: AuthContext, endpoints: readonly AnyEndpoint[], info: { version: string }): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    if (endpoint.serverOnly) continue;
    const path = endpoint.path.replace(/:([A-Za-z]+)/g, "{$1}");
    const methods = typeof endpoint.method === "string" ? [endpoint.method] : endpoint.method;
    for (const method of methods) {
      const operation: Record<string, unknown> = {
        operationId: methods.length > 1 ? `${endpoint.name}${method === "GET" ? "" : method[0]}${method.slice(1).toLowerCase()}` : endpoint.name,
        tags: [endpoint.path.split("/")[1] || "auth"],
        parameters: [...pathParameters(endpoint.path), ...queryParameters(endpoint)],
        responses: responsesOf(endpoint),
      };
      if (method === "POST" && endpoint.body) {
        operation.requestBody = { required: true, content: { "application/json": { schema: inputSchema(endpoint.body) } } };
      }
      if (endpoint.session === "required" || endpoint.session === "fresh") operation.security = [{ sessionCookie: [] }, { bearerToken: [] }];
      (paths[path] ??= {})[method.toLowerCase()] = operation;
    }
  }
  return {
    openapi: "3.1.0",
    info: { title: "Gatehouse auth API", version: info.version, description: "better-auth 1.x's wire format; errors are `{ code, message }`." },
    servers: [{ url: `${ctx.options.baseURL}${ctx.options.basePath}` }],
    paths,
    components: {
      schemas: {
        Error: { type: "object", properties: { code: { type: "string" }, message: { type: "string" } }, required: ["code", "message"] },
      },
      securitySchemes: {
        sessionCookie: { type: "apiKey", in: "cookie", name: sessionCookieName(ctx) },
        bearerToken: { type: "http", scheme: "bearer", description: "The set-auth-token value (bearer option)" },
      },
    },
  };
}

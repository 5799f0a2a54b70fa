import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { AnyEndpoint } from "../src/endpoint.js";
import { endpoints } from "../src/routes/index.js";
import { createTestAuth, createTestBrowser, type TestAuth } from "../testing/index.js";

/**
 * GET /open-api/generate-schema is a valid OpenAPI 3.1 document that lists
 * every HTTP endpoint of the table, each with the schema of the validator that guards it.
 */
describe("the OpenAPI document", () => {
  let t: TestAuth;
  let doc: {
    openapi: string;
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> }; parameters: Array<{ name: string; in: string }> }>>;
  };
  beforeAll(async () => {
    t = await createTestAuth();
    const answer = await createTestBrowser(t.auth).get("/open-api/generate-schema");
    expect(answer.status).toBe(200);
    doc = (await answer.json()) as typeof doc;
  });
  afterAll(async () => {
    await t.destroy();
  });

  const table = (endpoints as readonly AnyEndpoint[]).filter((e) => !e.serverOnly);
  const pathOf = (e: AnyEndpoint): string => e.path.replace(/:([A-Za-z]+)/g, "{$1}");
  const methodsOf = (e: AnyEndpoint): string[] => (typeof e.method === "string" ? [e.method] : [...e.method]).map((m) => m.toLowerCase());

  it("validates against the OpenAPI 3.1 schema", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const result = await new Validator().validate(doc as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("lists every endpoint of the table with each of its methods, and nothing server-only", () => {
    const missing = table.flatMap((e) =>
      methodsOf(e)
        .filter((m) => !doc.paths[pathOf(e)]?.[m])
        .map((m) => `${m.toUpperCase()} ${e.path}`),
    );
    expect(missing).toEqual([]);
    expect(doc.paths["/set-password"]).toBeUndefined();
    const described = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(described).toBe(table.reduce((n, e) => n + methodsOf(e).length, 0));
  });

  it("gives each body and query the JSON Schema of its validator", () => {
    const disagreeing: string[] = [];
    for (const e of table) {
      const op = doc.paths[pathOf(e)]![methodsOf(e).includes("post") ? "post" : "get"]!;
      if (e.body && methodsOf(e).includes("post")) {
        const { $schema: _d, ...expected } = z.toJSONSchema(e.body, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
        if (JSON.stringify(op.requestBody?.content["application/json"]?.schema) !== JSON.stringify(expected)) disagreeing.push(`body of ${e.path}`);
      }
      if (e.query) {
        const properties = Object.keys((z.toJSONSchema(e.query, { io: "input", unrepresentable: "any" }) as { properties?: object }).properties ?? {});
        const documented = op.parameters.filter((p) => p.in === "query").map((p) => p.name);
        if (JSON.stringify(documented.sort()) !== JSON.stringify(properties.sort())) disagreeing.push(`query of ${e.path}`);
      }
    }
    expect(disagreeing).toEqual([]);
    expect(doc.paths["/sign-in/email"]!.post!.requestBody!.content["application/json"]!.schema).toMatchObject({
      required: expect.arrayContaining(["email", "password"]),
    });
  });
});

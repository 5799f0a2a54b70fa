import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { AnyEndpoint } from "../src/endpoint.js";
import { ERROR_CODES, type ErrorEntry } from "../src/errors.js";
import { endpoints } from "../src/routes/index.js";
import { createRecordingMailer, createTestAuth, createTestBrowser, signUpPerson, testDialects, type TestAuth, type TestBrowser } from "../testing/index.js";

/**
 * Every code that goes on the wire is in ERROR_CODES, with its status and wording.
 * Each endpoint of the table is sent its failure cases (wrong method, no session, bad bodies,
 * inputs naming nothing that exists, over its rate limit) and every error answer is checked
 * against the table. No input may produce a 500.
 */
const routed = (endpoints as readonly AnyEndpoint[]).filter((endpoint) => !endpoint.serverOnly);
const methodsOf = (endpoint: AnyEndpoint): readonly string[] => (typeof endpoint.method === "string" ? [endpoint.method] : endpoint.method);
const pathOf = (endpoint: AnyEndpoint): string => endpoint.path.replace(/:\w+/g, "nothing-here");

/** A plausible value of a schema naming nothing that exists: ids that match no row, a wrong password. */
function sample(schema: z.ZodType | undefined, key = ""): unknown {
  if (!schema) return undefined;
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, sample(field, name)]));
    }
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "nonoptional":
      return sample(def.innerType as z.ZodType, key);
    case "pipe":
      return sample(def.in as z.ZodType, key);
    case "union":
      return sample((def.options as z.ZodType[])[0], key);
    case "array":
      return [sample(def.element as z.ZodType, key)];
    case "boolean":
      return false;
    case "number":
    case "int":
      return 1;
    case "enum":
      return Object.values(def.entries as Record<string, unknown>)[0];
    case "literal":
      return (def.values as unknown[])[0];
    case "record":
      return {};
    case "string": {
      if (/email/i.test(key)) return "nobody@example.com";
      if (/password/i.test(key)) return "a wrong password 1";
      if (/url|redirect/i.test(key)) return "/";
      if (key === "role") return "member";
      if (key === "name" || key === "slug") return "nothing-here";
      return "nothing-here";
    }
    default:
      return undefined;
  }
}

function pattern(wording: string): RegExp {
  const escaped = wording.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{\w+\\?\}|\{\w+\}/g, ".+");
  return new RegExp(`^${escaped}$`);
}

interface Seen {
  label: string;
  status: number;
  body: unknown;
}

/** What is wrong with one answer: an empty list when it is a success or a catalogued error. */
async function problemsOf(label: string, response: Response, seen: Seen[]): Promise<string[]> {
  if (response.status < 400) return [];
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("application/json")) return [`${label}: ${response.status} answered ${type || "no content type"}`];
  const body = (await response.json()) as { code?: unknown; message?: unknown };
  seen.push({ label, status: response.status, body });
  if (typeof body.code !== "string" || typeof body.message !== "string") return [`${label}: ${response.status} ${JSON.stringify(body)} lacks code or message`];
  if (!(body.code in ERROR_CODES)) return [`${label}: ${body.code} is not in ERROR_CODES`];
  const entry: ErrorEntry = ERROR_CODES[body.code as keyof typeof ERROR_CODES];
  const problems: string[] = [];
  const statuses = typeof entry.status === "number" ? [entry.status] : entry.status;
  if (!statuses.includes(response.status)) problems.push(`${label}: ${body.code} answered ${response.status}, the table says ${statuses.join(" or ")}`);
  const message = body.message;
  if (![entry.message, ...(entry.also ?? [])].some((wording) => pattern(wording).test(message))) {
    problems.push(`${label}: ${body.code} said "${message}", the table says "${entry.message}"`);
  }
  if (response.status >= 500 && body.code === "INTERNAL_SERVER_ERROR") problems.push(`${label}: 500 INTERNAL_SERVER_ERROR`);
  return problems;
}

describe.each(testDialects())("every error on the wire is in ERROR_CODES, on %s", (dialect) => {
  let t: TestAuth;
  const seen: Seen[] = [];
  beforeAll(async () => {
    t = await createTestAuth({
      dialect,
      options: {
        rateLimit: { enabled: false },
        mailer: createRecordingMailer(),
        user: { changeEmail: { enabled: true }, deleteUser: { enabled: true } },
        emailVerification: { sendOnSignUp: false },
        socialProviders: { google: { clientId: "client", clientSecret: "secret" } },
        fetch: async () => new Response("provider unreachable in this test", { status: 503 }),
      },
    });
  });
  afterAll(async () => {
    await t.destroy();
  });

  /** A person of their own per endpoint: a sign-out or a deletion does not spoil the next one. */
  async function person(name: string): Promise<TestBrowser> {
    return (await signUpPerson(t.auth, name, `${name.toLowerCase()}@example.com`)).browser;
  }

  it.each(routed.map((endpoint) => [endpoint.name, endpoint] as const))(
    "%s: wrong method, no session, bad bodies, inputs naming nothing",
    async (name, endpoint) => {
      const problems: string[] = [];
      const path = pathOf(endpoint);
      const methods = methodsOf(endpoint);
      const anonymous = createTestBrowser(t.auth);

      const wrong = await anonymous.request(path, { method: "PUT", body: {} });
      expect(wrong.status, "PUT").toBe(405);
      problems.push(...(await problemsOf("PUT", wrong, seen)));
      if (!methods.includes("POST")) problems.push(...(await problemsOf("POST to a GET", await anonymous.post(path, {}), seen)));

      const query = new URLSearchParams(
        Object.entries((sample(endpoint.query) as Record<string, unknown> | undefined) ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString();
      const get = (browser: TestBrowser): Promise<Response> => browser.get(query ? `${path}?${query}` : path);
      const send = (browser: TestBrowser, body: unknown = sample(endpoint.body) ?? {}): Promise<Response> =>
        methods.includes("POST") ? browser.post(path, body) : get(browser);

      const unauthenticated = await send(anonymous);
      if (endpoint.session === "required" || endpoint.session === "fresh") expect(unauthenticated.status, "no session").toBe(401);
      problems.push(...(await problemsOf("no session", unauthenticated, seen)));

      const browser = await person(`P${name}`);
      if (methods.includes("POST")) {
        problems.push(...(await problemsOf("a number for a body", await send(browser, 42), seen)));
        problems.push(...(await problemsOf("an empty object", await send(browser, {}), seen)));
        for (const [label, headers, body] of [
          ["text/plain", { "content-type": "text/plain" }, "x"],
          ["broken JSON", { "content-type": "application/json" }, "{"],
          ["a body over 1 MiB", { "content-type": "application/json" }, JSON.stringify({ x: "y".repeat(1024 * 1024) })],
        ] as const) {
          const response = await t.auth.handler(
            new Request(`http://localhost:3000/api/auth${path}`, {
              method: "POST",
              headers: { ...headers, origin: "http://localhost:3000", cookie: browser.cookieHeader() },
              body,
            }),
          );
          problems.push(...(await problemsOf(label, response, seen)));
        }
        const foreign = await t.auth.handler(
          new Request(`http://localhost:3000/api/auth${path}`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: "https://evil.example" },
            body: "{}",
          }),
        );
        if (!endpoint.acceptsCrossSitePost) expect(foreign.status, "foreign origin").toBe(403);
        problems.push(...(await problemsOf("a foreign origin", foreign, seen)));
        const crossSite = await browser.request(path, { method: "POST", body: {}, headers: { "sec-fetch-site": "cross-site" } });
        if (!endpoint.acceptsCrossSitePost) expect(crossSite.status, "cross-site").toBe(403);
        problems.push(...(await problemsOf("Sec-Fetch-Site: cross-site", crossSite, seen)));
      }
      problems.push(...(await problemsOf("inputs naming nothing", await send(browser), seen)));
      problems.push(...(await problemsOf("inputs naming nothing, again", await send(browser), seen)));
      expect(problems).toEqual([]);
    },
  );

  it("saw the shared refusals of the router", () => {
    const codes = new Set(seen.map((s) => (s.body as { code: string }).code));
    if (process.env.WIRE_ERRORS_LIST) console.log([...codes].sort().join("\n"));
    for (const code of [
      "METHOD_NOT_ALLOWED",
      "UNAUTHORIZED",
      "VALIDATION_ERROR",
      "UNSUPPORTED_MEDIA_TYPE",
      "INVALID_JSON",
      "PAYLOAD_TOO_LARGE",
      "INVALID_ORIGIN",
      "CROSS_SITE_REQUEST",
    ]) {
      expect(codes, code).toContain(code);
    }
  });
});

describe.each(testDialects())("over the limit, every endpoint answers TOO_MANY_REQUESTS, on %s", (dialect) => {
  let t: TestAuth;
  beforeAll(async () => {
    const once = Object.fromEntries(routed.map((endpoint) => [endpoint.name, { window: 600, max: 1 }]));
    t = await createTestAuth({ dialect, options: { rateLimit: { endpoints: once } } });
  });
  afterAll(async () => {
    await t.destroy();
  });

  it.each(routed.map((endpoint) => [endpoint.name, endpoint] as const))("%s", async (_name, endpoint) => {
    const browser = createTestBrowser(t.auth);
    const path = pathOf(endpoint);
    const call = (): Promise<Response> => (methodsOf(endpoint).includes("POST") ? browser.post(path, {}) : browser.get(path));
    await call();
    const limited = await call();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ code: "TOO_MANY_REQUESTS", message: ERROR_CODES.TOO_MANY_REQUESTS.message });
    expect(Number(limited.headers.get("x-retry-after"))).toBeGreaterThan(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnyEndpoint } from "../src/endpoint.js";
import { endpoints } from "../src/routes/index.js";
import { createTestAuth, createTestBrowser, TEST_BASE_URL, type TestAuth } from "../testing/index.js";

/**
 * The bodies a cross-site form can send without a preflight (text/plain,
 * form-encoded, multipart) are refused with 415 on every JSON endpoint of the table, and a
 * state-changing request the browser marks cross-site is refused whatever its Origin. The
 * provider form_post callback keeps taking its form.
 */
const table = endpoints as readonly AnyEndpoint[];
const postPaths = table
  .filter((e) => !e.serverOnly && !e.acceptsCrossSitePost)
  .filter((e) => (typeof e.method === "string" ? [e.method] : e.method).includes("POST"))
  .map((e) => e.path.replace(/:[a-zA-Z]+/g, "x"));

const SIMPLE_BODIES: Array<[type: string, body: string]> = [
  ["text/plain", JSON.stringify({ email: "v@example.com", password: "larch-ribbon-123" })],
  ["text/plain;charset=UTF-8", JSON.stringify({ email: "v@example.com", password: "larch-ribbon-123" })],
  ["application/x-www-form-urlencoded", "email=v%40example.com&password=password-123"],
  ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nv@example.com\r\n--x--\r\n'],
  ["", JSON.stringify({ email: "v@example.com", password: "larch-ribbon-123" })],
];

describe("request bodies and fetch metadata", () => {
  let t: TestAuth;
  beforeAll(async () => {
    t = await createTestAuth({ options: { rateLimit: { enabled: false } } });
    await createTestBrowser(t.auth).post("/sign-up/email", { name: "V", email: "v@example.com", password: "larch-ribbon-123" });
  });
  afterAll(async () => {
    await t.destroy();
  });

  async function post(path: string, init: { type?: string; body?: string; headers?: Record<string, string> }): Promise<Response> {
    const headers: Record<string, string> = { origin: TEST_BASE_URL, ...init.headers };
    if (init.type) headers["content-type"] = init.type;
    return t.auth.handler(new Request(`${TEST_BASE_URL}/api/auth${path}`, { method: "POST", headers, body: init.body }), { clientAddress: "127.0.0.1" });
  }

  it("covers the whole table", () => {
    expect(postPaths).toContain("/sign-in/email");
    expect(postPaths).toContain("/organization/create");
    expect(postPaths.length).toBeGreaterThan(40);
  });

  it("a simple cross-site body signed in before the fix: now 415, no session", async () => {
    const answer = await post("/sign-in/email", { type: "text/plain", body: JSON.stringify({ email: "v@example.com", password: "larch-ribbon-123" }) });
    expect(answer.status).toBe(415);
    expect(await answer.json()).toEqual({ code: "UNSUPPORTED_MEDIA_TYPE", message: "Content-Type must be application/json" });
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it.each(postPaths)("POST %s answers 415 to every non-JSON body", async (path) => {
    const statuses = [];
    for (const [type, body] of SIMPLE_BODIES) statuses.push((await post(path, { type, body })).status);
    expect(statuses).toEqual(SIMPLE_BODIES.map(() => 415));
  });

  it.each(postPaths)("POST %s refuses Sec-Fetch-Site: cross-site, even with a trusted Origin", async (path) => {
    const answer = await post(path, { type: "application/json", body: "{}", headers: { "sec-fetch-site": "cross-site" } });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ code: "CROSS_SITE_REQUEST", message: "Cross-site requests are not allowed" });
  });

  it("accepts JSON (with a charset) from the same origin, the same site, and from non-browsers", async () => {
    const body = JSON.stringify({ email: "v@example.com", password: "larch-ribbon-123" });
    for (const site of ["same-origin", "same-site", "none", undefined]) {
      const headers = site ? { "sec-fetch-site": site } : undefined;
      expect((await post("/sign-in/email", { type: "application/json; charset=utf-8", body, headers })).status, String(site)).toBe(200);
    }
    // A POST without a body needs no Content-Type: sign-out gets as far as asking for a session.
    expect(await (await post("/sign-out", {})).json()).toMatchObject({ code: "FAILED_TO_GET_SESSION" });
  });

  it("still takes a provider's form_post at the callback", async () => {
    const answer = await post("/callback/google", {
      type: "application/x-www-form-urlencoded",
      body: "state=s&code=c",
      headers: { origin: "https://accounts.google.com", "sec-fetch-site": "cross-site" },
    });
    expect(answer.status).toBe(302);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTRPCClient, httpLink } from "@trpc/client";
import {
  createTestAuth,
  createTestBrowser,
  readJSON,
  signUpPerson,
  TEST_BASE_URL,
  testDialects,
  type TestAuth,
  type TestPerson,
} from "@gatehouse/auth-core/testing";
import type { WireCreatedApiKey, WireSessionResult } from "@gatehouse/auth-core/shared";
import { dateTransformer } from "../src/shared/date-transformer.js";
import { createAppWithDoors } from "./support/app-with-doors.js";
import type { AppRouter } from "../src/trpc/index.js";
import { trpcOutcome } from "./support/trpc-client.js";

const MESSAGE = "An API key cannot be used for this action";
const REFUSED = { status: 403, code: "FORBIDDEN", message: MESSAGE };

/**
 * A review found that the server's own doors read an `x-api-key` as its owner's session
 * (auth.api.getSession answers a key): an admin's key read the tRPC admin console, and any
 * person's key their audit log and its CSV export. Keys are for the /api/auth endpoints that
 * allow them (docs/api-keys.md); tRPC and the reports refuse every request that carries one,
 * with a cookie or without, before the key is looked up.
 */
describe.each(testDialects())("the server's own doors and API keys on %s", (dialect) => {
  let t: TestAuth;
  let app: ReturnType<typeof createAppWithDoors>;
  let ada: TestPerson;
  let bea: TestPerson;
  beforeAll(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    app = createAppWithDoors(t.auth);
    ada = await signUpPerson(t.auth, "Ada Admin", "ada@example.com");
    await t.auth.admin.setRoleByEmail("ada@example.com", "admin");
    bea = await signUpPerson(t.auth, "Bea", "bea@example.com");
  });
  afterAll(async () => {
    await t.auth.settled();
    await t.destroy();
  });

  async function keyOf(person: TestPerson): Promise<WireCreatedApiKey> {
    const created = await person.browser.post("/api-key/create", { name: "ci bot" });
    expect(created.status).toBe(200);
    return readJSON<WireCreatedApiKey>(created);
  }

  /** A tRPC client sending exactly these headers (a script: no cookie, no Origin, unless given). */
  function clientWith(headers: Record<string, string>) {
    return createTRPCClient<AppRouter>({
      links: [
        httpLink({
          url: `${TEST_BASE_URL}/api/trpc`,
          transformer: dateTransformer,
          headers: () => headers,
          fetch: async (url, init) => app.request(String(url), init as RequestInit),
        }),
      ],
    });
  }

  const csv = async (headers: Record<string, string>): Promise<Response> => app.request(`${TEST_BASE_URL}/api/reports/events.csv`, { headers });

  it("an admin's key reads nothing of the admin console, as /api/auth/admin/* refuses it", async () => {
    const { key } = await keyOf(ada);
    const http = await app.request(`${TEST_BASE_URL}/api/auth/admin/list-users`, { headers: { "x-api-key": key } });
    expect(http.status).toBe(403);
    expect(await http.json()).toMatchObject({ code: "API_KEY_NOT_ALLOWED" });

    const script = clientWith({ "x-api-key": key });
    expect(await trpcOutcome(script.admin.users.query({}))).toEqual(REFUSED);
    expect(await trpcOutcome(script.admin.person.query({ userId: bea.userId }))).toEqual(REFUSED);
    expect(await trpcOutcome(script.admin.stats.query())).toEqual(REFUSED);
  });

  it("a person's key reads neither the session, the audit log nor its CSV export", async () => {
    const { key } = await keyOf(bea);
    const script = clientWith({ "x-api-key": key });
    expect(await trpcOutcome(script.auth.session.query())).toEqual(REFUSED);
    expect(await trpcOutcome(script.audit.overview.query())).toEqual(REFUSED);
    expect(await trpcOutcome(script.audit.events.query({ scope: "self" }))).toEqual(REFUSED);

    const answer = await csv({ "x-api-key": key });
    expect(answer.status).toBe(403);
    expect(answer.headers.get("content-type")).toContain("application/json");
    expect(await answer.json()).toEqual({ code: "API_KEY_NOT_ALLOWED", message: MESSAGE });
  });

  it("a key beside the session cookie is refused, not ignored, and the cookie alone still works", async () => {
    const { key } = await keyOf(ada);
    const cookie = ada.browser.cookieHeader();
    const page = { cookie, origin: TEST_BASE_URL, "sec-fetch-site": "same-origin" };
    for (const beside of [key, "not-a-key"]) {
      const both = clientWith({ ...page, "x-api-key": beside });
      expect(await trpcOutcome(both.admin.users.query({}))).toEqual(REFUSED);
      expect(await trpcOutcome(both.audit.events.query({ scope: "self" }))).toEqual(REFUSED);
      expect(await trpcOutcome(both.account.forgetTrustedDevices.mutate())).toEqual(REFUSED);
      expect((await csv({ cookie, "x-api-key": beside })).status).toBe(403);
    }

    const browser = clientWith(page);
    expect(await trpcOutcome(browser.admin.users.query({}))).toMatchObject({ value: { items: expect.any(Array) } });
    const answer = await csv({ cookie });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toMatch(/^time,type,outcome/);
  });

  it("a refusal uses nothing of the key, which still stands for its owner on /api/auth", async () => {
    const created = await keyOf(bea);
    const keyRows = async (): Promise<number> =>
      (await t.database.db.selectFrom("securityEvent").select("id").where("type", "in", ["api-key-used", "api-key-refused"]).execute()).length;
    const rowsBefore = await keyRows();
    const script = clientWith({ "x-api-key": created.key });
    for (let i = 0; i < 3; i++) {
      expect(await trpcOutcome(script.audit.overview.query())).toEqual(REFUSED);
      expect((await csv({ "x-api-key": created.key })).status).toBe(403);
    }
    const row = await t.database.db.selectFrom("apikey").select(["requestCount", "lastRequest"]).where("id", "=", created.id).executeTakeFirstOrThrow();
    expect({ requestCount: Number(row.requestCount), lastRequest: row.lastRequest }).toEqual({ requestCount: 0, lastRequest: null });
    expect(await keyRows()).toBe(rowsBefore);

    const session = await createTestBrowser(t.auth).get("/get-session", { "x-api-key": created.key });
    expect((await readJSON<WireSessionResult>(session)).user.email).toBe("bea@example.com");
  });
});

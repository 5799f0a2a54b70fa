import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestAuth,
  createTestBrowser,
  seedOrganization,
  signUpPerson,
  TEST_BASE_URL,
  testDialects,
  type TestAuth,
  type TestPerson,
} from "@gatehouse/auth-core/testing";
import type { PasswordHasher } from "@gatehouse/auth-core";
import { MAX_TRPC_BATCH_SIZE } from "../src/shared/trpc-batch.js";
import { createAppWithDoors } from "./support/app-with-doors.js";
import { MUTATION_RATE_LIMIT } from "../src/trpc/mutation-rate-limit.js";
import { trpcClientOf, trpcOutcome } from "./support/trpc-client.js";

const page = (cookie: string) => ({ cookie, origin: TEST_BASE_URL, "sec-fetch-site": "same-origin" });
const json = (cookie: string) => ({ ...page(cookie), "content-type": "application/json" });

/**
 * What one request to /api/trpc may cost: a bounded batch, a bounded body, and mutations counted
 * per person (the procedures call the auth service in process, past /api/auth's per-address
 * limits). Rate limits on, as the server runs.
 */
describe.each(testDialects())("tRPC's request bounds on %s", (dialect) => {
  let t: TestAuth;
  let app: ReturnType<typeof createAppWithDoors>;
  let ada: TestPerson;
  let hashes = 0;
  beforeAll(async () => {
    t = await createTestAuth({ dialect });
    const hasher = t.auth.context.passwordHasher;
    (t.auth.context as { passwordHasher: PasswordHasher }).passwordHasher = {
      verify: (password, stored) => hasher.verify(password, stored),
      hash: (password, salt) => {
        hashes += 1;
        return hasher.hash(password, salt);
      },
    };
    app = createAppWithDoors(t.auth);
    ada = await signUpPerson(t.auth, "Ada", "ada@example.com");
  });
  afterAll(async () => {
    await t.auth.settled();
    await t.destroy();
  });

  const batchOf = (path: string, n: number) => Array.from({ length: n }, () => path).join(",");

  it(`a batch of more than ${MAX_TRPC_BATCH_SIZE} calls is refused whole (400 BAD_REQUEST), one of ${MAX_TRPC_BATCH_SIZE} runs`, async () => {
    const refused = await app.request(`${TEST_BASE_URL}/api/trpc/${batchOf("audit.overview", MAX_TRPC_BATCH_SIZE + 1)}?batch=1`, {
      headers: page(ada.browser.cookieHeader()),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { message: "Batch call exceeds maximum size", data: { code: "BAD_REQUEST", httpStatus: 400 } } });
    const allowed = await app.request(`${TEST_BASE_URL}/api/trpc/${batchOf("audit.overview", MAX_TRPC_BATCH_SIZE)}?batch=1`, {
      headers: page(ada.browser.cookieHeader()),
    });
    expect(allowed.status).toBe(200);
    expect(((await allowed.json()) as Array<{ result?: unknown }>).filter((entry) => entry.result !== undefined)).toHaveLength(MAX_TRPC_BATCH_SIZE);
  });

  it("one anonymous session's batches of account.setPassword hash the password once", async () => {
    const anon = createTestBrowser(t.auth);
    expect((await anon.post("/sign-in/anonymous", {})).status).toBe(200);
    const send = (n: number) => {
      const input: Record<string, { newPassword: string }> = {};
      for (let i = 0; i < n; i += 1) input[i] = { newPassword: `Unusual-Battery-${i}-Staple-Horse` };
      return app.request(`${TEST_BASE_URL}/api/trpc/${batchOf("account.setPassword", n)}?batch=1`, {
        method: "POST",
        headers: json(anon.cookieHeader()),
        body: JSON.stringify(input),
      });
    };
    hashes = 0;
    expect((await send(200)).status).toBe(400);
    expect(hashes).toBe(0);
    const answer = (await (await send(MAX_TRPC_BATCH_SIZE)).json()) as Array<{ result?: unknown; error?: { message?: string } }>;
    expect(answer.filter((entry) => entry.result !== undefined)).toHaveLength(1);
    expect(answer.filter((entry) => entry.error?.message === "user already has a password")).toHaveLength(MAX_TRPC_BATCH_SIZE - 1);
    expect(hashes).toBe(1);
  });

  it(`a person's mutations are counted: past ${MUTATION_RATE_LIMIT.max} a minute, 429 TOO_MANY_REQUESTS without running; another person is not held`, async () => {
    const bea = await signUpPerson(t.auth, "Bea", "bea@example.com");
    // Bea has a password: each call is refused by the procedure, after the limit counted it.
    const mutate = (person: TestPerson) =>
      trpcOutcome(trpcClientOf(app, person.browser).account.setPassword.mutate({ newPassword: "Unusual-Battery-Staple-Horse" }));
    const ran = { status: 400, message: "user already has a password" };
    for (let i = 0; i < MUTATION_RATE_LIMIT.max; i += 1) expect(await mutate(bea)).toMatchObject(ran);
    expect(await mutate(bea)).toMatchObject({ status: 429, code: "TOO_MANY_REQUESTS", message: "Too many requests. Please try again later." });
    expect(await mutate(ada)).toMatchObject(ran);
    t.clock.advance(MUTATION_RATE_LIMIT.window * 1000);
    expect(await mutate(bea)).toMatchObject(ran);
  });

  it("a body over 1 MiB is refused with auth-core's 413 PAYLOAD_TOO_LARGE, with or without a Content-Length", async () => {
    const big = JSON.stringify({ newPassword: "Unusual-Battery-Staple-Horse", pad: "x".repeat(2 * 1024 * 1024) });
    const declared = await app.request(`${TEST_BASE_URL}/api/trpc/account.setPassword`, {
      method: "POST",
      headers: json(ada.browser.cookieHeader()),
      body: big,
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ code: "PAYLOAD_TOO_LARGE", message: "Request body is too large" });
    const bytes = new TextEncoder().encode(big);
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.subarray(at, at + 64 * 1024));
        controller.close();
      },
    });
    const chunked = await app.request(`${TEST_BASE_URL}/api/trpc/account.setPassword`, {
      method: "POST",
      headers: json(ada.browser.cookieHeader()),
      body: streamed,
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });
});

/** The procedures' authorization and the door's request rules (the security review found these sound; kept as regression tests). */
describe.each(testDialects())("tRPC's doors on %s", (dialect) => {
  let t: TestAuth;
  let app: ReturnType<typeof createAppWithDoors>;
  let olive: TestPerson; // owner of organization A
  let mia: TestPerson; // member of A, owner of B
  let orgA: string;
  let orgB: string;
  beforeAll(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    app = createAppWithDoors(t.auth);
    olive = await signUpPerson(t.auth, "Olive", "olive@example.com");
    mia = await signUpPerson(t.auth, "Mia", "mia@example.com");
    ({ organizationId: orgA } = await seedOrganization(t.auth, { [olive.userId]: "owner", [mia.userId]: "member" }));
    ({ organizationId: orgB } = await seedOrganization(t.auth, { [mia.userId]: "owner" }));
    for (const person of [olive, mia]) expect((await person.browser.post("/organization/set-active", { organizationId: orgA })).status).toBe(200);
  });
  afterAll(async () => {
    await t.auth.settled();
    await t.destroy();
  });

  const planOf = async (id: string) => (await t.database.db.selectFrom("organization").select("plan").where("id", "=", id).executeTakeFirstOrThrow()).plan;

  it("a member (not owner) neither changes the plan nor reads the organization's log; a non-admin gets no admin procedure", async () => {
    const before = await planOf(orgA);
    const trpc = trpcClientOf(app, mia.browser);
    expect(await trpcOutcome(trpc.plan.set.mutate({ plan: "team" }))).toMatchObject({ status: 403 });
    expect(await trpcOutcome(trpc.audit.events.query({ scope: "organization" }))).toMatchObject({ status: 403 });
    const range = { scope: "organization" as const, from: new Date(t.clock.now().getTime() - 86_400_000), to: t.clock.now() };
    expect(await trpcOutcome(trpc.audit.analytics.query(range))).toMatchObject({ status: 403 });
    expect(await trpcOutcome(trpc.admin.users.query({}))).toMatchObject({ status: 403 });
    expect(await trpcOutcome(trpc.admin.person.query({ userId: olive.userId }))).toMatchObject({ status: 403 });
    expect(await trpcOutcome(trpc.admin.stats.query())).toMatchObject({ status: 403 });
    const csv = await app.request(`${TEST_BASE_URL}/api/reports/events.csv?scope=organization`, { headers: { cookie: mia.browser.cookieHeader() } });
    expect(csv.status).toBe(403);
    expect(await planOf(orgA)).toBe(before);
  });

  it("extra input keys are stripped: an organizationId does not steer plan.set away from the active organization", async () => {
    const beforeB = await planOf(orgB);
    const response = await app.request(`${TEST_BASE_URL}/api/trpc/plan.set`, {
      method: "POST",
      headers: json(olive.browser.cookieHeader()),
      body: JSON.stringify({ plan: "team", organizationId: orgB }),
    });
    expect(response.status).toBe(200);
    expect(await planOf(orgB)).toBe(beforeB);
  });

  it("a mutation from a sibling origin (same-site: another port, a subdomain) is refused before the procedure runs", async () => {
    for (const origin of ["http://localhost:4000", "http://evil.localhost:3000"]) {
      const response = await app.request(`${TEST_BASE_URL}/api/trpc/plan.set`, {
        method: "POST",
        headers: { cookie: olive.browser.cookieHeader(), origin, "sec-fetch-site": "same-site", "content-type": "application/json" },
        body: JSON.stringify({ plan: "free" }),
      });
      expect(response.status).toBe(403);
    }
  });

  it("a GET runs no mutation, a query is not POSTed, form and text bodies reach no procedure", async () => {
    const input = encodeURIComponent(JSON.stringify({ plan: "free" }));
    expect((await app.request(`${TEST_BASE_URL}/api/trpc/plan.set?input=${input}`, { headers: { cookie: olive.browser.cookieHeader() } })).status).toBe(405);
    const post = await app.request(`${TEST_BASE_URL}/api/trpc/audit.events`, {
      method: "POST",
      headers: json(olive.browser.cookieHeader()),
      body: JSON.stringify({ scope: "self" }),
    });
    expect(post.status).toBe(405);
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      const response = await app.request(`${TEST_BASE_URL}/api/trpc/plan.set`, {
        method: "POST",
        headers: { ...page(olive.browser.cookieHeader()), "content-type": type },
        body: "plan=free",
      });
      expect(response.status).toBe(415);
    }
  });

  it("malformed JSON, over-long strings and deep nesting answer 4xx without a stack", async () => {
    const bad = await app.request(`${TEST_BASE_URL}/api/trpc/plan.set`, { method: "POST", headers: json(olive.browser.cookieHeader()), body: "{not json" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).not.toMatch(/stack|at .*\.js/);
    const trpc = trpcClientOf(app, olive.browser);
    expect((await trpcOutcome(trpc.audit.events.query({ scope: "self", method: "m".repeat(65) }))).status).toBe(400);
    const deep = encodeURIComponent("[".repeat(5000) + "]".repeat(5000));
    const deepAnswer = await app.request(`${TEST_BASE_URL}/api/trpc/audit.events?input=${deep}`, { headers: { cookie: olive.browser.cookieHeader() } });
    expect(deepAnswer.status).toBeGreaterThanOrEqual(400);
    expect(deepAnswer.status).toBeLessThan(500);
  });
});

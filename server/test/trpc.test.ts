import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { initTRPC } from "@trpc/server";
import { createTestAuth, createTestBrowser, TEST_BASE_URL, testDialects, type TestAuth } from "@gatehouse/auth-core/testing";
import { silentLogger } from "@gatehouse/auth-core";
import { createApp } from "../src/app.js";
import { mountTRPC, type AppRouter } from "../src/trpc/index.js";
import { dateTransformer } from "../src/shared/date-transformer.js";

describe.each(testDialects())("tRPC at /api/trpc on %s", (dialect) => {
  let t: TestAuth;
  let app: ReturnType<typeof createApp>;
  beforeEach(async () => {
    t = await createTestAuth({ dialect });
    app = createApp({ auth: t.auth, logger: silentLogger, mount: (a) => mountTRPC(a, { auth: t.auth }) });
  });
  afterEach(async () => {
    await t.destroy();
  });

  function client(cookie: string | null): ReturnType<typeof createTRPCClient<AppRouter>> {
    return createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: `${TEST_BASE_URL}/api/trpc`,
          transformer: dateTransformer,
          headers: () => ({ "x-trpc-source": "react-app", ...(cookie ? { cookie } : {}) }),
          fetch: async (url, init) => app.request(String(url), init as RequestInit),
        }),
      ],
    });
  }

  it("refuses a mutation marked cross-site or from a foreign origin, before the procedure runs", async () => {
    const browser = createTestBrowser(t.auth);
    await browser.post("/sign-up/email", { name: "Ada", email: "ada@example.com", password: "correct horse" });
    await t.database.db.updateTable("account").set({ password: null }).execute();
    const call = async (headers: Record<string, string>): Promise<Response> =>
      app.request("/api/trpc/account.setPassword", {
        method: "POST",
        headers: { "content-type": "application/json", cookie: browser.cookieHeader(), ...headers },
        body: JSON.stringify({ json: { newPassword: "planted-password-1" } }),
      });
    const crossSite = await call({ origin: TEST_BASE_URL, "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({ code: "CROSS_SITE_REQUEST", message: "Cross-site requests are not allowed" });
    expect((await call({ origin: "https://evil.example" })).status).toBe(403);
    expect((await call({})).status).toBe(403); // cookies but no Origin: MISSING_OR_NULL_ORIGIN
    const account = await t.database.db.selectFrom("account").select("password").executeTakeFirstOrThrow();
    expect(account.password).toBeNull();
    // The same request from the app's own page gets past the checks to the procedure.
    expect((await call({ origin: TEST_BASE_URL, "sec-fetch-site": "same-origin" })).status).not.toBe(403);
  });

  it("answers UNAUTHORIZED with status 401 to a signed-out caller", async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: {} }));
    const res = await app.request(`/api/trpc/auth.session?batch=1&input=${input}`);
    expect(res.status).toBe(401);
    const body = (await res.json()) as Array<{ error: { json?: unknown; code: number; data: { code: string } } }>;
    expect(body[0]!.error.data.code).toBe("UNAUTHORIZED");
    const error = await client(null)
      .auth.session.query()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data?.code).toBe("UNAUTHORIZED");
  });

  it("returns user and session with real Dates and no session token, batched with another call", async () => {
    const browser = createTestBrowser(t.auth);
    const signUp = await browser.post("/sign-up/email", { name: "Ada", email: "ada@example.com", password: "correct horse" });
    expect(signUp.status).toBe(200);
    const input = encodeURIComponent(JSON.stringify({ 0: {}, 1: {} }));
    const raw = await app.request(`/api/trpc/health,auth.session?batch=1&input=${input}`, { headers: { cookie: browser.cookieHeader() } });
    expect(raw.status).toBe(200);
    const rawBody = (await raw.json()) as Array<{ result: { data: { session: Record<string, unknown>; user: Record<string, unknown> } } }>;
    expect(rawBody).toHaveLength(2);
    expect(rawBody[1]!.result.data.user.createdAt).toEqual({ $date: "2026-01-01T00:00:00.000Z" });
    expect(rawBody[1]!.result.data.session).not.toHaveProperty("token");

    const [health, session] = await Promise.all([client(browser.cookieHeader()).health.query(), client(browser.cookieHeader()).auth.session.query()]);
    expect(health).toEqual({ ok: true });
    expect(session.user.email).toBe("ada@example.com");
    expect(session.user.createdAt).toBeInstanceOf(Date);
    expect(session.session.expiresAt.getTime()).toBe(new Date("2026-01-08T00:00:00.000Z").getTime());
  });
});

describe.each(testDialects())("account.setPassword on %s", (dialect) => {
  let t: TestAuth;
  let app: ReturnType<typeof createApp>;
  beforeEach(async () => {
    t = await createTestAuth({ dialect });
    app = createApp({ auth: t.auth, logger: silentLogger, mount: (a) => mountTRPC(a, { auth: t.auth }) });
  });
  afterEach(async () => {
    await t.destroy();
  });

  function client(cookie: string): ReturnType<typeof createTRPCClient<AppRouter>> {
    return createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: `${TEST_BASE_URL}/api/trpc`,
          transformer: dateTransformer,
          headers: () => ({ cookie, origin: TEST_BASE_URL }),
          fetch: async (url, init) => app.request(String(url), init as RequestInit),
        }),
      ],
    });
  }

  it("sets a first password for a person who has none, then refuses a second one", async () => {
    const browser = createTestBrowser(t.auth);
    await browser.post("/sign-up/email", { name: "Lin", email: "lin@example.com", password: "first password" });
    // A person who signed up with Google or a passkey has no password: make this one so.
    await t.database.db.updateTable("account").set({ password: null }).where("providerId", "=", "credential").execute();

    await expect(client(browser.cookieHeader()).account.setPassword.mutate({ newPassword: "brand new password" })).resolves.toEqual({ status: true });
    browser.cookies.clear();
    const signIn = await browser.post("/sign-in/email", { email: "lin@example.com", password: "brand new password" });
    expect(signIn.status).toBe(200);

    const again = await client(browser.cookieHeader())
      .account.setPassword.mutate({ newPassword: "another one here" })
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(TRPCClientError);
    expect((again as TRPCClientError<AppRouter>).message).toBe("user already has a password");
    expect((again as TRPCClientError<AppRouter>).data?.code).toBe("BAD_REQUEST");
  });

  it("answers UNAUTHORIZED without a session", async () => {
    const error = await client("")
      .account.setPassword.mutate({ newPassword: "whatever password" })
      .catch((e: unknown) => e);
    expect((error as TRPCClientError<AppRouter>).data?.code).toBe("UNAUTHORIZED");
  });
});

describe("the date transformer", () => {
  it("round-trips Dates, nested values and objects that use the tag keys", () => {
    const value = { at: new Date("2026-02-03T04:05:06.007Z"), list: [new Date(0), 1, "x", null], trick: { $date: "not a date" }, n: { $esc: 1 } };
    const wire = JSON.parse(JSON.stringify(dateTransformer.serialize(value))) as unknown;
    expect(dateTransformer.deserialize(wire)).toEqual(value);
  });

  it("refuses a malformed date", () => {
    expect(() => dateTransformer.deserialize({ $date: "yesterday" })).toThrow("malformed date");
  });

  it("makes the client raise 'Unable to transform response from server' when the server speaks another format", async () => {
    const t = initTRPC.create(); // no transformer: plain JSON, as a mismatched server would answer
    const other = t.router({ auth: t.router({ session: t.procedure.query(() => ({ $date: "garbage", extra: 1 })) }) });
    // The app's client (its router's date transformer) meets that server.
    const mismatched = createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: `${TEST_BASE_URL}/api/trpc`,
          transformer: dateTransformer,
          fetch: (url, init) => fetchRequestHandler({ endpoint: "/api/trpc", req: new Request(String(url), init as RequestInit), router: other }),
        }),
      ],
    });
    await expect(mismatched.auth.session.query()).rejects.toThrow("Unable to transform response from server");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, createTestBrowser, signUpPerson, testDialects, type TestAuth, type TestBrowser, type TestPerson } from "@gatehouse/auth-core/testing";
import { silentLogger } from "@gatehouse/auth-core";
import { createApp } from "../src/app.js";
import { createProduct } from "../src/product/index.js";
import { createContext } from "../src/trpc/context.js";
import { mountTRPC } from "../src/trpc/index.js";
import { appRouter } from "../src/trpc/routers/_app.js";
import { createCallerFactory, publicProcedure, router } from "../src/trpc/trpc.js";
import { trpcClientOf, trpcOutcome, type TRPCTestClient } from "./support/trpc-client.js";

const REFUSED = { status: 403, code: "FORBIDDEN", message: "This action is not available while acting as another person" };

/**
 * An admin acting as someone else changes nothing of theirs through tRPC either: the procedures'
 * middleware reads the same impersonation rule as /api/auth's session gate, through the real app.
 */
describe.each(testDialects())("tRPC procedures through an impersonation session on %s", (dialect) => {
  let t: TestAuth;
  let app: ReturnType<typeof createApp>;
  let ada: TestPerson;
  let bea: TestPerson;
  let organizationId: string;
  beforeAll(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    app = createApp({ auth: t.auth, logger: silentLogger, mount: (a) => mountTRPC(a, { auth: t.auth }) });
    ada = await signUpPerson(t.auth, "Ada Admin", "ada@example.com");
    await t.auth.admin.setRoleByEmail("ada@example.com", "admin");
    bea = await signUpPerson(t.auth, "Bea", "bea@example.com");
    const created = await bea.browser.post("/organization/create", { name: "Acme", slug: "acme" });
    expect(created.status).toBe(200);
    organizationId = ((await created.json()) as { id: string }).id;
  });
  afterAll(async () => {
    await t.destroy();
  });

  const client = (browser: TestBrowser): TRPCTestClient => trpcClientOf(app, browser);

  async function actingAsBea(): Promise<TestBrowser> {
    const acting = createTestBrowser(t.auth);
    for (const [name, value] of ada.browser.cookies) acting.cookies.set(name, value);
    expect((await acting.post("/admin/impersonate-user", { userId: bea.userId })).status).toBe(200);
    // Switching the active organization is allowed while impersonating.
    expect((await acting.post("/organization/set-active", { organizationId })).status).toBe(200);
    return acting;
  }

  it("refuses plan.set and the account mutations with NOT_ALLOWED_WHILE_IMPERSONATING, and lets the queries read", async () => {
    const acting = client(await actingAsBea());
    expect(await trpcOutcome(acting.plan.get.query())).toMatchObject({ value: { organization: { id: organizationId }, plan: "free" } });
    expect(await trpcOutcome(acting.plan.set.mutate({ plan: "business" }))).toEqual(REFUSED);
    expect(await trpcOutcome(acting.account.forgetTrustedDevices.mutate())).toEqual(REFUSED);
    expect(await trpcOutcome(acting.account.setPassword.mutate({ newPassword: "planted-password-1" }))).toEqual(REFUSED);

    // Nothing changed: the plan is still the default, and no plan change was logged.
    const row = await t.database.db.selectFrom("organization").select("plan").where("id", "=", organizationId).executeTakeFirstOrThrow();
    expect(row.plan ?? "free").toBe("free");
    expect(await t.database.db.selectFrom("securityEvent").select("type").where("type", "=", "plan-changed").execute()).toEqual([]);
  });

  it("lets the person themself change the plan through the same procedure", async () => {
    expect((await bea.browser.post("/organization/set-active", { organizationId })).status).toBe(200);
    expect(await trpcOutcome(client(bea.browser).plan.set.mutate({ plan: "team" }))).toMatchObject({ value: { plan: "team" } });
  });

  /**
   * Every procedure of the app's router, each named once: how it answers through an impersonation
   * session. A procedure added without a line here fails the first assertion.
   */
  const EVERY_PROCEDURE: Record<string, { input?: unknown; answer: "reads" | "refused" }> = {
    health: { answer: "reads" },
    "auth.session": { answer: "reads" },
    "auth.providers": { answer: "reads" },
    "auth.signInMethods": { answer: "reads" },
    "account.setPassword": { input: { newPassword: "planted-password-1" }, answer: "refused" },
    "account.forgetTrustedDevices": { answer: "refused" },
    "audit.overview": { answer: "reads" },
    "audit.events": { input: { scope: "self" }, answer: "reads" },
    "audit.analytics": { input: { scope: "self", from: new Date("2026-01-01T00:00:00Z"), to: new Date("2026-01-08T00:00:00Z") }, answer: "reads" },
    "plan.get": { answer: "reads" },
    "plan.set": { input: { plan: "business" }, answer: "refused" },
    "admin.users": { input: {}, answer: "refused" },
    "admin.person": { input: { userId: "someone" }, answer: "refused" },
    "admin.stats": { answer: "refused" },
  };

  /** Calls a procedure of the typed client by its dotted path. */
  function callByPath(acting: TRPCTestClient, path: string, type: string, input: unknown): Promise<unknown> {
    let node: unknown = acting;
    for (const part of path.split(".")) node = Reflect.get(node as object, part);
    const call = Reflect.get(node as object, type === "mutation" ? "mutate" : "query") as (input: unknown) => Promise<unknown>;
    return call(input);
  }

  it("answers every procedure of the router as its line says: each mutation and admin procedure refused, the rest read", async () => {
    const procedures = Object.entries(appRouter._def.procedures).map(([path, procedure]) => ({
      path,
      type: (procedure as { _def: { type: string } })._def.type,
    }));
    expect(procedures.map((p) => p.path).sort()).toEqual(Object.keys(EVERY_PROCEDURE).sort());
    const acting = client(await actingAsBea());
    for (const { path, type } of procedures) {
      const line = EVERY_PROCEDURE[path]!;
      const outcome = await trpcOutcome(callByPath(acting, path, type, line.input));
      if (line.answer === "refused") expect(outcome, path).toEqual(REFUSED);
      else expect(outcome, path).toHaveProperty("value");
      // No mutation reads through an impersonation session unless it declares so (none does today).
      if (type === "mutation") expect(line.answer, path).toBe("refused");
    }
  });

  it("holds a mutation that needs no session to the rule when it comes with an impersonation session, unless it declares impersonation allowed", async () => {
    const acting = await actingAsBea();
    const request = new Request("http://localhost/api/trpc/x", { headers: { cookie: acting.cookieHeader() } });
    const testRouter = router({
      open: publicProcedure.mutation(() => "changed"),
      declared: publicProcedure.meta({ impersonation: "allowed" }).mutation(() => "changed"),
    });
    const caller = createCallerFactory(testRouter)(await createContext({ auth: t.auth, product: createProduct(t.auth) }, request));
    await expect(caller.open()).rejects.toMatchObject({ code: "FORBIDDEN", message: REFUSED.message });
    expect(await caller.declared()).toBe("changed");
    // Without a session, or through the person's own, it runs.
    const own = createCallerFactory(testRouter)(
      await createContext(
        { auth: t.auth, product: createProduct(t.auth) },
        new Request("http://localhost/api/trpc/x", { headers: { cookie: bea.browser.cookieHeader() } }),
      ),
    );
    expect(await own.open()).toBe("changed");
  });

  it("keeps the admin console's procedures closed to an impersonation session", async () => {
    expect(await trpcOutcome(client(await actingAsBea()).admin.stats.query())).toEqual(REFUSED);
    expect(await trpcOutcome(client(ada.browser).admin.stats.query())).toHaveProperty("value");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, createTestBrowser, signUpPerson, testDialects, type TestAuth, type TestBrowser, type TestPerson } from "@gatehouse/auth-core/testing";
import { silentLogger } from "@gatehouse/auth-core";
import { createApp } from "../src/app.js";
import { mountTRPC } from "../src/trpc/index.js";
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

  it("keeps the admin console's procedures closed to an impersonation session", async () => {
    expect(await trpcOutcome(client(await actingAsBea()).admin.stats.query())).toEqual(REFUSED);
    expect(await trpcOutcome(client(ada.browser).admin.stats.query())).toHaveProperty("value");
  });
});

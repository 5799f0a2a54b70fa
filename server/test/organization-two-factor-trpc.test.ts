import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, seedOrganization, signUpPerson, testDialects, type TestAuth, type TestBrowser, type TestPerson } from "@gatehouse/auth-core/testing";
import { silentLogger } from "@gatehouse/auth-core";
import { createApp } from "../src/app.js";
import { mountTRPC } from "../src/trpc/index.js";
import { trpcClientOf, trpcOutcome, type TRPCTestClient } from "./support/trpc-client.js";

const REFUSED = {
  status: 403,
  code: "FORBIDDEN",
  message: "This organization requires two-factor authentication: turn it on in your account settings to continue",
};

/** An organization's two-factor rule holds on the tRPC procedures that act inside it, through the Hono app. */
describe.each(testDialects())("tRPC procedures under an organization's two-factor rule on %s", (dialect) => {
  let t: TestAuth;
  let app: ReturnType<typeof createApp>;
  let olive: TestPerson; // the owner: a password, no two-factor
  let organizationId: string;
  beforeAll(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false }, twoFactor: { enabled: true } } });
    app = createApp({ auth: t.auth, logger: silentLogger, mount: (a) => mountTRPC(a, { auth: t.auth }) });
    olive = await signUpPerson(t.auth, "Olive", "olive@example.com");
    ({ organizationId } = await seedOrganization(t.auth, { [olive.userId]: "owner" }));
    expect((await olive.browser.post("/organization/set-active", { organizationId })).status).toBe(200);
  });
  afterAll(async () => {
    await t.destroy();
  });

  const client = (browser: TestBrowser): TRPCTestClient => trpcClientOf(app, browser);

  it("refuses plan.get, plan.set and the organization's audit events while the rule stops her; her own stay open", async () => {
    await t.database.db.updateTable("organization").set({ requireTwoFactor: 1 }).where("id", "=", organizationId).execute();
    const planOf = async (): Promise<string | null> =>
      (await t.database.db.selectFrom("organization").select("plan").where("id", "=", organizationId).executeTakeFirstOrThrow()).plan;
    const before = await planOf();
    const trpc = client(olive.browser);
    expect(await trpcOutcome(trpc.plan.get.query())).toEqual(REFUSED);
    expect(await trpcOutcome(trpc.plan.set.mutate({ plan: "team" }))).toEqual(REFUSED);
    expect(await trpcOutcome(trpc.audit.events.query({ scope: "organization" }))).toEqual(REFUSED);
    expect(await trpcOutcome(trpc.audit.events.query({ scope: "self" }))).toHaveProperty("value");
    const overview = (await trpcOutcome(trpc.audit.overview.query())).value as { organization: { canViewAudit: boolean } };
    expect(overview.organization.canViewAudit).toBe(false);
    expect(await planOf()).toBe(before);
  });

  it("answers them again once the rule is off", async () => {
    await t.database.db.updateTable("organization").set({ requireTwoFactor: 0 }).where("id", "=", organizationId).execute();
    expect(await trpcOutcome(client(olive.browser).plan.set.mutate({ plan: "team" }))).toMatchObject({ value: { plan: "team" } });
    expect(await trpcOutcome(client(olive.browser).plan.get.query())).toMatchObject({ value: { plan: "team", organization: { id: organizationId } } });
  });
});

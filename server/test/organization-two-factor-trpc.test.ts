import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import {
  createTestAuth,
  seedOrganization,
  signUpPerson,
  TEST_BASE_URL,
  testDialects,
  type TestAuth,
  type TestBrowser,
  type TestPerson,
} from "@gatehouse/auth-core/testing";
import { silentLogger } from "@gatehouse/auth-core";
import { dateTransformer } from "@gatehouse/auth-core/shared";
import { createApp } from "../src/app.js";
import { mountTRPC, type AppRouter } from "../src/trpc/index.js";

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

  function client(browser: TestBrowser): ReturnType<typeof createTRPCClient<AppRouter>> {
    return createTRPCClient<AppRouter>({
      links: [
        httpLink({
          url: `${TEST_BASE_URL}/api/trpc`,
          transformer: dateTransformer,
          headers: () => ({ cookie: browser.cookieHeader(), origin: TEST_BASE_URL, "sec-fetch-site": "same-origin" }),
          fetch: (url, init) => app.request(String(url), init as RequestInit),
        }),
      ],
    });
  }

  async function outcome(call: Promise<unknown>): Promise<{ value?: unknown; status?: number; code?: string; message?: string }> {
    try {
      return { value: await call };
    } catch (error) {
      if (!(error instanceof TRPCClientError)) throw error;
      const data = (error as TRPCClientError<AppRouter>).data;
      return { status: data?.httpStatus, code: data?.code, message: error.message };
    }
  }

  it("refuses plan.get, plan.set and the organization's audit events while the rule stops her; her own stay open", async () => {
    await t.database.db.updateTable("organization").set({ requireTwoFactor: 1 }).where("id", "=", organizationId).execute();
    const planOf = async (): Promise<string | null> =>
      (await t.database.db.selectFrom("organization").select("plan").where("id", "=", organizationId).executeTakeFirstOrThrow()).plan;
    const before = await planOf();
    const trpc = client(olive.browser);
    expect(await outcome(trpc.plan.get.query())).toEqual(REFUSED);
    expect(await outcome(trpc.plan.set.mutate({ plan: "team" }))).toEqual(REFUSED);
    expect(await outcome(trpc.audit.events.query({ scope: "organization" }))).toEqual(REFUSED);
    expect(await outcome(trpc.audit.events.query({ scope: "self" }))).toHaveProperty("value");
    const overview = (await outcome(trpc.audit.overview.query())).value as { organization: { canViewAudit: boolean } };
    expect(overview.organization.canViewAudit).toBe(false);
    expect(await planOf()).toBe(before);
  });

  it("answers them again once the rule is off", async () => {
    await t.database.db.updateTable("organization").set({ requireTwoFactor: 0 }).where("id", "=", organizationId).execute();
    expect(await outcome(client(olive.browser).plan.set.mutate({ plan: "team" }))).toMatchObject({ value: { plan: "team" } });
    expect(await outcome(client(olive.browser).plan.get.query())).toMatchObject({ value: { plan: "team", organization: { id: organizationId } } });
  });
});

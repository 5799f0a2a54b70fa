import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { endpoints } from "../src/routes/index.js";
import type { AnyEndpoint } from "../src/endpoint.js";
import { resolveEndpointRateLimit } from "../src/http/rate-limit.js";
import { createAudit, MissingAuditRowError } from "../src/audit/audit-log.js";
import { AUDIT_EVENT_TYPES } from "../src/shared/audit-events.js";
import { createTestAuth, createTestBrowser, testDialects, type TestAuth } from "../testing/index.js";

/**
 * The endpoint declaration is the one home of an endpoint's policy. These walk the
 * endpoint table, so a new endpoint is checked the day it is added to routes/index.ts.
 */
const table = endpoints as readonly AnyEndpoint[];
const declaredEvents = (endpoint: AnyEndpoint): readonly string[] => (Array.isArray(endpoint.audit) ? endpoint.audit : []);
const methodsOf = (endpoint: AnyEndpoint): readonly string[] => (typeof endpoint.method === "string" ? [endpoint.method] : endpoint.method);

/** What a handler's source calls on the call's audit (the handler is the declaration's own function). */
function auditUse(endpoint: AnyEndpoint): string[] {
  return [...endpoint.handler.toString().matchAll(/\baudit\.(change|record|revert)\b|\baudit\b(?=[,\s}])/g)].map((m) => m[0]);
}

describe("the endpoint table declares every endpoint's audit rows", () => {
  it("every endpoint declares the event types it writes, or says why it writes none", () => {
    const undeclared = table.filter((endpoint) => {
      const audit = endpoint.audit as unknown;
      if (Array.isArray(audit)) return audit.length === 0;
      return (
        typeof audit !== "object" || audit === null || typeof (audit as { none?: unknown }).none !== "string" || (audit as { none: string }).none.trim() === ""
      );
    });
    expect(undeclared.map((e) => e.name)).toEqual([]);
  });

  it("every declared event type is one of shared/audit-events.ts", () => {
    const known = new Set<string>(AUDIT_EVENT_TYPES);
    const unknown = table.flatMap((endpoint) =>
      declaredEvents(endpoint)
        .filter((type) => !known.has(type))
        .map((type) => `${endpoint.name}: ${type}`),
    );
    expect(unknown).toEqual([]);
  });

  it("an endpoint that changes state (any POST, and the GET links that act) writes rows, or says why not", () => {
    // The GETs below act: a mailed link consumes its token, the provider's redirect signs in.
    const actingGETs = new Set(["verifyEmail", "deleteUserCallback", "callbackOAuth", "resetPasswordCallback"]);
    const changing = table.filter((endpoint) => methodsOf(endpoint).includes("POST") || actingGETs.has(endpoint.name));
    const silent = changing.filter((endpoint) => !Array.isArray(endpoint.audit)).map((endpoint) => [endpoint.name, (endpoint.audit as { none: string }).none]);
    // Each of these was decided: a reason other than "reads only" is given for every one that writes.
    const readsOnly = silent.filter(([, reason]) => reason === "reads only").map(([name]) => name);
    expect(readsOnly.sort()).toEqual(["checkOrganizationSlug", "hasPermission", "listUserSessions", "userHasPermission"]);
    // An endpoint that writes rows uses the call's audit; one that declares none never reaches for it.
    const unused = changing.filter((endpoint) => Array.isArray(endpoint.audit) && auditUse(endpoint).length === 0).map((e) => e.name);
    expect(unused).toEqual([]);
  });

  it("every event type is written by some endpoint, or by the server's plan service (tRPC, through auth.audit), so none is dead vocabulary", () => {
    const written = new Set(table.flatMap(declaredEvents));
    const planService = readFileSync(new URL("../../server/src/product/plans/plan-service.ts", import.meta.url), "utf8");
    if (planService.includes('auth.audit(client, ["plan-changed"])')) written.add("plan-changed");
    expect(AUDIT_EVENT_TYPES.filter((type) => !written.has(type))).toEqual([]);
  });
});

describe("the endpoint table declares every endpoint's rate limit", () => {
  const policy = { defaultRule: { window: 10, max: 100 }, byName: {}, byPath: [] };
  const limitOf = (name: string): unknown => {
    const endpoint = table.find((e) => e.name === name);
    if (!endpoint) throw new Error(`no endpoint ${name}`);
    return resolveEndpointRateLimit(endpoint, policy);
  };

  it("keeps the credential limits: 3 per 10 s for sign-in and sign-up, 3 a minute for mails, 10 invitations a minute", () => {
    const credential = table.filter((e) => /^\/sign-(in|up)\//.test(e.path)).map((e) => e.name);
    expect(credential.sort()).toEqual(["signInAnonymous", "signInEmail", "signInSocial", "signUpEmail"]);
    for (const name of [...credential, "changePassword", "changeEmail", "verifyPasskeyAuthentication"])
      expect(limitOf(name), name).toEqual({ window: 10, max: 3 });
    for (const name of ["requestPasswordReset", "forgetPassword", "sendVerificationEmail"]) expect(limitOf(name), name).toEqual({ window: 60, max: 3 });
    expect(limitOf("generatePasskeyAuthenticationOptions")).toEqual({ window: 10, max: 10 });
    expect(limitOf("createInvitation")).toEqual({ window: 60, max: 10 });
    expect(limitOf("getSession")).toEqual({ window: 10, max: 100 });
  });

  it("every endpoint declares a rule, the default or none", () => {
    const bad = table.filter((e) => {
      const rule = e.rateLimit as unknown;
      if (rule === "default" || rule === false) return false;
      const { window, max } = (rule ?? {}) as { window?: unknown; max?: unknown };
      return !(Number.isInteger(window) && Number.isInteger(max) && (window as number) > 0 && (max as number) > 0);
    });
    expect(bad.map((e) => e.name)).toEqual([]);
  });

  it("options override by endpoint name, then by the deprecated path rules, then the declaration", () => {
    const override = {
      ...policy,
      byName: { signInEmail: { window: 1, max: 1 }, getSession: false as const },
      byPath: [{ path: "/sign-in/*", rule: { window: 5, max: 5 } }],
    };
    const find = (name: string): AnyEndpoint => table.find((e) => e.name === name)!;
    expect(resolveEndpointRateLimit(find("signInEmail"), override)).toEqual({ window: 1, max: 1 });
    expect(resolveEndpointRateLimit(find("signInSocial"), override)).toEqual({ window: 5, max: 5 });
    expect(resolveEndpointRateLimit(find("getSession"), override)).toBeNull();
    expect(resolveEndpointRateLimit(find("signUpEmail"), override)).toEqual({ window: 10, max: 3 });
  });
});

describe.each(testDialects())("policies applied on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => t.destroy());

  it("an override by name is applied by the router, and an unknown name is refused at start", async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { endpoints: { signUpEmail: { window: 60, max: 1 } } } } });
    const b = createTestBrowser(t.auth);
    expect((await b.post("/sign-up/email", { name: "A", email: "a@example.com", password: "larch-ribbon-123" })).status).toBe(200);
    t.clock.advance(30_000); // past the declared 10 s window, inside the override's 60 s
    const limited = await b.post("/sign-up/email", { name: "B", email: "b@example.com", password: "larch-ribbon-123" });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ code: "TOO_MANY_REQUESTS", message: "Too many requests. Please try again later." });
    await expect(createTestAuth({ dialect, options: { rateLimit: { endpoints: { signInEmial: false } } } })).rejects.toThrow(/signInEmial/);
  });

  it("the deprecated customRules still apply, matched against each endpoint's path", async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { customRules: { "/sign-up/*": { window: 60, max: 1 } } } } });
    const b = createTestBrowser(t.auth);
    expect((await b.post("/sign-up/email", { name: "A", email: "a@example.com", password: "larch-ribbon-123" })).status).toBe(200);
    t.clock.advance(30_000);
    expect((await b.post("/sign-up/email", { name: "B", email: "b@example.com", password: "larch-ribbon-123" })).status).toBe(429);
  });

  it("a change that ends without its row is rolled back and refused; an undeclared type is refused", async () => {
    t = await createTestAuth({ dialect });
    const ctx = t.auth.context;
    const audit = createAudit(ctx, { ipAddress: "203.0.113.9", userAgent: "test" }, ["organization-created"]);
    const countOrganizations = async (): Promise<number> => (await ctx.db.selectFrom("organization").select("id").execute()).length;
    const row = { name: "N", logo: null, metadata: null, plan: "free", createdAt: ctx.clock.now().toISOString() };

    await expect(
      audit.change(async (trx) => {
        await trx
          .insertInto("organization")
          .values({ ...row, id: "o1", slug: "o1" })
          .execute();
      }),
    ).rejects.toBeInstanceOf(MissingAuditRowError);
    expect(await countOrganizations()).toBe(0);

    await expect(
      audit.change(async (trx, log) => {
        await trx
          .insertInto("organization")
          .values({ ...row, id: "o2", slug: "o2" })
          .execute();
        // A type the declaration does not name: refused, and the change goes with it.
        await log.write({ userId: null, type: "plan-changed" as "organization-created" });
      }),
    ).rejects.toThrow(/not declared/);
    expect(await countOrganizations()).toBe(0);

    const unchanged = await audit.change(async (trx, log) => {
      await trx
        .insertInto("organization")
        .values({ ...row, id: "o3", slug: "o3" })
        .execute();
      log.unchanged();
      return "nothing";
    });
    expect(unchanged).toBe("nothing");
    expect(await countOrganizations()).toBe(0); // unchanged() rolls back whatever the work did

    const id = await audit.change(async (trx, log) => {
      await trx
        .insertInto("organization")
        .values({ ...row, id: "o4", slug: "o4" })
        .execute();
      return log.write({ userId: null, type: "organization-created", organizationId: "o4" });
    });
    expect(await countOrganizations()).toBe(1);
    const written = await ctx.db.selectFrom("securityEvent").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(written).toMatchObject({ type: "organization-created", outcome: "success", ipAddress: "203.0.113.9", userAgent: "test", organizationId: "o4" });

    await audit.revert(id, async (trx) => {
      await trx.deleteFrom("organization").where("id", "=", "o4").execute();
    });
    expect(await countOrganizations()).toBe(0);
    expect(await ctx.db.selectFrom("securityEvent").select("id").where("id", "=", id).execute()).toEqual([]);
  });
});

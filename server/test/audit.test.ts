import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import {
  createTestAuth,
  readJSON,
  seedOrganization,
  signUpPerson,
  TEST_BASE_URL,
  testDialects,
  type TestAuth,
  type TestPerson,
} from "@gatehouse/auth-core/testing";
import { createProduct } from "../src/product/index.js";
import type { AuditEventView } from "../src/shared/audit-views.js";
import { createAppWithDoors } from "./support/app-with-doors.js";
import { createContextInner } from "../src/trpc/context.js";
import { appRouter } from "../src/trpc/routers/_app.js";
import { createCallerFactory } from "../src/trpc/trpc.js";

const createCaller = createCallerFactory(appRouter);
type Caller = ReturnType<typeof createCaller>;

/**
 * The audit log through the tRPC caller and the CSV route, on both databases: who sees which events,
 * aggregates against rows counted by hand, plans, and the export's filters.
 */
describe.each(testDialects())("the audit log's procedures on %s", (dialect) => {
  let t: TestAuth;
  let app: ReturnType<typeof createAppWithDoors>;
  const people: Record<"olive" | "adam" | "mia" | "max" | "otto", TestPerson> = {} as never;
  let acme: string;

  async function seedEvent(
    id: string,
    userId: string | null,
    type: string,
    outcome: "success" | "failure",
    method: string | null,
    organizationId: string | null,
    createdAt: string,
  ): Promise<void> {
    await t.database.db
      .insertInto("securityEvent")
      .values({
        id,
        userId,
        type: type as "sign-in",
        outcome,
        method,
        organizationId,
        requestId: null,
        ipAddress: "203.0.113.7",
        userAgent: "=cmd|' /C calc'!A0",
        detail: JSON.stringify({ seeded: true }),
        createdAt,
      })
      .execute();
  }

  beforeAll(async () => {
    // Sign-ups (and their rows) on 28 February; the seeded month starts on 1 March.
    t = await createTestAuth({ dialect, now: new Date("2026-02-28T00:00:00.000Z"), options: { rateLimit: { enabled: false } } });
    app = createAppWithDoors(t.auth);
    for (const name of ["olive", "adam", "mia", "max", "otto"] as const) people[name] = await signUpPerson(t.auth, name, `${name}@example.com`);
    const org = await seedOrganization(t.auth, {
      [people.olive.userId]: "owner",
      [people.adam.userId]: "admin",
      [people.mia.userId]: "member",
      [people.max.userId]: "member",
    });
    acme = org.organizationId;
    for (const name of ["olive", "adam", "mia", "max"] as const) await people[name].browser.post("/organization/set-active", { organizationId: acme });

    const { mia, max, otto, olive } = people;
    await seedEvent("s01", mia.userId, "sign-in", "success", "password", null, "2026-03-01T10:00:00.000Z");
    await seedEvent("s02", mia.userId, "sign-in", "failure", "password", null, "2026-03-01T11:00:00.000Z");
    await seedEvent("s03", max.userId, "sign-in", "success", "passkey", null, "2026-03-01T12:00:00.000Z");
    await seedEvent("s04", otto.userId, "sign-in", "success", "password", null, "2026-03-01T13:00:00.000Z");
    await seedEvent("s05", mia.userId, "sign-in", "success", "google", null, "2026-03-02T09:00:00.000Z");
    await seedEvent("s06", olive.userId, "member-invited", "success", null, acme, "2026-03-02T10:00:00.000Z");
    await seedEvent("s07", mia.userId, "organization-created", "success", null, "other-org", "2026-03-02T11:00:00.000Z");
    await seedEvent("s08", max.userId, "sign-up", "success", "password", null, "2026-03-03T08:00:00.000Z");
    await seedEvent("s09", null, "sign-in", "failure", "password", null, "2026-03-03T09:00:00.000Z");
    t.clock.set(new Date("2026-03-05T00:00:00.000Z"));
  });
  afterAll(async () => {
    await t.destroy();
  });

  async function callerOf(person: TestPerson): Promise<Caller> {
    const headers = new Headers({ cookie: person.browser.cookieHeader() });
    const session = await t.auth.api.getSession({ headers });
    return createCaller(createContextInner({ auth: t.auth, product: createProduct(t.auth), session, headers }));
  }

  async function errorCodeOf(promise: Promise<unknown>): Promise<string> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TRPCError);
    return (error as TRPCError).code;
  }

  async function allEvents(caller: Caller, input: Parameters<Caller["audit"]["events"]>[0]): Promise<AuditEventView[]> {
    const items: AuditEventView[] = [];
    let cursor: string | undefined;
    do {
      const page = await caller.audit.events({ ...input, cursor, limit: 2 });
      expect(page.items.length).toBeLessThanOrEqual(2);
      items.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return items;
  }

  it("a member sees only their own events, never another member's, and not the organization's", async () => {
    const mia = await callerOf(people.mia);
    const own = await allEvents(mia, { scope: "self" });
    expect(own.map((e) => e.id)).toEqual(["s07", "s05", "s02", "s01", expect.any(String)]);
    expect(own.every((e) => e.actor?.id === people.mia.userId)).toBe(true);
    expect(own.at(-1)).toMatchObject({ type: "sign-up", method: "password", actor: { name: "mia", email: "mia@example.com" } });
    expect(await errorCodeOf(mia.audit.events({ scope: "organization" }))).toBe("FORBIDDEN");
    expect(await errorCodeOf(mia.audit.analytics({ scope: "organization", from: new Date("2026-03-01"), to: new Date("2026-03-04") }))).toBe("FORBIDDEN");
  });

  it("an admin sees the organization's: its members' personal rows and its own, not an outsider's or another organization's", async () => {
    const adam = await callerOf(people.adam);
    const events = await allEvents(adam, { scope: "organization", from: new Date("2026-03-01T00:00:00.000Z") });
    expect(events.map((e) => e.id)).toEqual(["s08", "s06", "s05", "s03", "s02", "s01"]);
    expect(events.find((e) => e.id === "s06")).toMatchObject({ organizationId: acme, actor: { id: people.olive.userId } });
    const failures = await adam.audit.events({ scope: "organization", types: ["sign-in"], outcome: "failure" });
    expect(failures.items.map((e) => e.id)).toEqual(["s02"]);
    const byMethod = await adam.audit.events({ scope: "organization", method: "google" });
    expect(byMethod.items.map((e) => e.id)).toEqual(["s05"]);
    const window = await adam.audit.events({ scope: "organization", from: new Date("2026-03-01T11:00:00.000Z"), to: new Date("2026-03-02T09:00:00.000Z") });
    expect(window.items.map((e) => e.id)).toEqual(["s03", "s02"]);
  });

  it("an outsider sees nothing of the organization", async () => {
    const otto = await callerOf(people.otto);
    expect(await errorCodeOf(otto.audit.events({ scope: "organization" }))).toBe("BAD_REQUEST"); // no active organization
    await expect(
      createProduct(t.auth).audit.events({ userId: people.otto.userId, activeOrganizationId: acme }, { scope: "organization" }),
    ).rejects.toMatchObject({
      status: 403,
    });
    const own = await allEvents(otto, { scope: "self", from: new Date("2026-03-01") });
    expect(own.map((e) => e.id)).toEqual(["s04"]);
  });

  it("analytics match the rows counted by hand, for the organization and for one person", async () => {
    const range = { from: new Date("2026-03-01T00:00:00.000Z"), to: new Date("2026-03-04T00:00:00.000Z") };
    const org = await (await callerOf(people.olive)).audit.analytics({ scope: "organization", ...range });
    expect(org.days).toEqual([
      { day: "2026-03-01", signInSuccess: 2, signInFailure: 1, signUps: 0, byMethod: { password: 1, passkey: 1 } },
      { day: "2026-03-02", signInSuccess: 1, signInFailure: 0, signUps: 0, byMethod: { google: 1 } },
      { day: "2026-03-03", signInSuccess: 0, signInFailure: 0, signUps: 1, byMethod: {} },
    ]);
    expect(org.totals).toEqual({ signIns: 3, failures: 1, signUps: 1, failureRate: 0.25 });
    expect(org.methods).toEqual(["google", "passkey", "password"]);

    const mia = await (await callerOf(people.mia)).audit.analytics({ scope: "self", ...range });
    expect(mia.totals).toEqual({ signIns: 2, failures: 1, signUps: 0, failureRate: 1 / 3 });
    expect(await errorCodeOf((await callerOf(people.mia)).audit.analytics({ scope: "self", from: range.to, to: range.from }))).toBe("BAD_REQUEST");
    expect(await errorCodeOf((await callerOf(people.mia)).audit.analytics({ scope: "self", from: new Date("2025-01-01"), to: range.to }))).toBe("BAD_REQUEST");
  });

  it("the overview counts the person's own sign-ins and shows the organization with its plan", async () => {
    const overview = await (await callerOf(people.mia)).audit.overview();
    expect(overview).toMatchObject({
      signInsLast30Days: 2,
      failedSignInsLast30Days: 1,
      activeSessions: 1,
      passkeys: 0,
      // As Settings lists them: Mia's email-and-password account counts.
      linkedAccounts: 1,
      lastSignInAt: new Date("2026-03-02T09:00:00.000Z"),
      organization: { id: acme, role: "member", plan: "business", seatsUsed: 4, seatLimit: 250, canViewAudit: false },
    });
    expect(overview.recent.map((e) => e.id)).toEqual(["s07", "s05", "s02", "s01", expect.any(String)]);
    expect((await (await callerOf(people.adam)).audit.overview()).organization?.canViewAudit).toBe(true);
    expect((await (await callerOf(people.otto)).audit.overview()).organization).toBeNull();
  });

  it("plans: everyone reads, only an owner changes, never below the members already seated", async () => {
    const mia = await callerOf(people.mia);
    expect(await mia.plan.get()).toMatchObject({ organization: { id: acme }, plan: "business", seatsUsed: 4, pendingInvitations: 0, canChange: false });
    expect(await errorCodeOf(mia.plan.set({ plan: "team" }))).toBe("FORBIDDEN");
    expect(await errorCodeOf((await callerOf(people.adam)).plan.set({ plan: "team" }))).toBe("FORBIDDEN");
    const olive = await callerOf(people.olive);
    expect(await errorCodeOf(olive.plan.set({ plan: "free" }))).toBe("BAD_REQUEST"); // 4 members > 3 seats
    expect(await olive.plan.set({ plan: "team" })).toMatchObject({ plan: "team", seatLimit: 25, canChange: true });
    expect(await (await callerOf(people.otto)).plan.get()).toBeNull();

    // Over HTTP the row carries the request's id, address and user agent.
    const response = await app.request("/api/trpc/plan.set", {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_BASE_URL, cookie: people.olive.browser.cookieHeader(), "user-agent": "PlanTest/1.0" },
      body: JSON.stringify({ plan: "business" }),
    });
    expect(response.status).toBe(200);
    const requestId = response.headers.get("x-request-id") ?? "missing";
    const rows = await t.database.db
      .selectFrom("securityEvent")
      .select(["type", "organizationId", "userAgent", "detail"])
      .where("requestId", "=", requestId)
      .execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ type: "plan-changed", organizationId: acme, userAgent: "PlanTest/1.0" });
    expect(JSON.parse(row.detail ?? "{}")).toEqual({ from: "team", to: "business" });
  });

  async function csv(person: TestPerson | null, query: string): Promise<Response> {
    return app.request(`/api/reports/events.csv?${query}`, { headers: person ? { cookie: person.browser.cookieHeader() } : {} });
  }

  it("exports exactly the filtered rows as CSV, spreadsheet-safe, and refuses what audit.events refuses", async () => {
    const response = await csv(people.adam, "scope=organization&type=sign-in,sign-up&from=2026-03-01T00:00:00.000Z");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="gatehouse-events-2026-03-05.csv"');
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("time,type,outcome,method,actor,email,organization,ip,user agent,reason");
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 4).join(","))).toEqual([
      "2026-03-03T08:00:00.000Z,sign-up,success,password",
      "2026-03-02T09:00:00.000Z,sign-in,success,google",
      "2026-03-01T12:00:00.000Z,sign-in,success,passkey",
      "2026-03-01T11:00:00.000Z,sign-in,failure,password",
      "2026-03-01T10:00:00.000Z,sign-in,success,password",
    ]);
    expect(lines[2]).toBe("2026-03-02T09:00:00.000Z,sign-in,success,google,mia,mia@example.com,,203.0.113.7,'=cmd|' /C calc'!A0,");

    const filtered = await (await csv(people.adam, "scope=organization&type=sign-in&outcome=failure&method=password")).text();
    expect(filtered.trimEnd().split("\r\n")).toHaveLength(2);
    // Empty parameters are no filter; a plain date is midnight UTC.
    const own = await (await csv(people.otto, "scope=self&type=&outcome=&method=&from=2026-03-01&to=2026-03-02T00:00:00.000Z")).text();
    expect(
      own
        .trimEnd()
        .split("\r\n")
        .slice(1)
        .map((line) => line.slice(0, 24)),
    ).toEqual(["2026-03-01T13:00:00.000Z"]);

    expect((await csv(null, "scope=self")).status).toBe(401);
    const forbidden = await csv(people.mia, "scope=organization");
    expect(forbidden.status).toBe(403);
    expect(await readJSON(forbidden)).toMatchObject({ code: "YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG" });
    expect((await csv(people.adam, "scope=organization&type=not-a-type")).status).toBe(400);
    expect((await csv(people.adam, "scope=self&from=yesterday")).status).toBe(400);
  });
});

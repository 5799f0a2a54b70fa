import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { createTestAuth, createTestBrowser, signUpPerson, testDialects, type TestAuth, type TestBrowser, type TestPerson } from "@gatehouse/auth-core/testing";
import { migrateToLatest } from "@gatehouse/migrations";
import { openDatabase } from "../src/database.js";
import { createAdminConsoleService } from "../src/product/admin-console/console-service.js";
import { createProduct } from "../src/product/index.js";
import { createContextInner } from "../src/trpc/context.js";
import { appRouter } from "../src/trpc/routers/_app.js";
import { createCallerFactory } from "../src/trpc/trpc.js";

const createCaller = createCallerFactory(appRouter);
type Caller = ReturnType<typeof createCaller>;

/** The console's tRPC procedures are for admins only, and read what the table and a person's page show. */
describe.each(testDialects())("the admin console's procedures on %s", (dialect) => {
  let t: TestAuth;
  let ada: TestPerson;
  let bea: TestPerson;
  beforeAll(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    ada = await signUpPerson(t.auth, "Ada Admin", "ada@example.com");
    await t.auth.admin.setRoleByEmail("ada@example.com", "admin");
    bea = await signUpPerson(t.auth, "Bea", "bea@example.com");
    await createTestBrowser(t.auth).post("/sign-in/email", { email: "bea@example.com", password: "wrong password!" });
    expect((await createTestBrowser(t.auth).post("/sign-in/email", { email: "bea@example.com", password: "correct horse battery" })).status).toBe(200);
  });
  afterAll(async () => {
    await t.destroy();
  });

  async function callerOf(browser: TestBrowser | null): Promise<Caller> {
    const headers = new Headers(browser ? { cookie: browser.cookieHeader() } : {});
    const session = await t.auth.api.getSession({ headers });
    return createCaller(createContextInner({ auth: t.auth, product: createProduct(t.auth), session, headers }));
  }

  async function codeOf(promise: Promise<unknown>): Promise<string> {
    try {
      await promise;
      return "none";
    } catch (error) {
      return error instanceof TRPCError ? error.code : String(error);
    }
  }

  it("refuses everyone but admins, and admins acting as someone else", async () => {
    const member = await callerOf(bea.browser);
    expect(await codeOf(member.admin.users({}))).toBe("FORBIDDEN");
    expect(await codeOf(member.admin.person({ userId: ada.userId }))).toBe("FORBIDDEN");
    expect(await codeOf(member.admin.stats())).toBe("FORBIDDEN");
    expect(await codeOf((await callerOf(null)).admin.stats())).toBe("UNAUTHORIZED");

    const acting = createTestBrowser(t.auth);
    for (const [name, value] of ada.browser.cookies) acting.cookies.set(name, value);
    expect((await acting.post("/admin/impersonate-user", { userId: bea.userId })).status).toBe(200);
    expect(await codeOf((await callerOf(acting)).admin.users({}))).toBe("FORBIDDEN");
    const session = await (await callerOf(acting)).auth.session();
    expect(session).toMatchObject({ user: { id: bea.userId, role: "user" }, session: { impersonatedBy: ada.userId } });
    expect((await acting.post("/admin/stop-impersonating")).status).toBe(200);
  });

  it("lists people with their last sign-in and methods, searches and filters", async () => {
    const admin = await callerOf(ada.browser);
    const page = await admin.admin.users({ limit: 1 });
    expect(page).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(page.items).toHaveLength(1);
    const all = await admin.admin.users({});
    const row = all.items.find((item) => item.id === bea.userId)!;
    expect(row).toMatchObject({ email: "bea@example.com", name: "Bea", role: "user", banned: false, emailVerified: false, methods: ["password"] });
    expect(row.lastSignInAt).toBeInstanceOf(Date);
    expect((await admin.admin.users({ search: "BEA" })).items.map((item) => item.email)).toEqual(["bea@example.com"]);
    expect((await admin.admin.users({ search: "bea@" })).items.map((item) => item.email)).toEqual(["bea@example.com"]);
    expect((await admin.admin.users({ filter: "admins" })).items.map((item) => item.email)).toEqual(["ada@example.com"]);
    expect((await admin.admin.users({ filter: "banned" })).total).toBe(0);
  });

  it("shows a person's page and the installation's counts", async () => {
    const admin = await callerOf(ada.browser);
    const person = await admin.admin.person({ userId: bea.userId });
    expect(person.user.email).toBe("bea@example.com");
    expect(person.sessions).toHaveLength(2);
    expect(person.accounts).toEqual([expect.objectContaining({ providerId: "password", accountId: "" })]);
    expect(person.passkeys).toEqual([]);
    expect(person.organizations).toEqual([]);
    expect(person.events.map((event) => event.type)).toEqual(expect.arrayContaining(["sign-up", "sign-in"]));
    expect(await codeOf(admin.admin.person({ userId: "nobody" }))).toBe("NOT_FOUND");

    // The page's seven reads, one each: the person, the last sign-in, the events, the sessions,
    // the accounts, the passkeys, the organizations (the methods come from the accounts and passkeys read).
    const db = t.auth.context.db;
    let statements = 0;
    // Counted as each result comes back: a subquery's builder passes through transformQuery too.
    const counted = db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements += 1;
        return args.result;
      },
    });
    const page = await createAdminConsoleService(t.auth, counted).person(bea.userId);
    expect(statements).toBe(7);
    expect(page.user).toEqual(person.user);
    const listed = (await admin.admin.users({})).items.find((item) => item.id === bea.userId)!;
    expect(page.user.methods).toEqual(listed.methods);
    await t.database.db
      .insertInto("passkey")
      .values({
        id: "pk-1",
        name: "Laptop",
        publicKey: "key",
        userId: bea.userId,
        credentialID: "cred-1",
        counter: 0,
        deviceType: "singleDevice",
        backedUp: 0,
        transports: null,
        aaguid: null,
        createdAt: t.clock.now().toISOString(),
      })
      .execute();
    expect((await admin.admin.person({ userId: bea.userId })).user.methods).toEqual(["password", "passkey"]);
    expect((await admin.admin.users({})).items.find((item) => item.id === bea.userId)!.methods).toEqual(["password", "passkey"]);
    await t.database.db.deleteFrom("passkey").where("id", "=", "pk-1").execute();

    const stats = await admin.admin.stats();
    expect(stats).toMatchObject({ people: 2, newThisWeek: 2, admins: 1, banned: 0 });
    expect(stats.days).toHaveLength(14);
    const today = stats.days[stats.days.length - 1]!;
    expect(today.day).toBe(t.clock.now().toISOString().slice(0, 10));
    expect(today).toMatchObject({ signUps: 2, signIns: 1, failures: 1 });
  });
});

const execFileAsync = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));

/** `npm run admin -- grant|revoke <email>` on the server's DATABASE_URL. */
describe("npm run admin", () => {
  it("grants and revokes the role from the machine, and keeps the last admin", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gatehouse-admin-cmd-"));
    const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? dir, DATABASE_URL: `file:${join(dir, "g.db")}`, DATA_DIR: dir, NODE_ENV: "test" };
    const database = openDatabase(env.DATABASE_URL);
    await migrateToLatest(database.db);
    const now = new Date().toISOString();
    await database.db.insertInto("user").values({ id: "u1", name: "Ops", email: "ops@example.com", createdAt: now, updatedAt: now }).execute();
    const run = async (...args: string[]): Promise<{ code: number; out: string }> => {
      try {
        const { stdout, stderr } = await execFileAsync("npm", ["run", "-s", "admin", "--", ...args], { cwd: root, env });
        return { code: 0, out: stdout + stderr };
      } catch (error) {
        const failed = error as { code: number; stdout: string; stderr: string };
        return { code: failed.code, out: failed.stdout + failed.stderr };
      }
    };
    expect(await run("grant", "OPS@example.com")).toEqual({ code: 0, out: "ops@example.com: role admin\n" });
    expect(await run("revoke", "ops@example.com")).toMatchObject({ code: 1, out: expect.stringContaining("YOU_CANNOT_DEMOTE_THE_LAST_ADMIN") });
    expect((await run("promote")).code).toBe(2);
    const row = await database.db.selectFrom("user").select("role").where("id", "=", "u1").executeTakeFirstOrThrow();
    expect(row.role).toBe("admin");
    const logged = await database.db.selectFrom("securityEvent").select(["type", "userId", "targetUserId"]).execute();
    expect(logged).toEqual([{ type: "user-role-changed", userId: null, targetUserId: "u1" }]);
    await database.destroy();
  }, 120_000);
});

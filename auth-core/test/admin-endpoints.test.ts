import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "../src/errors.js";
import type { WireSession, WireUser } from "../src/shared/wire-types.js";
import { createTestAuth, createTestBrowser, signUpPerson, testDialects, type TestAuth, type TestPerson } from "../testing/index.js";
import { expectError, sessionCount, signUpAdmin, userOf, userRow } from "./admin-support.js";

interface Case {
  path: string;
  method: "GET" | "POST";
  /** The plugin's refusal for a signed-in non-admin. */
  refusal: keyof typeof ERROR_CODES;
  input: (target: string) => Record<string, unknown>;
}

/** Every admin endpoint with an input that would change or read something about `target`. */
const CASES: Case[] = [
  { path: "/admin/list-users", method: "GET", refusal: "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS", input: () => ({}) },
  { path: "/admin/get-user", method: "GET", refusal: "YOU_ARE_NOT_ALLOWED_TO_GET_USER", input: (id) => ({ id }) },
  {
    path: "/admin/create-user",
    method: "POST",
    refusal: "YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS",
    input: () => ({ email: "new@example.com", name: "New", password: "unusual-phrase-9" }),
  },
  { path: "/admin/update-user", method: "POST", refusal: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS", input: (userId) => ({ userId, data: { name: "Renamed" } }) },
  { path: "/admin/set-role", method: "POST", refusal: "YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE", input: (userId) => ({ userId, role: "admin" }) },
  {
    path: "/admin/set-user-password",
    method: "POST",
    refusal: "YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD",
    input: (userId) => ({ userId, newPassword: "unusual-phrase-9" }),
  },
  { path: "/admin/ban-user", method: "POST", refusal: "YOU_ARE_NOT_ALLOWED_TO_BAN_USERS", input: (userId) => ({ userId }) },
  { path: "/admin/unban-user", method: "POST", refusal: "YOU_ARE_NOT_ALLOWED_TO_BAN_USERS", input: (userId) => ({ userId }) },
  { path: "/admin/list-user-sessions", method: "POST", refusal: "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS", input: (userId) => ({ userId }) },
  { path: "/admin/revoke-user-session", method: "POST", refusal: "YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS", input: () => ({ sessionToken: "x" }) },
  { path: "/admin/revoke-user-sessions", method: "POST", refusal: "YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS", input: (userId) => ({ userId }) },
  { path: "/admin/impersonate-user", method: "POST", refusal: "YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS", input: (userId) => ({ userId }) },
  { path: "/admin/remove-user", method: "POST", refusal: "YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS", input: (userId) => ({ userId }) },
];

function call(person: TestPerson, c: Case, target: string): Promise<Response> {
  const input = c.input(target);
  if (c.method === "GET") return person.browser.get(`${c.path}?${new URLSearchParams(input as Record<string, string>)}`);
  return person.browser.post(c.path, input);
}

/** Everything an admin endpoint could change, read straight from the tables. */
async function snapshot(t: TestAuth): Promise<string> {
  const db = t.database.db;
  return JSON.stringify([
    await db.selectFrom("user").selectAll().orderBy("id").execute(),
    await db.selectFrom("session").select(["id", "userId", "expiresAt"]).orderBy("id").execute(),
    await db.selectFrom("account").select(["id", "password"]).orderBy("id").execute(),
  ]);
}

describe.each(testDialects())("admin endpoints on %s", (dialect) => {
  let t: TestAuth;
  let admin: TestPerson;
  let member: TestPerson;
  let other: TestPerson;
  beforeAll(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    admin = await signUpAdmin(t, "Ada Admin", "ada@example.com");
    member = await signUpPerson(t.auth, "Mel Member", "mel@example.com");
    other = await signUpPerson(t.auth, "Otto Other", "otto@example.com");
  });
  afterAll(async () => {
    await t.destroy();
  });

  it.each(CASES)("$path refuses people who are not admins and changes nothing", async (c) => {
    const before = await snapshot(t);
    await expectError(await call(member, c, other.userId), 403, c.refusal);
    const anonymous = createTestBrowser(t.auth);
    const signedOut = c.method === "GET" ? await anonymous.get(c.path) : await anonymous.post(c.path, c.input(other.userId));
    await expectError(signedOut, 401, "UNAUTHORIZED");
    expect(await snapshot(t)).toBe(before);
  });

  it("lists users with search, filter, sort, limit/offset and the total", async () => {
    const all = (await (await admin.browser.get("/admin/list-users")).json()) as { users: WireUser[]; total: number };
    expect(all.total).toBe(3);
    expect(all.users[0]).toMatchObject({ role: expect.any(String), banned: false, banReason: null, banExpires: null });
    const byName = (await (await admin.browser.get("/admin/list-users?searchValue=MEL&searchField=name")).json()) as { users: WireUser[]; total: number };
    expect(byName.users.map((u) => u.email)).toEqual(["mel@example.com"]);
    const byEmail = (await (await admin.browser.get("/admin/list-users?searchValue=ot&searchOperator=starts_with")).json()) as { users: WireUser[] };
    expect(byEmail.users.map((u) => u.email)).toEqual(["otto@example.com"]);
    const admins = (await (await admin.browser.get("/admin/list-users?filterField=role&filterValue=admin")).json()) as { users: WireUser[]; total: number };
    expect(admins).toMatchObject({ total: 1, users: [{ email: "ada@example.com", role: "admin" }] });
    const users = (await (await admin.browser.get("/admin/list-users?filterField=role&filterValue=user")).json()) as { total: number };
    expect(users.total).toBe(2);
    const paged = (await (await admin.browser.get("/admin/list-users?sortBy=email&sortDirection=desc&limit=1&offset=1")).json()) as {
      users: WireUser[];
      total: number;
      limit: number;
      offset: number;
    };
    expect(paged).toMatchObject({ total: 3, limit: 1, offset: 1, users: [{ email: "mel@example.com" }] });
    // A percent sign is a character, not a wildcard.
    expect(((await (await admin.browser.get("/admin/list-users?searchValue=%25")).json()) as { total: number }).total).toBe(0);
    expect(await (await admin.browser.get("/admin/list-users?sortBy=password")).json()).toEqual({ users: [], total: 0 });
  });

  it.each([
    "filterField=emailVerified&filterOperator=contains&filterValue=1",
    "filterField=banned&filterOperator=starts_with&filterValue=0",
    "filterField=emailVerified&filterOperator=ends_with&filterValue=true",
  ])("a text operator on a flag matches nobody, as a field it cannot query: ?%s", async (query) => {
    const response = await admin.browser.get(`/admin/list-users?${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ users: [], total: 0 });
  });

  it("filters on a flag by its value", async () => {
    const unbanned = (await (await admin.browser.get("/admin/list-users?filterField=banned&filterValue=false")).json()) as { total: number };
    expect(unbanned.total).toBe(3);
    const verified = (await (await admin.browser.get("/admin/list-users?filterField=emailVerified&filterOperator=eq&filterValue=true")).json()) as {
      total: number;
    };
    expect(verified.total).toBe(0);
  });

  it("gets, creates and updates users with the plugin's answers and codes", async () => {
    const got = await admin.browser.get(`/admin/get-user?id=${member.userId}`);
    expect(((await got.json()) as WireUser).email).toBe("mel@example.com");
    await expectError(await admin.browser.get("/admin/get-user?id=nobody"), 404, "USER_NOT_FOUND");

    const created = await userOf(await admin.browser.post("/admin/create-user", { email: "Cy@Example.com", name: "Cy", password: "unusual-phrase-9" }));
    expect(created).toMatchObject({ email: "cy@example.com", role: "user", emailVerified: false });
    const signIn = await createTestBrowser(t.auth).post("/sign-in/email", { email: "cy@example.com", password: "unusual-phrase-9" });
    expect(signIn.status).toBe(200);
    await expectError(await admin.browser.post("/admin/create-user", { email: "cy@example.com", name: "Again" }), 400, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL");
    await expectError(
      await admin.browser.post("/admin/create-user", { email: "dee@example.com", name: "Dee", role: "owner" }),
      400,
      "YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE",
    );
    const dee = await userOf(await admin.browser.post("/admin/create-user", { email: "dee@example.com", name: "Dee", role: ["admin"] }));
    expect(dee.role).toBe("admin");

    const updated = await admin.browser.post("/admin/update-user", { userId: created.id, data: { name: "Cyril", emailVerified: true } });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ id: created.id, name: "Cyril", emailVerified: true });
    await expectError(await admin.browser.post("/admin/update-user", { userId: created.id, data: {} }), 400, "NO_DATA_TO_UPDATE");
    await expectError(
      await admin.browser.post("/admin/update-user", { userId: created.id, data: { password: "x" } }),
      400,
      "PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER",
    );
    await expectError(
      await admin.browser.post("/admin/update-user", { userId: created.id, data: { email: "mel@example.com" } }),
      400,
      "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
    );
    await expectError(await admin.browser.post("/admin/update-user", { userId: "nobody", data: { name: "X" } }), 404, "USER_NOT_FOUND");
    const badImage = await admin.browser.post("/admin/update-user", { userId: created.id, data: { image: "http://example.com/a.png" } });
    expect(badImage.status).toBe(400);
    expect(await badImage.json()).toEqual({ code: "VALIDATION_ERROR", message: "[body.data.image] Must be an https URL or a data:image URI" });

    await expectError(await admin.browser.post("/admin/remove-user", { userId: admin.userId }), 400, "YOU_CANNOT_REMOVE_YOURSELF");
    expect(await (await admin.browser.post("/admin/remove-user", { userId: dee.id })).json()).toEqual({ success: true });
    expect(await userRow(t, dee.id)).toBeUndefined();
    await expectError(await admin.browser.post("/admin/remove-user", { userId: dee.id }), 404, "USER_NOT_FOUND");
  });

  it("create-user holds data.image to update-user's rule: an https URL or a data:image URI", async () => {
    for (const image of ["javascript:alert(document.cookie)", "http://example.com/a.png", 42]) {
      const refused = await admin.browser.post("/admin/create-user", { email: "img@example.com", name: "Img", data: { image } });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: "VALIDATION_ERROR" });
    }
    expect(await t.database.db.selectFrom("user").select("id").where("email", "=", "img@example.com").executeTakeFirst()).toBeUndefined();
    const bad = await admin.browser.post("/admin/create-user", { email: "img@example.com", name: "Img", data: { image: "http://example.com/a.png" } });
    expect(await bad.json()).toEqual({ code: "VALIDATION_ERROR", message: "[body.data.image] Must be an https URL or a data:image URI" });
    const created = await userOf(
      await admin.browser.post("/admin/create-user", { email: "img@example.com", name: "Img", data: { image: "https://cdn.example.com/img.png" } }),
    );
    expect(created.image).toBe("https://cdn.example.com/img.png");
    expect((await userOf(await admin.browser.post("/admin/create-user", { email: "noimg@example.com", name: "No Img" }))).image).toBeNull();
  });

  it("sets roles at once for open sessions; nobody demotes themselves", async () => {
    await expectError(await member.browser.get("/admin/list-users"), 403, "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS");
    const promoted = await userOf(await admin.browser.post("/admin/set-role", { userId: member.userId, role: "admin" }));
    expect(promoted.role).toBe("admin");
    // Mel's session was open before: her next request is an admin's.
    expect((await member.browser.get("/admin/list-users")).status).toBe(200);
    expect(await (await member.browser.get("/get-session")).json()).toMatchObject({ user: { role: "admin" } });
    await expectError(await member.browser.post("/admin/set-role", { userId: member.userId, role: "user" }), 400, "YOU_CANNOT_CHANGE_YOUR_OWN_ROLE");
    expect((await userOf(await admin.browser.post("/admin/set-role", { userId: member.userId, role: "user" }))).role).toBe("user");
    await expectError(await member.browser.get("/admin/list-users"), 403, "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS");
    await expectError(
      await admin.browser.post("/admin/set-role", { userId: member.userId, role: "root" }),
      400,
      "YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE",
    );
    await expectError(await admin.browser.post("/admin/set-role", { userId: "nobody", role: "user" }), 404, "USER_NOT_FOUND");
  });

  it("sets a password, lists and revokes sessions", async () => {
    expect(await (await admin.browser.post("/admin/set-user-password", { userId: other.userId, newPassword: "another-phrase-5" })).json()).toEqual({
      status: true,
    });
    const second = createTestBrowser(t.auth);
    expect((await second.post("/sign-in/email", { email: "otto@example.com", password: "another-phrase-5" })).status).toBe(200);
    await expectError(await admin.browser.post("/admin/set-user-password", { userId: other.userId, newPassword: "short" }), 400, "PASSWORD_TOO_SHORT");

    const listed = (await (await admin.browser.post("/admin/list-user-sessions", { userId: other.userId })).json()) as { sessions: WireSession[] };
    expect(listed.sessions).toHaveLength(2);
    expect(listed.sessions.every((s) => s.userId === other.userId && s.impersonatedBy === null)).toBe(true);
    expect(await (await admin.browser.post("/admin/revoke-user-session", { sessionToken: listed.sessions[0]!.token })).json()).toEqual({ success: true });
    expect(await sessionCount(t, other.userId)).toBe(1);
    expect(await (await admin.browser.post("/admin/revoke-user-sessions", { userId: other.userId })).json()).toEqual({ success: true });
    expect(await sessionCount(t, other.userId)).toBe(0);
    expect(await (await other.browser.get("/get-session")).json()).toBeNull();
  });

  it("answers has-permission for the caller's role", async () => {
    const ask = async (person: TestPerson, permissions: unknown): Promise<unknown> =>
      (await person.browser.post("/admin/has-permission", { permissions })).json();
    expect(await ask(admin, { user: ["ban", "list"] })).toEqual({ error: null, success: true });
    expect(await ask(admin, { user: ["impersonate-admins"] })).toEqual({ error: null, success: false });
    expect(await ask(member, { user: ["list"] })).toEqual({ error: null, success: false });
    await expectError(await createTestBrowser(t.auth).post("/admin/has-permission", { permissions: { user: ["list"] } }), 401, "UNAUTHORIZED");
    await expectError(await admin.browser.post("/admin/has-permission", {}), 400, "INVALID_PERMISSION_CHECK_NO_PERMISSION_S_WERE_PASSED");
    expect(await t.auth.api.userHasPermission({ body: { role: "admin", permissions: { session: ["revoke"] } } })).toEqual({ error: null, success: true });
  });
});

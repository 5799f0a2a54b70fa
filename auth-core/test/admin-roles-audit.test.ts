import { afterEach, describe, expect, it } from "vitest";
import type { AuditEventType } from "../src/shared/audit-events.js";
import type { WireSessionResult } from "../src/shared/wire-types.js";
import {
  createRecordingMailer,
  createTestAuth,
  createTestBrowser,
  signUpPerson,
  testDialects,
  settledMailedLink,
  type RecordingMailer,
  type TestAuth,
  type TestPerson,
} from "../testing/index.js";
import { expectError, signUpAdmin, userRow } from "./admin-support.js";

async function roleOf(person: TestPerson): Promise<string | undefined> {
  return ((await (await person.browser.get("/get-session")).json()) as WireSessionResult | null)?.user.role;
}

describe.each(testDialects())("admin roles and audit rows on %s", (dialect) => {
  let t: TestAuth;
  let mailer: RecordingMailer;
  afterEach(async () => {
    await t.destroy();
  });

  async function setup(adminEmails: string[] = []): Promise<void> {
    mailer = createRecordingMailer();
    t = await createTestAuth({
      dialect,
      options: {
        rateLimit: { enabled: false },
        mailer,
        emailVerification: { sendOnSignUp: true },
        user: { changeEmail: { enabled: true } },
        admin: { adminEmails },
      },
    });
  }

  it("ADMIN_EMAILS: a listed address holds the role once verified in its owner's browser, never before, and never by changing to it", async () => {
    await setup(["Root@Example.com", "boss@example.com", "ops@example.com"]);
    const root = await signUpPerson(t.auth, "Root", "root@example.com");
    expect(await roleOf(root)).toBe("user");
    const again = createTestBrowser(t.auth);
    expect((await again.post("/sign-in/email", { email: "root@example.com", password: "correct horse battery" })).status).toBe(200);
    expect((await userRow(t, root.userId))?.role).toBeNull();

    // An unverified person moves to a listed address: it is unverified there too, so nothing.
    const mal = await signUpPerson(t.auth, "Mal", "mal@example.com");
    expect((await mal.browser.post("/change-email", { newEmail: "boss@example.com" })).status).toBe(200);
    expect(await userRow(t, mal.userId)).toMatchObject({ email: "boss@example.com", emailVerified: 0, role: null });
    const malAgain = createTestBrowser(t.auth);
    expect((await malAgain.post("/sign-in/email", { email: "boss@example.com", password: "correct horse battery" })).status).toBe(200);
    expect((await userRow(t, mal.userId))?.role).toBeNull();

    // Root proves the address in the browser signed in as Root: the role comes with the verification there.
    const link = await settledMailedLink(t.auth, mailer.messages, "/verify-email", "root@example.com");
    expect((await root.browser.get(`${link.pathname.replace("/api/auth", "")}${link.search}`)).status).toBeLessThan(400);
    expect(await roleOf(root)).toBe("admin");
    const rows = await t.database.db.selectFrom("securityEvent").select(["userId", "targetUserId", "detail"]).where("type", "=", "user-role-changed").execute();
    expect(rows).toEqual([{ userId: root.userId, targetUserId: root.userId, detail: JSON.stringify({ role: "admin", source: "ADMIN_EMAILS" }) }]);

    // A verified listed address on a password account: a password sign-in does not grant
    // (the password may have been chosen by whoever registered the address before its owner).
    const ops = await signUpPerson(t.auth, "Ops", "ops@example.com");
    await t.database.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", ops.userId).execute();
    expect((await createTestBrowser(t.auth).post("/sign-in/email", { email: "ops@example.com", password: "correct horse battery" })).status).toBe(200);
    expect(await roleOf(ops)).toBe("user");

    // A role set by an admin decides: the list does not give the role after it, not even with a reset.
    expect((await root.browser.post("/admin/set-role", { userId: ops.userId, role: "user" })).status).toBe(200);
    expect((await createTestBrowser(t.auth).post("/request-password-reset", { email: "ops@example.com", redirectTo: "/reset" })).status).toBe(200);
    const token = (await settledMailedLink(t.auth, mailer.messages, "/reset-password/", "ops@example.com")).pathname.split("/").pop()!;
    expect((await createTestBrowser(t.auth).post("/reset-password", { newPassword: "ops chose this larch", token })).status).toBe(200);
    expect(await roleOf(ops)).toBe("user");
  });

  it("the machine's grant and revoke keep the last admin", async () => {
    await setup();
    const ada = await signUpPerson(t.auth, "Ada", "ada@example.com");
    expect(await t.auth.admin.setRoleByEmail("ADA@example.com", "admin")).toMatchObject({ changed: true, user: { role: "admin" } });
    expect(await t.auth.admin.setRoleByEmail("ada@example.com", "admin")).toMatchObject({ changed: false });
    await expect(t.auth.admin.setRoleByEmail("ada@example.com", "user")).rejects.toMatchObject({ code: "YOU_CANNOT_DEMOTE_THE_LAST_ADMIN" });
    await expect(t.auth.admin.setRoleByEmail("nobody@example.com", "admin")).rejects.toMatchObject({ code: "USER_NOT_FOUND" });
    expect(await roleOf(ada)).toBe("admin");
    const bo = await signUpPerson(t.auth, "Bo", "bo@example.com");
    await t.auth.admin.setRoleByEmail("bo@example.com", "admin");
    // An admin under a ban cannot act: Ada is still the last admin who can.
    await t.database.db.updateTable("user").set({ banned: 1 }).where("id", "=", bo.userId).execute();
    await expect(t.auth.admin.setRoleByEmail("ada@example.com", "user")).rejects.toMatchObject({ code: "YOU_CANNOT_DEMOTE_THE_LAST_ADMIN" });
    expect(await roleOf(ada)).toBe("admin");
    await t.database.db.updateTable("user").set({ banned: 0 }).where("id", "=", bo.userId).execute();
    expect(await t.auth.admin.setRoleByEmail("ada@example.com", "user")).toMatchObject({ changed: true, user: { role: "user" } });
    expect(await roleOf(ada)).toBe("user");
  });

  it("writes each admin action in the admin's log naming the person, and the person's Reports show it", async () => {
    await setup();
    const admin = await signUpAdmin(t, "Ada Admin", "ada@example.com");
    const pat = await signUpPerson(t.auth, "Pat", "pat@example.com");
    const before = new Set((await t.database.db.selectFrom("securityEvent").select("id").execute()).map((r) => r.id));
    const steps: Array<[AuditEventType, () => Promise<Response>]> = [
      ["user-role-changed", () => admin.browser.post("/admin/set-role", { userId: pat.userId, role: "user" })],
      ["user-password-set-by-admin", () => admin.browser.post("/admin/set-user-password", { userId: pat.userId, newPassword: "unusual-phrase-9" })],
      ["user-sessions-revoked-by-admin", () => admin.browser.post("/admin/revoke-user-sessions", { userId: pat.userId })],
      ["user-banned", () => admin.browser.post("/admin/ban-user", { userId: pat.userId, banReason: "abuse" })],
      ["user-unbanned", () => admin.browser.post("/admin/unban-user", { userId: pat.userId })],
      ["user-impersonated", () => admin.browser.post("/admin/impersonate-user", { userId: pat.userId })],
      ["impersonation-stopped", () => admin.browser.post("/admin/stop-impersonating")],
      ["user-created-by-admin", () => admin.browser.post("/admin/create-user", { email: "new@example.com", name: "New" })],
    ];
    for (const [type, step] of steps) {
      const response = await step();
      expect(response.status, `${type}: ${await response.clone().text()}`).toBe(200);
    }
    const rows = (await t.database.db.selectFrom("securityEvent").select(["id", "type", "userId", "targetUserId"]).orderBy("createdAt").execute()).filter(
      (row) => !before.has(row.id) && row.type !== "sign-in",
    );
    const created = await t.database.db.selectFrom("user").select("id").where("email", "=", "new@example.com").executeTakeFirstOrThrow();
    expect(rows.map(({ type, userId, targetUserId }) => ({ type, userId, targetUserId }))).toEqual(
      steps.map(([type]) => ({ type, userId: admin.userId, targetUserId: type === "user-created-by-admin" ? created.id : pat.userId })),
    );

    // Each row of Pat's log (Reports: the rows naming her, server/src/product/audit/) names the admin as the actor.
    const adminRows = await t.database.db.selectFrom("securityEvent").select(["type", "userId"]).where("targetUserId", "=", pat.userId).execute();
    expect(adminRows.map((row) => row.type).sort()).toEqual(
      steps
        .map(([type]) => type)
        .filter((type) => type !== "user-created-by-admin")
        .sort(),
    );
    expect(adminRows.every((row) => row.userId === admin.userId)).toBe(true);

    expect((await admin.browser.post("/admin/remove-user", { userId: pat.userId })).status).toBe(200);
    const removed = await t.database.db.selectFrom("securityEvent").select(["userId", "targetUserId", "detail"]).where("type", "=", "user-removed").execute();
    expect(removed).toEqual([{ userId: admin.userId, targetUserId: pat.userId, detail: JSON.stringify({ email: "pat@example.com" }) }]);
  });

  it("a refused admin action writes no row", async () => {
    await setup();
    const admin = await signUpAdmin(t, "Ada Admin", "ada@example.com");
    const count = async (): Promise<number> => (await t.database.db.selectFrom("securityEvent").select("id").execute()).length;
    const before = await count();
    await expectError(await admin.browser.post("/admin/ban-user", { userId: admin.userId }), 400, "YOU_CANNOT_BAN_YOURSELF");
    await expectError(await admin.browser.post("/admin/set-role", { userId: admin.userId, role: "user" }), 400, "YOU_CANNOT_CHANGE_YOUR_OWN_ROLE");
    await expectError(await admin.browser.post("/admin/remove-user", { userId: admin.userId }), 400, "YOU_CANNOT_REMOVE_YOURSELF");
    expect(await count()).toBe(before);
  });
});

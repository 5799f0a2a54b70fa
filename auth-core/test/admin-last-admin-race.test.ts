import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestAuth, testDialects, type TestAuth, type TestPerson } from "../testing/index.js";
import { signUpAdmin } from "./admin-support.js";

async function admins(t: TestAuth): Promise<string[]> {
  const rows = await t.database.db.selectFrom("user").select("email").where("role", "like", "%admin%").orderBy("email").execute();
  return rows.map((row) => row.email);
}

async function codeOf(response: Response): Promise<string> {
  if (response.status === 200) return "OK";
  return ((await response.json()) as { code: string }).code;
}

/**
 * Someone is always an admin, also when two admins act on each other at the same moment: the
 * two requests go in together (on PostgreSQL over two pooled connections, where both used to
 * pass), one passes and the other is refused.
 */
describe.each(testDialects())("the last admin under concurrent requests on %s", (dialect) => {
  let t: TestAuth;
  let ada: TestPerson;
  let bob: TestPerson;
  beforeEach(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    ada = await signUpAdmin(t, "Ada", "ada@example.com");
    bob = await signUpAdmin(t, "Bob", "bob@example.com");
  });
  afterEach(async () => {
    await t.destroy();
  });

  it("two admins demoting each other at once: one keeps the role", async () => {
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        ada.browser.post("/admin/set-role", { userId: bob.userId, role: "user" }),
        bob.browser.post("/admin/set-role", { userId: ada.userId, role: "user" }),
      ]);
      const codes = await Promise.all(answers.map(codeOf));
      // The second finds it is no longer an admin (under the admins' locks, or already at the gate).
      expect(codes.sort(), `round ${round}`).toEqual(["OK", "YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE"]);
      expect(await admins(t), `round ${round}`).toHaveLength(1);
      await t.database.db.updateTable("user").set({ role: "admin" }).execute();
    }
  });

  it("two admins removing each other at once: one stays", async () => {
    const answers = await Promise.all([
      ada.browser.post("/admin/remove-user", { userId: bob.userId }),
      bob.browser.post("/admin/remove-user", { userId: ada.userId }),
    ]);
    const codes = await Promise.all(answers.map(codeOf));
    // The second finds its own account gone: refused under the admins' locks, or at the gate.
    expect(codes.filter((code) => code === "OK")).toHaveLength(1);
    expect(["YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS", "UNAUTHORIZED"]).toContain(codes.find((code) => code !== "OK"));
    expect(await admins(t)).toHaveLength(1);
  });

  it("one admin demoting the other while the other removes them: one admin is left", async () => {
    const answers = await Promise.all([
      ada.browser.post("/admin/set-role", { userId: bob.userId, role: "user" }),
      bob.browser.post("/admin/remove-user", { userId: ada.userId }),
    ]);
    const codes = await Promise.all(answers.map(codeOf));
    expect(codes.filter((code) => code === "OK")).toHaveLength(1);
    expect(["YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE", "YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS", "UNAUTHORIZED"]).toContain(codes.find((code) => code !== "OK"));
    expect(await admins(t)).toHaveLength(1);
  });

  /** The admins whom no ban holds (none of these tests sets an end to a ban). */
  async function adminsAbleToAct(): Promise<string[]> {
    const rows = await t.database.db.selectFrom("user").select("email").where("role", "like", "%admin%").where("banned", "!=", 1).orderBy("email").execute();
    return rows.map((row) => row.email);
  }

  it.each<[string, (userId: string) => [path: string, body: unknown]]>([
    ["ban-user", (userId) => ["/admin/ban-user", { userId }]],
    ["update-user banned: true", (userId) => ["/admin/update-user", { userId, data: { banned: true } }]],
  ])("two admins banning each other at once (%s): one admin is left able to act", async (_, request) => {
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([ada.browser.post(...request(bob.userId)), bob.browser.post(...request(ada.userId))]);
      const codes = await Promise.all(answers.map(codeOf));
      // The second finds its own ban under the admins' locks, or its session already ended at the gate.
      expect(
        codes.filter((code) => code === "OK"),
        `round ${round}`,
      ).toHaveLength(1);
      expect(["YOU_ARE_NOT_ALLOWED_TO_BAN_USERS", "UNAUTHORIZED"], `round ${round}`).toContain(codes.find((code) => code !== "OK"));
      expect(await adminsAbleToAct(), `round ${round}`).toHaveLength(1);
      // The one left lifts the ban and the other signs in again for the next round.
      const [left, banned] = codes[0] === "OK" ? [ada, bob] : [bob, ada];
      expect((await left.browser.post("/admin/unban-user", { userId: banned.userId })).status).toBe(200);
      expect((await banned.browser.post("/sign-in/email", { email: banned.email, password: "correct horse battery" })).status).toBe(200);
    }
  });

  it("the machine's revoke and an admin's demotion at once: one admin is left", async () => {
    const [machine, request] = await Promise.allSettled([
      t.auth.admin.setRoleByEmail("ada@example.com", "user"),
      ada.browser.post("/admin/set-role", { userId: bob.userId, role: "user" }),
    ]);
    const passed = [machine.status === "fulfilled", request.status === "fulfilled" && request.value.status === 200].filter(Boolean);
    expect(passed).toHaveLength(1);
    expect(await admins(t)).toHaveLength(1);
  });
});

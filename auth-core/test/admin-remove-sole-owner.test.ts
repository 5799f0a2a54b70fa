import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestAuth, seedOrganization, signUpPerson, testDialects, type TestAuth, type TestPerson } from "../testing/index.js";
import { signUpAdmin, userRow } from "./admin-support.js";

/**
 * An organization always keeps an owner: an admin's remove-user refuses a person who is the only
 * owner of an organization (as leave and remove-member refuse the last owner), and removes a
 * person whose organizations keep another owner.
 */
describe.each(testDialects())("admin remove-user and organizations' owners on %s", (dialect) => {
  let t: TestAuth;
  let admin: TestPerson;
  let olive: TestPerson;
  let otto: TestPerson;
  beforeEach(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    admin = await signUpAdmin(t, "Ada Admin", "ada@example.com");
    olive = await signUpPerson(t.auth, "Olive", "olive@example.com");
    otto = await signUpPerson(t.auth, "Otto", "otto@example.com");
  });
  afterEach(async () => {
    await t.destroy();
  });

  it("refuses to remove the only owner of an organization, changing nothing and logging nothing", async () => {
    const { organizationId } = await seedOrganization(t.auth, { [olive.userId]: "owner", [otto.userId]: "member" });
    const refused = await admin.browser.post("/admin/remove-user", { userId: olive.userId });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      code: "USER_IS_THE_ONLY_OWNER_OF_AN_ORGANIZATION",
      message: "The user is the only owner of an organization: give it another owner or delete it first",
    });
    expect(await userRow(t, olive.userId)).toBeDefined();
    const owners = await t.database.db.selectFrom("member").select("userId").where("organizationId", "=", organizationId).where("role", "=", "owner").execute();
    expect(owners).toEqual([{ userId: olive.userId }]);
    expect(await t.database.db.selectFrom("securityEvent").select("id").where("type", "=", "user-removed").execute()).toEqual([]);
  });

  it("removes an owner whose organization keeps another owner, and a person who owns none", async () => {
    const { organizationId } = await seedOrganization(t.auth, { [olive.userId]: "owner", [otto.userId]: "admin,owner" });
    expect(await (await admin.browser.post("/admin/remove-user", { userId: olive.userId })).json()).toEqual({ success: true });
    expect(await userRow(t, olive.userId)).toBeUndefined();
    const owners = await t.database.db.selectFrom("member").select("userId").where("organizationId", "=", organizationId).execute();
    expect(owners).toEqual([{ userId: otto.userId }]);
    // Otto is now the only owner of it: refused in turn.
    expect((await admin.browser.post("/admin/remove-user", { userId: otto.userId })).status).toBe(400);
    const bea = await signUpPerson(t.auth, "Bea", "bea@example.com");
    await seedOrganization(t.auth, { [otto.userId]: "owner", [bea.userId]: "member" });
    expect(await (await admin.browser.post("/admin/remove-user", { userId: bea.userId })).json()).toEqual({ success: true });
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { banUnderAdminLocks, changeUserRole, removeUserUnderAdminLocks } from "../src/admin/admin-actions.js";
import { createAudit } from "../src/audit/audit-log.js";
import type { UserRow } from "../src/store/database.js";
import { updateUser } from "../src/store/user-store.js";
import { ORGANIZATION_TWO_FACTOR_RULE } from "../src/routes/organization/index.js";
import { organizationEndpoints } from "../src/routes/organization/index.js";
import {
  createRecordingMailer,
  createTestAuth,
  seedOrganization,
  signUpPerson,
  testDialects,
  type TestAuth,
  type TestBrowser,
  type TestPerson,
} from "../testing/index.js";
import { signUpAdmin } from "./admin-support.js";
import { turnOnTwoFactor } from "./two-factor-support.js";

/**
 * The third account-safety round's operator and organization findings (issue 44, item 6): an
 * admin's remove-user and an organization's last owner under concurrent requests, and the
 * organization's two-factor rule endpoint by endpoint, from the endpoints' own table.
 */

const TWO_FACTOR_REFUSAL = {
  code: "TWO_FACTOR_REQUIRED_BY_ORGANIZATION",
  message: "This organization requires two-factor authentication: turn it on in your account settings to continue",
};

async function codeOf(response: Response): Promise<string> {
  if (response.status === 200) return "OK";
  return ((await response.json()) as { code: string }).code;
}

describe.each(testDialects())("remove-user and an organization's owners under concurrent requests on %s", (dialect) => {
  let t: TestAuth;
  let ada: TestPerson;
  let bob: TestPerson;
  let olive: TestPerson;
  let otto: TestPerson;
  beforeEach(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    ada = await signUpAdmin(t, "Ada", "ada@example.com");
    bob = await signUpAdmin(t, "Bob", "bob@example.com");
    olive = await signUpPerson(t.auth, "Olive", "olive@example.com");
    otto = await signUpPerson(t.auth, "Otto", "otto@example.com");
  });
  afterEach(async () => {
    await t.destroy();
  });

  async function owners(organizationId: string): Promise<string[]> {
    const rows = await t.database.db
      .selectFrom("member")
      .select("userId")
      .where("organizationId", "=", organizationId)
      .where("role", "like", "%owner%")
      .execute();
    return rows.map((row) => row.userId);
  }

  it("two admins removing the two owners of one organization at once: one is refused, the organization keeps an owner", async () => {
    for (let round = 0; round < 4; round++) {
      const first = await signUpPerson(t.auth, "First", `first-${round}@example.com`);
      const second = await signUpPerson(t.auth, "Second", `second-${round}@example.com`);
      const { organizationId } = await seedOrganization(t.auth, { [first.userId]: "owner", [second.userId]: "owner" });
      const answers = await Promise.all([
        ada.browser.post("/admin/remove-user", { userId: first.userId }),
        bob.browser.post("/admin/remove-user", { userId: second.userId }),
      ]);
      const codes = await Promise.all(answers.map(codeOf));
      expect(codes.sort(), `round ${round}`).toEqual(["OK", "USER_IS_THE_ONLY_OWNER_OF_AN_ORGANIZATION"]);
      expect(await owners(organizationId), `round ${round}`).toHaveLength(1);
    }
  });

  it("an admin removing one owner while the other leaves: the organization keeps an owner", async () => {
    for (let round = 0; round < 4; round++) {
      const leaver = await signUpPerson(t.auth, "Leaver", `leaver-${round}@example.com`);
      const removed = await signUpPerson(t.auth, "Removed", `removed-${round}@example.com`);
      const { organizationId } = await seedOrganization(t.auth, { [leaver.userId]: "owner", [removed.userId]: "owner" });
      const answers = await Promise.all([
        ada.browser.post("/admin/remove-user", { userId: removed.userId }),
        leaver.browser.post("/organization/leave", { organizationId }),
      ]);
      const codes = await Promise.all(answers.map(codeOf));
      expect(
        codes.filter((code) => code === "OK"),
        `round ${round}: ${codes.join(", ")}`,
      ).toHaveLength(1);
      expect(["USER_IS_THE_ONLY_OWNER_OF_AN_ORGANIZATION", "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER"]).toContain(
        codes.find((code) => code !== "OK"),
      );
      expect(await owners(organizationId), `round ${round}`).toHaveLength(1);
    }
  });

  it("refuses to remove an admin who is the only owner of an organization, under the admins' locks, changing nothing", async () => {
    const { organizationId } = await seedOrganization(t.auth, { [bob.userId]: "owner", [otto.userId]: "member" });
    const refused = await ada.browser.post("/admin/remove-user", { userId: bob.userId });
    expect(refused.status).toBe(400);
    expect(await codeOf(refused)).toBe("USER_IS_THE_ONLY_OWNER_OF_AN_ORGANIZATION");
    expect(await owners(organizationId)).toEqual([bob.userId]);
    const admins = await t.database.db.selectFrom("user").select("id").where("role", "=", "admin").execute();
    expect(admins).toHaveLength(2);
    // Olive owns nothing: removed, as before.
    expect(await codeOf(await ada.browser.post("/admin/remove-user", { userId: olive.userId }))).toBe("OK");
  });
});

/**
 * The admin endpoints read the person before their transaction; the person may have become an
 * admin since (a concurrent promotion). The admins' guard must decide from what it reads under its
 * locks, not from that earlier row: here the earlier row says "user", the person is an admin, and
 * the acting admin has meanwhile been demoted by that very person. Nothing may leave no admin.
 */
describe.each(testDialects())("the admins' guard decides from the rows under its locks on %s", (dialect) => {
  let t: TestAuth;
  let ada: TestPerson;
  let tom: TestPerson;
  /** Tom as Ada's request read him, before his promotion. */
  let staleTom: UserRow;
  beforeEach(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    ada = await signUpAdmin(t, "Ada", "ada@example.com");
    tom = await signUpPerson(t.auth, "Tom", "tom@example.com");
    staleTom = await t.database.db.selectFrom("user").selectAll().where("id", "=", tom.userId).executeTakeFirstOrThrow();
    // Tom is promoted, and takes the role from Ada, while her request is on its way.
    await t.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", tom.userId).execute();
    expect(await codeOf(await tom.browser.post("/admin/set-role", { userId: ada.userId, role: "user" }))).toBe("OK");
  });
  afterEach(async () => {
    await t.destroy();
  });

  async function adminsAbleToAct(): Promise<string[]> {
    const rows = await t.database.db.selectFrom("user").select(["email", "banned"]).where("role", "like", "%admin%").execute();
    return rows.filter((row) => row.banned !== 1).map((row) => row.email);
  }

  it("set-role: refused, Tom keeps the role", async () => {
    const audit = createAudit(t.auth.context, { ipAddress: null, userAgent: null }, ["user-role-changed"]);
    await expect(changeUserRole(t.auth.context, { adminId: ada.userId, target: staleTom, role: "user", audit })).rejects.toMatchObject({
      code: "YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE",
    });
    expect(await adminsAbleToAct()).toEqual(["tom@example.com"]);
  });

  it("a ban: refused, Tom is not banned", async () => {
    const now = t.clock.now();
    const ban = t.database.db
      .transaction()
      .execute((trx) => banUnderAdminLocks(trx, { adminId: ada.userId, now }, () => updateUser(trx, tom.userId, { banned: 1 })));
    await expect(ban).rejects.toMatchObject({ code: "YOU_ARE_NOT_ALLOWED_TO_BAN_USERS" });
    expect(await adminsAbleToAct()).toEqual(["tom@example.com"]);
  });

  it("remove-user: refused, Tom stays", async () => {
    const removal = t.database.db.transaction().execute((trx) => removeUserUnderAdminLocks(trx, { adminId: ada.userId, target: staleTom, now: t.clock.now() }));
    await expect(removal).rejects.toMatchObject({ code: "YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS" });
    expect(await adminsAbleToAct()).toEqual(["tom@example.com"]);
  });
});

type EndpointName = keyof typeof ORGANIZATION_TWO_FACTOR_RULE;

/** What each organization endpoint is called with: a request that would succeed but for the rule. */
interface Fixture {
  organizationId: string;
  teamId: string;
  /** Gus's membership (a plain member). */
  gusMemberId: string;
  /** An invitation the owner sent to someone else, in the organization. */
  invitationId: string;
  /** Invitations to Mia from two other organizations with the rule on. */
  invitationToMia: string;
  secondInvitationToMia: string;
  gusId: string;
}

type Call = (browser: TestBrowser, f: Fixture) => Promise<Response>;

/** Endpoint by endpoint; the endpoints without a session (declared open for that) are checked by their declaration. */
const CALLS: Record<Exclude<EndpointName, "getInvitationPreview" | "requestInvitationSignUp" | "invitationSignUpCallback">, Call> = {
  createOrganization: (b) => b.post("/organization/create", { name: "Mine", slug: "mia-own" }),
  checkOrganizationSlug: (b) => b.post("/organization/check-slug", { slug: "free-slug" }),
  updateOrganization: (b, f) => b.post("/organization/update", { organizationId: f.organizationId, data: { name: "Taken" } }),
  deleteOrganization: (b, f) => b.post("/organization/delete", { organizationId: f.organizationId }),
  getFullOrganization: (b) => b.get("/organization/get-full-organization"),
  setActiveOrganization: (b, f) => b.post("/organization/set-active", { organizationId: f.organizationId }),
  listOrganizations: (b) => b.get("/organization/list"),
  getActiveMember: (b) => b.get("/organization/get-active-member"),
  listMembers: (b) => b.get("/organization/list-members"),
  removeMember: (b, f) => b.post("/organization/remove-member", { memberIdOrEmail: f.gusMemberId }),
  updateMemberRole: (b, f) => b.post("/organization/update-member-role", { memberId: f.gusMemberId, role: "admin" }),
  leaveOrganization: (b, f) => b.post("/organization/leave", { organizationId: f.organizationId }),
  createInvitation: (b) => b.post("/organization/invite-member", { email: "new@example.com", role: "member" }),
  acceptInvitation: (b, f) => b.post("/organization/accept-invitation", { invitationId: f.invitationToMia }),
  rejectInvitation: (b, f) => b.post("/organization/reject-invitation", { invitationId: f.secondInvitationToMia }),
  cancelInvitation: (b, f) => b.post("/organization/cancel-invitation", { invitationId: f.invitationId }),
  getInvitation: (b, f) => b.get(`/organization/get-invitation?id=${f.invitationToMia}`),
  listInvitations: (b) => b.get("/organization/list-invitations"),
  listUserInvitations: (b) => b.get("/organization/list-user-invitations"),
  createTeam: (b) => b.post("/organization/create-team", { name: "Ops" }),
  updateTeam: (b, f) => b.post("/organization/update-team", { teamId: f.teamId, data: { name: "Renamed" } }),
  removeTeam: (b, f) => b.post("/organization/remove-team", { teamId: f.teamId }),
  listOrganizationTeams: (b) => b.get("/organization/list-teams"),
  setActiveTeam: (b, f) => b.post("/organization/set-active-team", { teamId: f.teamId }),
  listUserTeams: (b) => b.get("/organization/list-user-teams"),
  listTeamMembers: (b, f) => b.get(`/organization/list-team-members?teamId=${f.teamId}`),
  addTeamMember: (b, f) => b.post("/organization/add-team-member", { teamId: f.teamId, userId: f.gusId }),
  removeTeamMember: (b, f) => b.post("/organization/remove-team-member", { teamId: f.teamId, userId: f.gusId }),
  hasPermission: (b) => b.post("/organization/has-permission", { permissions: { member: ["create"] } }),
};

/** The open endpoints that change what the later calls find: called after the rest, in this order. */
const LAST: readonly EndpointName[] = ["acceptInvitation", "leaveOrganization"];

describe.each(testDialects())("the organization's two-factor rule, endpoint by endpoint from their declarations, on %s", (dialect) => {
  let t: TestAuth;
  let owner: TestPerson;
  let mia: TestPerson; // a second owner of the organization (every permission): a password, no two-factor
  let fixture: Fixture;

  async function invite(organizationId: string, email: string): Promise<string> {
    expect((await owner.browser.post("/organization/set-active", { organizationId })).status).toBe(200);
    const sent = await owner.browser.post("/organization/invite-member", { email, role: "member" });
    expect(sent.status, await sent.clone().text()).toBe(200);
    return ((await sent.json()) as { id: string }).id;
  }

  /** Every row of the organization's tables: what a refused call must leave as it was. */
  async function snapshot(): Promise<unknown> {
    const { db } = t.database;
    return {
      organization: await db.selectFrom("organization").selectAll().orderBy("id").execute(),
      member: await db.selectFrom("member").selectAll().orderBy("id").execute(),
      invitation: await db.selectFrom("invitation").selectAll().orderBy("id").execute(),
      team: await db.selectFrom("team").selectAll().orderBy("id").execute(),
      teamMember: await db.selectFrom("teamMember").selectAll().orderBy("id").execute(),
    };
  }

  beforeEach(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false }, twoFactor: { enabled: true }, mailer: createRecordingMailer() } });
    owner = await signUpPerson(t.auth, "Olive", "olive@example.com");
    mia = await signUpPerson(t.auth, "Mia", "mia@example.com");
    const gus = await signUpPerson(t.auth, "Gus", "gus@example.com");
    const seeded = await seedOrganization(t.auth, { [owner.userId]: "owner", [mia.userId]: "owner", [gus.userId]: "member" });
    const other = await seedOrganization(t.auth, { [owner.userId]: "owner" });
    const third = await seedOrganization(t.auth, { [owner.userId]: "owner" });
    const now = t.clock.now().toISOString();
    for (const userId of [mia.userId, gus.userId])
      await t.database.db
        .insertInto("teamMember")
        .values({ id: `tm-${userId}`, teamId: seeded.teamId, userId, createdAt: now })
        .execute();
    await turnOnTwoFactor(t, owner.browser);
    fixture = {
      organizationId: seeded.organizationId,
      teamId: seeded.teamId,
      gusMemberId: seeded.memberIds[gus.userId]!,
      gusId: gus.userId,
      invitationToMia: await invite(other.organizationId, mia.email),
      secondInvitationToMia: await invite(third.organizationId, mia.email),
      invitationId: await invite(seeded.organizationId, "someone@example.com"),
    };
    for (const organizationId of [seeded.organizationId, other.organizationId, third.organizationId]) {
      const rule = await owner.browser.post("/organization/update", { organizationId, data: { requireTwoFactor: true } });
      expect(rule.status).toBe(200);
    }
    expect((await mia.browser.post("/organization/set-active", { organizationId: seeded.organizationId })).status).toBe(200);
  });
  afterEach(async () => {
    await t.auth.settled();
    await t.destroy();
  });

  it("declares every organization endpoint, and only those", () => {
    expect(Object.keys(ORGANIZATION_TWO_FACTOR_RULE).sort()).toEqual(organizationEndpoints.map((endpoint) => endpoint.name).sort());
    // The endpoints declared open because they take no session really take none.
    for (const endpoint of organizationEndpoints)
      if (!(endpoint.name in CALLS)) {
        expect(endpoint.session, endpoint.name).toBe("none");
        expect(ORGANIZATION_TWO_FACTOR_RULE[endpoint.name]).toHaveProperty("open");
      }
  });

  it.each(Object.entries(ORGANIZATION_TWO_FACTOR_RULE).filter(([, rule]) => rule === "applies"))(
    "%s refuses a member with a password and no two-factor, changing nothing",
    async (name) => {
      const before = await snapshot();
      const answer = await CALLS[name as keyof typeof CALLS](mia.browser, fixture);
      expect(answer.status, name).toBe(403);
      expect(await answer.json(), name).toEqual(TWO_FACTOR_REFUSAL);
      expect(await snapshot(), name).toEqual(before);
      // With two-factor on, the same call is no longer refused by the rule.
      await turnOnTwoFactor(t, mia.browser);
      const again = await CALLS[name as keyof typeof CALLS](mia.browser, fixture);
      expect(again.status, `${name}: ${await again.clone().text()}`).toBe(200);
    },
  );

  it("leaves every endpoint declared open open to her, all answering 200", async () => {
    const open = (Object.keys(CALLS) as Array<keyof typeof CALLS>).filter((name) => ORGANIZATION_TWO_FACTOR_RULE[name] !== "applies");
    const ordered = [
      ...open.filter((name) => !LAST.includes(name)),
      ...LAST.filter((name): name is keyof typeof CALLS => open.includes(name as keyof typeof CALLS)),
    ];
    expect(ordered.sort()).toEqual([...open].sort());
    for (const name of [...open.filter((name) => !LAST.includes(name)), ...LAST] as Array<keyof typeof CALLS>) {
      const answer = await CALLS[name](mia.browser, fixture);
      expect(answer.status, `${name}: ${await answer.clone().text()}`).toBe(200);
    }
  });
});

/** The rules that keep an organization safe (owners, roles, limits, single-use acceptance), on both databases. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateId } from "../src/deps/random.js";
import {
  createRecordingMailer,
  readJSON,
  seedOrganization,
  signUpPerson,
  type TestPerson,
  createTestAuth,
  testDialects,
  type TestAuth,
} from "../testing/index.js";
import { findMemberById, findMember, insertMember } from "../src/store/member-store.js";
import { findInvitationById, insertInvitation } from "../src/store/invitation-store.js";
import { findTeamMember, insertTeamMember } from "../src/store/team-store.js";
import type { WireInvitation, WireSessionResult } from "../src/shared/wire-types.js";

async function codeOf(response: Response): Promise<string> {
  return (await readJSON<{ code: string }>(response)).code;
}

describe.each(testDialects())("organization safety rules on %s", (dialect) => {
  let t: TestAuth;
  let owner: TestPerson;
  let second: TestPerson;
  let admin: TestPerson;
  let plain: TestPerson;
  beforeAll(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false }, mailer: createRecordingMailer() } });
    owner = await signUpPerson(t.auth, "Owner", "owner@example.com");
    second = await signUpPerson(t.auth, "Second", "second@example.com");
    admin = await signUpPerson(t.auth, "Admin", "admin@example.com");
    plain = await signUpPerson(t.auth, "Plain", "plain@example.com");
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("the last owner can neither leave, nor be removed, nor be demoted", async () => {
    const org = await seedOrganization(t.auth, { [owner.userId]: "owner", [admin.userId]: "admin" });
    const ownerMemberId = org.memberIds[owner.userId]!;

    const leave = await owner.browser.post("/organization/leave", { organizationId: org.organizationId });
    expect(leave.status).toBe(400);
    expect(await leave.json()).toEqual({
      code: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER",
      message: "You cannot leave the organization as the only owner",
    });
    const removeSelf = await owner.browser.post("/organization/remove-member", { organizationId: org.organizationId, memberIdOrEmail: ownerMemberId });
    expect(removeSelf.status).toBe(400);
    expect(await codeOf(removeSelf)).toBe("YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER");
    const demote = await owner.browser.post("/organization/update-member-role", { organizationId: org.organizationId, memberId: ownerMemberId, role: "admin" });
    expect(demote.status).toBe(400);
    expect(await demote.json()).toEqual({
      code: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER",
      message: "You cannot leave the organization without an owner",
    });
    // An admin ranks below the owner: refused before the last-owner rule is even reached.
    const byAdmin = await admin.browser.post("/organization/remove-member", { organizationId: org.organizationId, memberIdOrEmail: "owner@example.com" });
    expect(byAdmin.status).toBe(403);
    expect(await codeOf(byAdmin)).toBe("YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER");
    expect((await findMemberById(t.auth.context.db, ownerMemberId))?.role).toBe("owner");
  });

  it("with a second owner, an owner may step down, leave, or be removed", async () => {
    const org = await seedOrganization(t.auth, { [owner.userId]: "owner", [second.userId]: "admin,owner" });
    const ownerMemberId = org.memberIds[owner.userId]!;
    const demote = await owner.browser.post("/organization/update-member-role", {
      organizationId: org.organizationId,
      memberId: ownerMemberId,
      role: ["admin", "member"],
    });
    expect(demote.status).toBe(200);
    expect((await readJSON<{ role: string }>(demote)).role).toBe("admin,member");
    // Now "second" is the only owner.
    const secondLeaves = await second.browser.post("/organization/leave", { organizationId: org.organizationId });
    expect(await codeOf(secondLeaves)).toBe("YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER");
    const ownerLeaves = await owner.browser.post("/organization/leave", { organizationId: org.organizationId });
    expect(ownerLeaves.status).toBe(200);
    expect(await findMember(t.auth.context.db, org.organizationId, owner.userId)).toBeUndefined();
  });

  it("two owners demoting each other at once leave one owner standing", async () => {
    const org = await seedOrganization(t.auth, { [owner.userId]: "owner", [second.userId]: "owner" });
    const [a, b] = await Promise.all([
      owner.browser.post("/organization/update-member-role", { organizationId: org.organizationId, memberId: org.memberIds[second.userId], role: "member" }),
      second.browser.post("/organization/update-member-role", { organizationId: org.organizationId, memberId: org.memberIds[owner.userId], role: "member" }),
    ]);
    const statuses = [a.status, b.status].sort();
    // Whoever goes second is either no longer allowed (now a member) or the last owner.
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).toBeGreaterThanOrEqual(400);
    const roles = [
      (await findMemberById(t.auth.context.db, org.memberIds[owner.userId]!))!.role,
      (await findMemberById(t.auth.context.db, org.memberIds[second.userId]!))!.role,
    ].sort();
    expect(roles).toEqual(["member", "owner"]);
  });

  it("nobody grants a role above their own", async () => {
    const org = await seedOrganization(t.auth, { [owner.userId]: "owner", [admin.userId]: "admin", [plain.userId]: "member" });
    const plainMemberId = org.memberIds[plain.userId]!;
    const inviteOwner = await admin.browser.post("/organization/invite-member", {
      organizationId: org.organizationId,
      email: "boss@example.com",
      role: "owner",
    });
    expect(inviteOwner.status).toBe(403);
    expect(await inviteOwner.json()).toEqual({
      code: "YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE",
      message: "you are not allowed to invite user with this role",
    });
    const promote = await admin.browser.post("/organization/update-member-role", {
      organizationId: org.organizationId,
      memberId: plainMemberId,
      role: "member,owner",
    });
    expect(promote.status).toBe(403);
    expect(await codeOf(promote)).toBe("YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER");
    const selfPromote = await admin.browser.post("/organization/update-member-role", {
      organizationId: org.organizationId,
      memberId: org.memberIds[admin.userId],
      role: "owner",
    });
    expect(await codeOf(selfPromote)).toBe("YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER");
    const touchOwner = await admin.browser.post("/organization/update-member-role", {
      organizationId: org.organizationId,
      memberId: org.memberIds[owner.userId],
      role: "member",
    });
    expect(await codeOf(touchOwner)).toBe("YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER");
    expect((await findMemberById(t.auth.context.db, plainMemberId))?.role).toBe("member");

    const peer = await admin.browser.post("/organization/update-member-role", { organizationId: org.organizationId, memberId: plainMemberId, role: "admin" });
    expect(peer.status).toBe(200);
    const byOwner = await owner.browser.post("/organization/update-member-role", {
      organizationId: org.organizationId,
      memberId: plainMemberId,
      role: "owner",
    });
    expect(byOwner.status).toBe(200);
    const unknown = await owner.browser.post("/organization/update-member-role", {
      organizationId: org.organizationId,
      memberId: plainMemberId,
      role: "superuser",
    });
    expect(unknown.status).toBe(400);
    expect(await codeOf(unknown)).toBe("ROLE_NOT_FOUND");
    const inviteUnknown = await owner.browser.post("/organization/invite-member", { organizationId: org.organizationId, email: "x@example.com", role: "" });
    expect(await codeOf(inviteUnknown)).toBe("ROLE_NOT_FOUND");
  });

  it("a member of another organization cannot be reached through this one", async () => {
    const mine = await seedOrganization(t.auth, { [owner.userId]: "owner" });
    const theirs = await seedOrganization(t.auth, { [second.userId]: "owner", [plain.userId]: "member" });
    const remove = await owner.browser.post("/organization/remove-member", {
      organizationId: mine.organizationId,
      memberIdOrEmail: theirs.memberIds[plain.userId],
    });
    expect(remove.status).toBe(400);
    expect(await codeOf(remove)).toBe("MEMBER_NOT_FOUND");
    const team = await owner.browser.post("/organization/update-team", { teamId: theirs.teamId, data: { name: "Mine now" } });
    expect(team.status).toBe(403);
    expect(await findMember(t.auth.context.db, theirs.organizationId, plain.userId)).toBeDefined();
  });

  it("removing a member takes them out of the organization's teams and clears their active organization", async () => {
    const org = await seedOrganization(t.auth, { [owner.userId]: "owner", [plain.userId]: "member" });
    const { db, random } = t.auth.context;
    await insertTeamMember(db, { id: generateId(random), teamId: org.teamId, userId: plain.userId, createdAt: t.clock.now().toISOString() });
    await plain.browser.post("/organization/set-active", { organizationId: org.organizationId });
    const removed = await owner.browser.post("/organization/remove-member", { organizationId: org.organizationId, memberIdOrEmail: "PLAIN@example.com" });
    expect(removed.status).toBe(200);
    expect((await readJSON<{ member: { userId: string } }>(removed)).member.userId).toBe(plain.userId);
    expect(await findTeamMember(db, org.teamId, plain.userId)).toBeUndefined();
    const session = await readJSON<WireSessionResult>(await plain.browser.get("/get-session"));
    expect(session.session.activeOrganizationId).toBeNull();
  });

  it("deleting an organization removes its members, invitations, teams and team members", async () => {
    const org = await seedOrganization(t.auth, { [owner.userId]: "owner", [plain.userId]: "member" });
    const { db, random } = t.auth.context;
    await insertTeamMember(db, { id: generateId(random), teamId: org.teamId, userId: plain.userId, createdAt: t.clock.now().toISOString() });
    const invited = await readJSON<WireInvitation>(
      await owner.browser.post("/organization/invite-member", { organizationId: org.organizationId, email: "later@example.com", role: "member" }),
    );
    await plain.browser.post("/organization/set-active", { organizationId: org.organizationId });
    const deleted = await owner.browser.post("/organization/delete", { organizationId: org.organizationId });
    expect(deleted.status).toBe(200);
    expect((await readJSON<{ id: string }>(deleted)).id).toBe(org.organizationId);
    const counts = await Promise.all(
      (["member", "invitation", "team"] as const).map(async (table) =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<string | number>().as("n"))
              .where("organizationId", "=", org.organizationId)
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ),
    );
    expect(counts).toEqual([0, 0, 0]);
    expect(await findTeamMember(db, org.teamId, plain.userId)).toBeUndefined();
    expect(await findInvitationById(db, invited.id)).toBeUndefined();
    const session = await readJSON<WireSessionResult>(await plain.browser.get("/get-session"));
    expect(session.session.activeOrganizationId).toBeNull();
  });
});

describe.each(testDialects())("organization limits on %s", (dialect) => {
  let t: TestAuth;
  let owner: TestPerson;
  const guests: TestPerson[] = [];
  beforeAll(async () => {
    t = await createTestAuth({
      dialect,
      options: {
        rateLimit: { enabled: false },
        mailer: createRecordingMailer(),
        organization: { membershipLimit: 2, invitationLimit: 2, maximumTeams: 2, maximumMembersPerTeam: 1 },
      },
    });
    owner = await signUpPerson(t.auth, "Owner", "owner@example.com");
    for (const name of ["g1", "g2", "g3"]) guests.push(await signUpPerson(t.auth, name, `${name}@example.com`));
  });
  afterAll(async () => {
    await t.destroy();
  });

  async function invite(organizationId: string, email: string, extra: Record<string, unknown> = {}): Promise<Response> {
    return owner.browser.post("/organization/invite-member", { organizationId, email, role: "member", ...extra });
  }

  it("caps pending invitations; expired ones no longer count", async () => {
    const org = await seedOrganization(t.auth, { [owner.userId]: "owner" });
    expect((await invite(org.organizationId, "g1@example.com")).status).toBe(200);
    expect((await invite(org.organizationId, "g2@example.com")).status).toBe(200);
    const third = await invite(org.organizationId, "g3@example.com");
    expect(third.status).toBe(403);
    expect(await third.json()).toEqual({ code: "INVITATION_LIMIT_REACHED", message: "Invitation limit reached" });
    t.clock.advance(48 * 3600 * 1000 + 1000);
    expect((await invite(org.organizationId, "g3@example.com")).status).toBe(200);
  });

  it("caps members: an invitation cannot be accepted into a full organization", async () => {
    const org = await seedOrganization(t.auth, { [owner.userId]: "owner" });
    const first = await readJSON<WireInvitation>(await invite(org.organizationId, "g1@example.com"));
    const second = await readJSON<WireInvitation>(await invite(org.organizationId, "g2@example.com"));
    expect((await guests[0]!.browser.post("/organization/accept-invitation", { invitationId: first.id })).status).toBe(200);
    const full = await guests[1]!.browser.post("/organization/accept-invitation", { invitationId: second.id });
    expect(full.status).toBe(403);
    expect(await full.json()).toEqual({ code: "ORGANIZATION_MEMBERSHIP_LIMIT_REACHED", message: "Organization membership limit reached" });
    expect((await findInvitationById(t.auth.context.db, second.id))?.status).toBe("pending");
  });

  it("caps teams and team members", async () => {
    const org = await seedOrganization(t.auth, { [owner.userId]: "owner", [guests[0]!.userId]: "member", [guests[1]!.userId]: "member" });
    expect((await owner.browser.post("/organization/create-team", { organizationId: org.organizationId, name: "Two" })).status).toBe(200);
    const third = await owner.browser.post("/organization/create-team", { organizationId: org.organizationId, name: "Three" });
    expect(third.status).toBe(400);
    expect(await codeOf(third)).toBe("YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS");
    expect((await owner.browser.post("/organization/add-team-member", { teamId: org.teamId, userId: guests[0]!.userId })).status).toBe(200);
    const full = await owner.browser.post("/organization/add-team-member", { teamId: org.teamId, userId: guests[1]!.userId });
    expect(full.status).toBe(403);
    expect(await codeOf(full)).toBe("TEAM_MEMBER_LIMIT_REACHED");
  });

  it("accepting writes membership and team membership together, or neither", async () => {
    const org = await seedOrganization(t.auth, { [owner.userId]: "owner" });
    const { db, random } = t.auth.context;
    await insertTeamMember(db, { id: generateId(random), teamId: org.teamId, userId: owner.userId, createdAt: t.clock.now().toISOString() });
    const invitation = await readJSON<WireInvitation>(await invite(org.organizationId, "g2@example.com", { teamId: org.teamId }));
    // The team is full (limit 1): the team membership fails, so the membership must not stay.
    const refused = await guests[1]!.browser.post("/organization/accept-invitation", { invitationId: invitation.id });
    expect(refused.status).toBe(403);
    expect(await codeOf(refused)).toBe("TEAM_MEMBER_LIMIT_REACHED");
    expect(await findMember(db, org.organizationId, guests[1]!.userId)).toBeUndefined();
    expect((await findInvitationById(db, invitation.id))?.status).toBe("pending");
  });
});

describe.each(testDialects())("invitation acceptance is single-use on %s", (dialect) => {
  let t: TestAuth;
  beforeAll(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false }, mailer: createRecordingMailer() } });
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("two accepts at once make one membership", async () => {
    const owner = await signUpPerson(t.auth, "Owner", "owner@example.com");
    const guest = await signUpPerson(t.auth, "Guest", "guest@example.com");
    const org = await seedOrganization(t.auth, { [owner.userId]: "owner" });
    const { db, random, clock } = t.auth.context;
    const invitation = await insertInvitation(db, {
      id: generateId(random),
      organizationId: org.organizationId,
      email: guest.email,
      role: "member",
      status: "pending",
      teamId: org.teamId,
      inviterId: owner.userId,
      expiresAt: new Date(clock.now().getTime() + 60_000).toISOString(),
      createdAt: clock.now().toISOString(),
    });
    const results = await Promise.all([1, 2, 3].map(() => guest.browser.post("/organization/accept-invitation", { invitationId: invitation.id })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    const members = await db.selectFrom("member").selectAll().where("organizationId", "=", org.organizationId).where("userId", "=", guest.userId).execute();
    expect(members).toHaveLength(1);
    expect(await findTeamMember(db, org.teamId, guest.userId)).toBeDefined();
  });

  it("a membership that appeared behind the invitation's back rolls the whole accept back", async () => {
    const owner = await signUpPerson(t.auth, "Owner2", "owner2@example.com");
    const guest = await signUpPerson(t.auth, "Guest2", "guest2@example.com");
    const org = await seedOrganization(t.auth, { [owner.userId]: "owner" });
    const { db, random, clock } = t.auth.context;
    const invitation = await insertInvitation(db, {
      id: generateId(random),
      organizationId: org.organizationId,
      email: guest.email,
      role: "admin",
      status: "pending",
      teamId: org.teamId,
      inviterId: owner.userId,
      expiresAt: new Date(clock.now().getTime() + 60_000).toISOString(),
      createdAt: clock.now().toISOString(),
    });
    await insertMember(db, {
      id: generateId(random),
      organizationId: org.organizationId,
      userId: guest.userId,
      role: "member",
      createdAt: clock.now().toISOString(),
    });
    const duplicate = await guest.browser.post("/organization/accept-invitation", { invitationId: invitation.id });
    expect(duplicate.status).toBe(400);
    expect(await codeOf(duplicate)).toBe("USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION");
    expect(await findTeamMember(db, org.teamId, guest.userId)).toBeUndefined();
    expect((await findInvitationById(db, invitation.id))?.status).toBe("pending");
    expect((await findMember(db, org.organizationId, guest.userId))?.role).toBe("member");
  });
});

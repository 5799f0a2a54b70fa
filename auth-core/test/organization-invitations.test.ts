/** Invitations end to end: the mail, the link, accept/reject/cancel, resend and expiry. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createRecordingMailer,
  readJSON,
  signUpPerson,
  type RecordingMailer,
  type TestPerson,
  createTestAuth,
  testDialects,
  type TestAuth,
} from "../testing/index.js";
import type { Mailer } from "../src/email/mailer.js";
import type {
  WireFullOrganization,
  WireInvitation,
  WireInvitationDetail,
  WireMember,
  WireOrganization,
  WireSessionResult,
  WireUserInvitation,
} from "../src/shared/wire-types.js";

const HOUR = 3600 * 1000;

async function codeOf(response: Response): Promise<string> {
  return (await readJSON<{ code: string }>(response)).code;
}

describe.each(testDialects())("organization invitations on %s", (dialect) => {
  let t: TestAuth;
  let mailer: RecordingMailer;
  let owner: TestPerson;
  let org: WireOrganization;
  beforeAll(async () => {
    mailer = createRecordingMailer();
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false }, mailer } });
    owner = await signUpPerson(t.auth, "Olive Owner", "olive@example.com");
    org = await readJSON<WireOrganization>(await owner.browser.post("/organization/create", { name: "Acme <Labs>", slug: "acme" }));
    // More people are invited here than the free plan seats (seat limits: organization-plans.test.ts).
    await t.database.db.updateTable("organization").set({ plan: "business" }).where("id", "=", org.id).execute();
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(() => {
    mailer.messages.length = 0;
  });

  async function invite(email: string, extra: Record<string, unknown> = {}): Promise<Response> {
    return owner.browser.post("/organization/invite-member", { email, role: "member", ...extra });
  }

  it("invites by email, mails an accept link, and the invitee joins", async () => {
    const response = await invite("New.Person@Example.com", { role: ["admin"] });
    expect(response.status).toBe(200);
    const invitation = await readJSON<WireInvitation>(response);
    expect(invitation).toMatchObject({
      organizationId: org.id,
      email: "new.person@example.com",
      role: "admin",
      status: "pending",
      teamId: null,
      inviterId: owner.userId,
    });
    // 48 hours from now (the default invitationExpiresIn).
    expect(Date.parse(invitation.expiresAt) - t.clock.now().getTime()).toBe(48 * HOUR);

    expect(mailer.messages).toHaveLength(1);
    const mail = mailer.messages[0]!;
    expect(mail.to).toBe("new.person@example.com");
    expect(mail.subject).toBe("Olive Owner invited you to join Acme <Labs>");
    const link = `http://localhost:3000/accept-invitation/${invitation.id}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain("Acme &lt;Labs&gt;");
    expect(mail.html).not.toContain("<Labs>");

    const invitee = await signUpPerson(t.auth, "New Person", "new.person@example.com");
    const mine = await readJSON<WireUserInvitation[]>(await invitee.browser.get("/organization/list-user-invitations"));
    expect(mine.map((i) => [i.id, i.organizationName, i.organizationSlug])).toEqual([[invitation.id, "Acme <Labs>", "acme"]]);
    const detail = await readJSON<WireInvitationDetail>(await invitee.browser.get(`/organization/get-invitation?id=${invitation.id}`));
    expect(detail).toMatchObject({ id: invitation.id, organizationName: "Acme <Labs>", organizationSlug: "acme", inviterEmail: "olive@example.com" });

    t.clock.advance(1000);
    const accepted = await invitee.browser.post("/organization/accept-invitation", { invitationId: invitation.id });
    expect(accepted.status).toBe(200);
    const body = await readJSON<{ invitation: WireInvitation; member: WireMember }>(accepted);
    expect(body.invitation.status).toBe("accepted");
    expect(body.member).toMatchObject({ organizationId: org.id, userId: invitee.userId, role: "admin" });
    const session = await readJSON<WireSessionResult>(await invitee.browser.get("/get-session"));
    expect(session.session.activeOrganizationId).toBe(org.id);

    const full = await readJSON<WireFullOrganization>(await owner.browser.get("/organization/get-full-organization"));
    expect(full.members.map((m) => [m.user.email, m.role])).toEqual([
      ["olive@example.com", "owner"],
      ["new.person@example.com", "admin"],
    ]);
    expect(full.invitations.map((i) => [i.email, i.status])).toEqual([["new.person@example.com", "accepted"]]);
    expect(await readJSON(await invitee.browser.get("/organization/list-user-invitations"))).toEqual([]);

    const again = await invite("new.person@example.com");
    expect(again.status).toBe(400);
    expect(await codeOf(again)).toBe("USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION");
  });

  it("accepts only for the invited email, only once", async () => {
    const invitation = await readJSON<WireInvitation>(await invite("right@example.com"));
    const wrong = await signUpPerson(t.auth, "Wrong", "wrong@example.com");
    for (const response of [
      await wrong.browser.post("/organization/accept-invitation", { invitationId: invitation.id }),
      await wrong.browser.post("/organization/reject-invitation", { invitationId: invitation.id }),
      await wrong.browser.get(`/organization/get-invitation?id=${invitation.id}`),
    ]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ code: "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION", message: "You are not the recipient of the invitation" });
    }
    const right = await signUpPerson(t.auth, "Right", "RIGHT@example.com");
    expect((await right.browser.post("/organization/accept-invitation", { invitationId: invitation.id })).status).toBe(200);
    const twice = await right.browser.post("/organization/accept-invitation", { invitationId: invitation.id });
    expect(twice.status).toBe(400);
    expect(await twice.json()).toEqual({ code: "INVITATION_NOT_FOUND", message: "Invitation not found" });
    const unknown = await right.browser.post("/organization/accept-invitation", { invitationId: "no-such-invitation" });
    expect(await codeOf(unknown)).toBe("INVITATION_NOT_FOUND");
  });

  it("expires after 48 hours: accepted at 47:59, refused at 48:00", async () => {
    const early = await readJSON<WireInvitation>(await invite("early@example.com"));
    const late = await readJSON<WireInvitation>(await invite("late@example.com"));
    const earlyPerson = await signUpPerson(t.auth, "Early", "early@example.com");
    const latePerson = await signUpPerson(t.auth, "Late", "late@example.com");
    t.clock.advance(48 * HOUR - 60_000);
    expect((await earlyPerson.browser.post("/organization/accept-invitation", { invitationId: early.id })).status).toBe(200);
    t.clock.advance(60_000);
    for (const response of [
      await latePerson.browser.post("/organization/accept-invitation", { invitationId: late.id }),
      await latePerson.browser.post("/organization/reject-invitation", { invitationId: late.id }),
      await latePerson.browser.get(`/organization/get-invitation?id=${late.id}`),
    ]) {
      expect(response.status).toBe(400);
      expect(await codeOf(response)).toBe("INVITATION_NOT_FOUND");
    }
    expect(await readJSON(await latePerson.browser.get("/organization/list-user-invitations"))).toEqual([]);
    // An expired invitation no longer blocks a new one.
    const renewed = await invite("late@example.com");
    expect(renewed.status).toBe(200);
    expect((await readJSON<WireInvitation>(renewed)).id).not.toBe(late.id);
  });

  it("refuses a second invitation unless resend, which extends it and mails again", async () => {
    const first = await readJSON<WireInvitation>(await invite("again@example.com"));
    const duplicate = await invite("again@example.com");
    expect(duplicate.status).toBe(400);
    expect(await duplicate.json()).toEqual({ code: "USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION", message: "User is already invited to this organization" });
    t.clock.advance(10 * HOUR);
    const resent = await readJSON<WireInvitation>(await invite("again@example.com", { resend: true }));
    expect(resent.id).toBe(first.id);
    expect(Date.parse(resent.expiresAt) - t.clock.now().getTime()).toBe(48 * HOUR);
    expect(mailer.messages.map((m) => m.to)).toEqual(["again@example.com", "again@example.com"]);
    expect(mailer.messages[1]!.text).toContain(first.id);
  });

  it("rejects and cancels: neither can be accepted afterwards", async () => {
    const toReject = await readJSON<WireInvitation>(await invite("nope@example.com"));
    const toCancel = await readJSON<WireInvitation>(await invite("gone@example.com"));
    const nope = await signUpPerson(t.auth, "Nope", "nope@example.com");
    const gone = await signUpPerson(t.auth, "Gone", "gone@example.com");
    const rejected = await nope.browser.post("/organization/reject-invitation", { invitationId: toReject.id });
    expect(rejected.status).toBe(200);
    expect(await rejected.json()).toMatchObject({ invitation: { id: toReject.id, status: "rejected" }, member: null });
    const canceled = await owner.browser.post("/organization/cancel-invitation", { invitationId: toCancel.id });
    expect(canceled.status).toBe(200);
    expect(await canceled.json()).toMatchObject({ id: toCancel.id, status: "canceled" });
    expect(await codeOf(await nope.browser.post("/organization/accept-invitation", { invitationId: toReject.id }))).toBe("INVITATION_NOT_FOUND");
    expect(await codeOf(await gone.browser.post("/organization/accept-invitation", { invitationId: toCancel.id }))).toBe("INVITATION_NOT_FOUND");
    expect(await codeOf(await owner.browser.post("/organization/cancel-invitation", { invitationId: toCancel.id }))).toBe("INVITATION_NOT_FOUND");
    const listed = await readJSON<WireInvitation[]>(await owner.browser.get("/organization/list-invitations"));
    expect(listed.find((i) => i.id === toReject.id)?.status).toBe("rejected");
    expect(listed.find((i) => i.id === toCancel.id)?.status).toBe("canceled");
  });

  it("invites into a team: accepting joins the team too", async () => {
    const team = await readJSON<{ id: string }>(await owner.browser.post("/organization/create-team", { name: "Blue" }));
    const invitation = await readJSON<WireInvitation>(await invite("teamed@example.com", { teamId: team.id }));
    expect(invitation.teamId).toBe(team.id);
    const person = await signUpPerson(t.auth, "Teamed", "teamed@example.com");
    expect((await person.browser.post("/organization/accept-invitation", { invitationId: invitation.id })).status).toBe(200);
    const teams = await readJSON<Array<{ id: string }>>(await person.browser.get("/organization/list-user-teams"));
    expect(teams.map((x) => x.id)).toEqual([team.id]);
    const unknownTeam = await invite("x@example.com", { teamId: "not-a-team" });
    expect(await codeOf(unknownTeam)).toBe("TEAM_NOT_FOUND");
  });

  it("refuses a malformed email and answers get-invitation only while the inviter is a member", async () => {
    const bad = await invite("not-an-email");
    expect(bad.status).toBe(400);
    expect(await codeOf(bad)).toBe("INVALID_EMAIL");
    const helper = await signUpPerson(t.auth, "Helper", "helper@example.com");
    const helperInvite = await readJSON<WireInvitation>(await invite("helper@example.com", { role: "admin" }));
    await helper.browser.post("/organization/accept-invitation", { invitationId: helperInvite.id });
    const sent = await readJSON<WireInvitation>(await helper.browser.post("/organization/invite-member", { email: "friend@example.com", role: "member" }));
    await helper.browser.post("/organization/leave", { organizationId: org.id });
    const friend = await signUpPerson(t.auth, "Friend", "friend@example.com");
    const detail = await friend.browser.get(`/organization/get-invitation?id=${sent.id}`);
    expect(detail.status).toBe(400);
    expect(await codeOf(detail)).toBe("INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION");
  });
});

describe.each(testDialects())("invitation mail failures and verified-email acceptance on %s", (dialect) => {
  let t: TestAuth;
  let failing: boolean;
  beforeAll(async () => {
    failing = true;
    const mailer: Mailer = {
      send: async (): Promise<void> => {
        if (failing) throw new Error("smtp down");
      },
    };
    t = await createTestAuth({
      dialect,
      options: {
        rateLimit: { enabled: false },
        mailer,
        organization: { requireEmailVerificationOnInvitation: true, invitationURL: "https://app.example.com/join?invitation={id}" },
      },
    });
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("keeps no invitation nobody was told about, and asks for a verified email to accept", async () => {
    const owner = await signUpPerson(t.auth, "Owner", "owner@example.com");
    const org = await readJSON<WireOrganization>(await owner.browser.post("/organization/create", { name: "Acme", slug: "acme" }));
    const failed = await owner.browser.post("/organization/invite-member", { email: "guest@example.com", role: "member" });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ code: "FAILED_TO_SEND_INVITATION_EMAIL", message: "Failed to send invitation email" });
    expect(await readJSON(await owner.browser.get(`/organization/list-invitations?organizationId=${org.id}`))).toEqual([]);

    failing = false;
    const invitation = await readJSON<WireInvitation>(await owner.browser.post("/organization/invite-member", { email: "guest@example.com", role: "member" }));
    const guest = await signUpPerson(t.auth, "Guest", "guest@example.com");
    const unverified = await guest.browser.post("/organization/accept-invitation", { invitationId: invitation.id });
    expect(unverified.status).toBe(403);
    expect(await codeOf(unverified)).toBe("EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_INVITATION");
    await t.auth.context.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", guest.userId).execute();
    expect((await guest.browser.post("/organization/accept-invitation", { invitationId: invitation.id })).status).toBe(200);
  });
});

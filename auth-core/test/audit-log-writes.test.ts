import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, testDialects, type TestAuth, readJSON, signUpPerson, type TestPerson } from "../testing/index.js";
import type { MailMessage, Mailer } from "../src/email/mailer.js";
import type { WireInvitation, WireOrganization, WireTeam } from "../src/shared/wire-types.js";

interface NewRow {
  type: string;
  outcome: string;
  userId: string | null;
  organizationId: string | null;
  method: string | null;
}

interface SwitchableMailer extends Mailer {
  failing: boolean;
}

function createSwitchableMailer(): SwitchableMailer {
  const mailer: SwitchableMailer = {
    failing: false,
    send: async (_message: MailMessage): Promise<void> => {
      if (mailer.failing) throw new Error("mail transport refused");
    },
  };
  return mailer;
}

/**
 * Every change to an account or an organization writes exactly one row, in the
 * change's own transaction; a change that fails writes none. Each step below is one call and
 * the rows it added.
 */
describe.each(testDialects())("one audit row per change on %s", (dialect) => {
  let t: TestAuth;
  let mailer: SwitchableMailer;
  let olive: TestPerson;
  let org: WireOrganization;
  beforeAll(async () => {
    mailer = createSwitchableMailer();
    t = await createTestAuth({
      dialect,
      // Three seats, more on the "team" plan: the shape of the server's plans (server/test/plans.test.ts).
      options: {
        rateLimit: { enabled: false },
        mailer,
        user: { deleteUser: { enabled: true } },
        organization: { seatLimit: async ({ plan }) => (plan === "team" ? 25 : 3) },
      },
    });
  });
  afterAll(async () => {
    await t.destroy();
  });

  /** Runs one call and answers the rows it added to the log. */
  async function rowsOf<T>(action: () => Promise<T>): Promise<{ result: T; rows: NewRow[] }> {
    const before = new Set((await t.database.db.selectFrom("securityEvent").select("id").execute()).map((r) => r.id));
    const result = await action();
    const rows = (
      await t.database.db.selectFrom("securityEvent").select(["id", "type", "outcome", "userId", "organizationId", "method"]).orderBy("createdAt").execute()
    )
      .filter((row) => !before.has(row.id))
      .map(({ id: _id, ...row }) => row);
    return { result, rows };
  }

  async function expectOneRow(action: () => Promise<Response>, row: Partial<NewRow>, status = 200): Promise<Response> {
    const { result, rows } = await rowsOf(action);
    expect(result.status, await result.clone().text()).toBe(status);
    expect(rows).toEqual([expect.objectContaining(row)]);
    return result;
  }

  async function expectNoRow(action: () => Promise<Response>, status: number, code: string): Promise<void> {
    const { result, rows } = await rowsOf(action);
    expect(result.status).toBe(status);
    expect(((await result.json()) as { code: string }).code).toBe(code);
    expect(rows).toEqual([]);
  }

  it("sign-up, organization create and update: one row each; a refused update none", async () => {
    const signUp = await rowsOf(() => signUpPerson(t.auth, "Olive", "olive@example.com"));
    olive = signUp.result;
    expect(signUp.rows).toEqual([{ type: "sign-up", outcome: "success", userId: olive.userId, organizationId: null, method: "password" }]);

    const created = await expectOneRow(() => olive.browser.post("/organization/create", { name: "Acme", slug: "acme" }), {
      type: "organization-created",
      userId: olive.userId,
    });
    org = await readJSON<WireOrganization>(created);
    const createdRow = await t.database.db
      .selectFrom("securityEvent")
      .select("organizationId")
      .where("type", "=", "organization-created")
      .executeTakeFirstOrThrow();
    expect(createdRow.organizationId).toBe(org.id);

    await expectOneRow(() => olive.browser.post("/organization/update", { data: { name: "Acme Labs" } }), {
      type: "organization-updated",
      organizationId: org.id,
    });
    const bo = await signUpPerson(t.auth, "Bo", "bo@example.com");
    await bo.browser.post("/organization/create", { name: "Taken", slug: "taken", keepCurrentActiveOrganization: true });
    await expectNoRow(() => olive.browser.post("/organization/update", { data: { slug: "taken" } }), 400, "ORGANIZATION_SLUG_ALREADY_TAKEN");
  });

  it("invitations, membership, roles and teams: one row each; a mail that fails leaves neither invitation nor row", async () => {
    const invited = await expectOneRow(() => olive.browser.post("/organization/invite-member", { email: "carol@example.com", role: "member" }), {
      type: "member-invited",
      organizationId: org.id,
      userId: olive.userId,
    });
    const invitation = await readJSON<WireInvitation>(invited);

    mailer.failing = true;
    await expectNoRow(
      () => olive.browser.post("/organization/invite-member", { email: "nomail@example.com", role: "member" }),
      500,
      "FAILED_TO_SEND_INVITATION_EMAIL",
    );
    mailer.failing = false;
    expect(await t.database.db.selectFrom("invitation").select("id").where("email", "=", "nomail@example.com").execute()).toEqual([]);

    const carol = await signUpPerson(t.auth, "Carol", "carol@example.com");
    const accepted = await expectOneRow(() => carol.browser.post("/organization/accept-invitation", { invitationId: invitation.id }), {
      type: "invitation-accepted",
      organizationId: org.id,
      userId: carol.userId,
    });
    const { member } = await readJSON<{ member: { id: string } }>(accepted);
    await expectOneRow(() => olive.browser.post("/organization/update-member-role", { memberId: member.id, role: "admin" }), {
      type: "member-role-changed",
      organizationId: org.id,
    });

    const team = await readJSON<WireTeam>(
      await expectOneRow(() => olive.browser.post("/organization/create-team", { name: "Core" }), { type: "team-created", organizationId: org.id }),
    );
    await expectOneRow(() => olive.browser.post("/organization/update-team", { teamId: team.id, data: { name: "Core 2" } }), {
      type: "team-updated",
      organizationId: org.id,
    });
    await expectOneRow(() => olive.browser.post("/organization/add-team-member", { teamId: team.id, userId: carol.userId }), {
      type: "team-member-added",
      organizationId: org.id,
    });
    await expectOneRow(() => olive.browser.post("/organization/remove-team-member", { teamId: team.id, userId: carol.userId }), {
      type: "team-member-removed",
      organizationId: org.id,
    });
    await expectOneRow(() => olive.browser.post("/organization/remove-team", { teamId: team.id }), { type: "team-deleted", organizationId: org.id });

    const dave = await readJSON<WireInvitation>(await olive.browser.post("/organization/invite-member", { email: "dave@example.com", role: "member" }));
    await expectOneRow(() => olive.browser.post("/organization/cancel-invitation", { invitationId: dave.id }), {
      type: "invitation-cancelled",
      organizationId: org.id,
    });
    const erinInvitation = await readJSON<WireInvitation>(
      await olive.browser.post("/organization/invite-member", { email: "erin@example.com", role: "member" }),
    );
    const erin = await signUpPerson(t.auth, "Erin", "erin@example.com");
    await expectOneRow(() => erin.browser.post("/organization/reject-invitation", { invitationId: erinInvitation.id }), {
      type: "invitation-rejected",
      organizationId: org.id,
      userId: erin.userId,
    });
  });

  it("seat limits: the third seat of a three-seat organization is the last; a refused invitation writes nothing", async () => {
    // Members: Olive and Carol. One more invitation fills the free plan's three seats.
    await expectOneRow(() => olive.browser.post("/organization/invite-member", { email: "frank@example.com", role: "member" }), { type: "member-invited" });
    const refused = await rowsOf(() => olive.browser.post("/organization/invite-member", { email: "gina@example.com", role: "member" }));
    expect(refused.result.status).toBe(403);
    expect(await refused.result.json()).toEqual({
      code: "SEAT_LIMIT_REACHED",
      message: "Your plan's seat limit is reached. Upgrade the plan to add more members.",
    });
    expect(refused.rows).toEqual([]);

    // The hook answers the stored plan: a larger one seats the next invitation.
    await t.database.db.updateTable("organization").set({ plan: "team" }).where("id", "=", org.id).execute();
    await expectOneRow(() => olive.browser.post("/organization/invite-member", { email: "gina@example.com", role: "member" }), { type: "member-invited" });
  });

  it("a deleted account's rows keep their organization; removal, leaving and deletion write one row each", async () => {
    const carol = await t.database.db.selectFrom("user").select("id").where("email", "=", "carol@example.com").executeTakeFirstOrThrow();
    const carolMember = await t.database.db.selectFrom("member").select("id").where("userId", "=", carol.id).executeTakeFirstOrThrow();
    await expectOneRow(() => olive.browser.post("/organization/remove-member", { memberIdOrEmail: carolMember.id }), {
      type: "member-removed",
      organizationId: org.id,
    });

    const hal = await signUpPerson(t.auth, "Hal", "hal@example.com");
    const halInvitation = await readJSON<WireInvitation>(await olive.browser.post("/organization/invite-member", { email: "hal@example.com", role: "member" }));
    await hal.browser.post("/organization/accept-invitation", { invitationId: halInvitation.id });
    await expectOneRow(() => hal.browser.post("/organization/leave", { organizationId: org.id }), {
      type: "member-left",
      organizationId: org.id,
      userId: hal.userId,
    });
    await expectOneRow(() => hal.browser.post("/delete-user", { password: "correct horse battery" }), {
      type: "account-deleted",
      userId: null,
      method: "password",
    });
    const halRows = await t.database.db
      .selectFrom("securityEvent")
      .select(["type", "userId", "organizationId"])
      .where("type", "in", ["invitation-accepted", "member-left"])
      .where("userId", "is", null)
      .execute();
    expect(halRows).toEqual(
      expect.arrayContaining([
        { type: "invitation-accepted", userId: null, organizationId: org.id },
        { type: "member-left", userId: null, organizationId: org.id },
      ]),
    );

    await expectOneRow(() => olive.browser.post("/change-password", { currentPassword: "correct horse battery", newPassword: "another good password 2" }), {
      type: "password-changed",
      method: "password",
    });
    await expectOneRow(() => olive.browser.post("/organization/delete", { organizationId: org.id }), { type: "organization-deleted", organizationId: org.id });
    await expectOneRow(() => olive.browser.post("/revoke-other-sessions"), { type: "session-revoked", userId: olive.userId });
    await expectOneRow(() => olive.browser.post("/sign-out"), { type: "sign-out", userId: olive.userId });
    await expectNoRow(() => olive.browser.post("/sign-out"), 400, "FAILED_TO_GET_SESSION"); // nothing to sign out of
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { createRecordingMailer, readJSON, signUpPerson, createTestAuth, testDialects, type TestAuth } from "../testing/index.js";

/**
 * With requireEmailVerificationOnInvitation, someone who merely registered the invited address
 * (unverified) may not accept the invitation; nor may they reject it (the invited person would
 * lose it) or read its details. The owner of the address, once verified, still can.
 */
describe.each(testDialects())("invitations to an unverified registrant on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => t.destroy());

  it("answers 403 to reject and get-invitation as to accept, and leaves the invitation pending", async () => {
    t = await createTestAuth({
      dialect,
      options: { rateLimit: { enabled: false }, mailer: createRecordingMailer(), organization: { requireEmailVerificationOnInvitation: true } },
    });
    const owner = await signUpPerson(t.auth, "Owner", "owner@example.com");
    await owner.browser.post("/organization/create", { name: "Acme", slug: "acme" });
    const invitation = await readJSON<{ id: string }>(await owner.browser.post("/organization/invite-member", { email: "guest@example.com", role: "member" }));
    const squatter = await signUpPerson(t.auth, "Squatter", "guest@example.com");

    const rejected = await squatter.browser.post("/organization/reject-invitation", { invitationId: invitation.id });
    const viewed = await squatter.browser.get(`/organization/get-invitation?id=${invitation.id}`);
    for (const response of [rejected, viewed]) {
      expect(response.status).toBe(403);
      expect((await readJSON<{ code: string }>(response)).code).toBe("EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_INVITATION");
    }
    const row = await t.database.db.selectFrom("invitation").select("status").where("id", "=", invitation.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");

    await t.database.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", squatter.userId).execute();
    expect((await squatter.browser.get(`/organization/get-invitation?id=${invitation.id}`)).status).toBe(200);
    expect((await squatter.browser.post("/organization/reject-invitation", { invitationId: invitation.id })).status).toBe(200);
  });
});

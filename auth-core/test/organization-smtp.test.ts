/**
 * The organization flow end to end: an owner creates an organization, invites a person by email
 * (the mail travels over a real SMTP server), that person follows the link, accepts and appears
 * as a member.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJSON, signUpPerson, createTestAuth, findLink, startTestSMTPServer, testDialects, type TestAuth, type TestSMTPServer } from "../testing/index.js";
import type { WireFullOrganization, WireInvitation, WireOrganization } from "../src/shared/wire-types.js";

describe.each(testDialects())("an invitation delivered over SMTP on %s", (dialect) => {
  let smtp: TestSMTPServer;
  let t: TestAuth;
  beforeAll(async () => {
    smtp = await startTestSMTPServer();
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false }, mailer: smtp.mailer } });
  });
  afterAll(async () => {
    await t.destroy();
    await smtp.close();
  });

  it("owner invites, the invitee follows the mailed link and becomes a member", async () => {
    const owner = await signUpPerson(t.auth, "Olive", "olive@example.com");
    const org = await readJSON<WireOrganization>(await owner.browser.post("/organization/create", { name: "Acme", slug: "acme" }));
    const invited = await owner.browser.post("/organization/invite-member", { email: "bo@example.com", role: "admin" });
    expect(invited.status).toBe(200);
    const invitation = await readJSON<WireInvitation>(invited);

    const mail = await smtp.waitForMail("bo@example.com");
    expect(mail.subject).toBe("Olive invited you to join Acme");
    const link = findLink(mail, "/accept-invitation/");
    expect(link.origin).toBe("http://localhost:3000");
    const invitationId = decodeURIComponent(link.pathname.split("/").pop()!);
    expect(invitationId).toBe(invitation.id);

    const bo = await signUpPerson(t.auth, "Bo", "bo@example.com");
    const accepted = await bo.browser.post("/organization/accept-invitation", { invitationId });
    expect(accepted.status).toBe(200);
    const full = await readJSON<WireFullOrganization>(await owner.browser.get(`/organization/get-full-organization?organizationId=${org.id}`));
    expect(full.members.map((m) => [m.user.email, m.role]).sort()).toEqual([
      ["bo@example.com", "admin"],
      ["olive@example.com", "owner"],
    ]);
  });
});

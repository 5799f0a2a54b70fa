import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, createTestBrowser, testDialects, type TestAuth } from "../testing/index.js";
import { createRecordingMailer, readJSON, signUpPerson, type RecordingMailer, type TestPerson } from "../testing/organization.js";
import type { WireSessionResult } from "../src/shared/wire-types.js";

/** An invitee without an account gets one through a one-time link mailed to the invited address. */
describe.each(testDialects())("accounts for invited addresses on %s", (dialect) => {
  let t: TestAuth;
  let mailer: RecordingMailer;
  let owner: TestPerson;
  let invitationId: string;
  beforeAll(async () => {
    mailer = createRecordingMailer();
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false }, mailer } });
    owner = await signUpPerson(t.auth, "Olive Owner", "olive@example.com");
    expect((await owner.browser.post("/organization/create", { name: "Langley", slug: "langley" })).status).toBe(200);
    // More seats than the free plan's three.
    await t.database.db.updateTable("organization").set({ plan: "business" }).execute();
    invitationId = (
      await readJSON<{ id: string }>(await owner.browser.post("/organization/invite-member", { email: "new.person@example.com", role: "member" }))
    ).id;
  });
  afterAll(async () => {
    await t.destroy();
  });

  const linkIn = (text: string): string => /https?:\/\/\S+invitation-sign-up\/callback\?token=\w+/.exec(text)?.[0] ?? "";

  it("shows a signed-out visitor the organization, inviter, role, address and expiry", async () => {
    const visitor = createTestBrowser(t.auth);
    const preview = await readJSON<Record<string, string>>(await visitor.get(`/organization/invitation-preview?id=${invitationId}`));
    expect(preview).toMatchObject({
      id: invitationId,
      email: "new.person@example.com",
      role: "member",
      organizationName: "Langley",
      inviterName: "Olive Owner",
    });
    expect(preview.expiresAt).toEqual(expect.any(String));
    const unknown = await visitor.get("/organization/invitation-preview?id=nope");
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: "INVITATION_NOT_FOUND" });
  });

  it("mails a one-time link to the invited address only, hashed at rest, which creates a verified account and signs it in once", async () => {
    const visitor = createTestBrowser(t.auth);
    mailer.messages.length = 0;
    expect(await readJSON(await visitor.post("/organization/invitation-sign-up", { invitationId }))).toEqual({ status: true });
    expect(mailer.messages.map((m) => m.to)).toEqual(["new.person@example.com"]);
    const link = linkIn(mailer.messages[0]!.text);
    const token = new URL(link).searchParams.get("token")!;
    // Only a hash of the token is stored.
    const rows = await t.database.db.selectFrom("verification").select(["identifier", "value"]).execute();
    expect(rows.some((r) => r.identifier.includes(token) || r.value.includes(token))).toBe(false);
    expect(rows.some((r) => r.identifier.startsWith("invitation-sign-up:") && r.value === invitationId)).toBe(true);

    const invitee = createTestBrowser(t.auth);
    const landed = await invitee.get(new URL(link).pathname.replace(/^\/api\/auth/, "") + new URL(link).search);
    expect(landed.status).toBe(302);
    expect(landed.headers.get("location")).toBe(`http://localhost:3000/accept-invitation/${invitationId}?notice=invited-account`);
    const session = await readJSON<WireSessionResult>(await invitee.get("/get-session"));
    expect(session.user).toMatchObject({ email: "new.person@example.com", emailVerified: true });
    // The verified address may accept.
    expect((await invitee.post("/organization/accept-invitation", { invitationId })).status).toBe(200);

    // The link worked once.
    const again = await createTestBrowser(t.auth).get(new URL(link).pathname.replace(/^\/api\/auth/, "") + new URL(link).search);
    expect(again.headers.get("location")).toBe("/login?error=invalid_token");
  });

  it("creates nothing without a pending invitation, and tells an address with an account to sign in", async () => {
    const visitor = createTestBrowser(t.auth);
    // The invitation was accepted: no more links for it.
    const used = await visitor.post("/organization/invitation-sign-up", { invitationId });
    expect(used.status).toBe(400);
    expect(await used.json()).toMatchObject({ code: "INVITATION_NOT_FOUND" });
    // A made-up token signs nobody in.
    const forged = await visitor.get("/organization/invitation-sign-up/callback?token=abcdefabcdefabcdefabcdefabcdefab");
    expect(forged.headers.get("location")).toBe("/login?error=invalid_token");
    expect(visitor.cookies.size).toBe(0);

    const second = await readJSON<{ id: string }>(await owner.browser.post("/organization/invite-member", { email: "olive2@example.com", role: "member" }));
    await signUpPerson(t.auth, "Olive Two", "olive2@example.com");
    mailer.messages.length = 0;
    expect((await visitor.post("/organization/invitation-sign-up", { invitationId: second.id })).status).toBe(200);
    expect(mailer.messages).toHaveLength(1);
    expect(mailer.messages[0]!.subject).toMatch(/already have/);
    expect(linkIn(mailer.messages[0]!.text)).toBe("");
  });

  it("refuses a link that expired (30 minutes)", async () => {
    const third = await readJSON<{ id: string }>(await owner.browser.post("/organization/invite-member", { email: "late@example.com", role: "member" }));
    mailer.messages.length = 0;
    await createTestBrowser(t.auth).post("/organization/invitation-sign-up", { invitationId: third.id });
    const link = new URL(linkIn(mailer.messages[0]!.text));
    t.clock.advance(31 * 60 * 1000);
    const late = await createTestBrowser(t.auth).get(link.pathname.replace(/^\/api\/auth/, "") + link.search);
    expect(late.headers.get("location")).toBe("/login?error=invalid_token");
    expect(await t.database.db.selectFrom("user").select("id").where("email", "=", "late@example.com").execute()).toEqual([]);
  });
});

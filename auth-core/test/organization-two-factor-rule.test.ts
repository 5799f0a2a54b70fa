import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createTestAuth,
  createTestBrowser,
  seedOrganization,
  signUpPerson,
  testDialects,
  totpCodeFor,
  type TestAuth,
  type TestBrowser,
  type TestPerson,
} from "../testing/index.js";

const PASSWORD = "correct horse battery";
const REFUSAL = {
  code: "TWO_FACTOR_REQUIRED_BY_ORGANIZATION",
  message: "This organization requires two-factor authentication: turn it on in your account settings to continue",
};

/**
 * An organization whose owner requires two-factor: the server itself refuses a member who has a
 * password and no two-factor, on every endpoint that acts inside the organization and in the
 * services the tRPC procedures call; the way to turn two-factor on and the way out stay open.
 */
describe.each(testDialects())("an organization's two-factor rule, enforced by the server, on %s", (dialect) => {
  let t: TestAuth;
  let owner: TestPerson;
  let mia: TestPerson; // an admin of the organization: a password, no two-factor
  let gus: TestPerson; // a member without a password (Google or passkey)
  let organizationId: string;
  let teamId: string;

  async function turnOnTwoFactor(browser: TestBrowser): Promise<void> {
    const enabled = await browser.post("/two-factor/enable", { password: PASSWORD });
    expect(enabled.status).toBe(200);
    const { totpURI } = (await enabled.json()) as { totpURI: string };
    expect((await browser.post("/two-factor/verify-totp", { code: totpCodeFor(totpURI, t.clock.now()) })).status).toBe(200);
    t.clock.advance(30_000);
  }

  beforeEach(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false }, twoFactor: { enabled: true } } });
    owner = await signUpPerson(t.auth, "Olive", "olive@example.com");
    mia = await signUpPerson(t.auth, "Mia", "mia@example.com");
    gus = await signUpPerson(t.auth, "Gus", "gus@example.com");
    await t.database.db.updateTable("account").set({ password: null }).where("userId", "=", gus.userId).execute();
    ({ organizationId, teamId } = await seedOrganization(t.auth, { [owner.userId]: "owner", [mia.userId]: "admin", [gus.userId]: "member" }));
    await turnOnTwoFactor(owner.browser);
    for (const person of [owner, mia, gus]) expect((await person.browser.post("/organization/set-active", { organizationId })).status).toBe(200);
    const rule = await owner.browser.post("/organization/update", { organizationId, data: { requireTwoFactor: true } });
    expect(rule.status).toBe(200);
  });
  afterEach(async () => {
    await t.auth.settled();
    await t.destroy();
  });

  it("refuses a member with a password and no two-factor on the organization's endpoints, changing nothing", async () => {
    const gusMember = await t.database.db.selectFrom("member").select("id").where("userId", "=", gus.userId).executeTakeFirstOrThrow();
    const calls: Array<[string, () => Promise<Response>]> = [
      ["get-full-organization", () => mia.browser.get("/organization/get-full-organization")],
      ["list-members", () => mia.browser.get("/organization/list-members")],
      ["list-invitations", () => mia.browser.get("/organization/list-invitations")],
      ["list-teams", () => mia.browser.get("/organization/list-teams")],
      ["list-team-members", () => mia.browser.get(`/organization/list-team-members?teamId=${teamId}`)],
      ["invite-member", () => mia.browser.post("/organization/invite-member", { email: "new@example.com", role: "member" })],
      ["update-member-role", () => mia.browser.post("/organization/update-member-role", { memberId: gusMember.id, role: "admin" })],
      ["remove-member", () => mia.browser.post("/organization/remove-member", { memberIdOrEmail: "gus@example.com" })],
      ["create-team", () => mia.browser.post("/organization/create-team", { name: "Ops" })],
      ["update", () => mia.browser.post("/organization/update", { organizationId, data: { name: "Taken" } })],
      ["has-permission", () => mia.browser.post("/organization/has-permission", { permissions: { member: ["create"] } })],
      ["api-key/create (organization key)", () => mia.browser.post("/api-key/create", { name: "bot", organizationId })],
    ];
    for (const [name, call] of calls) {
      const answer = await call();
      expect(answer.status, name).toBe(403);
      expect(await answer.json(), name).toEqual(REFUSAL);
    }
    const organization = await t.database.db.selectFrom("organization").select("name").where("id", "=", organizationId).executeTakeFirstOrThrow();
    expect(organization.name).not.toBe("Taken");
    expect(await t.database.db.selectFrom("invitation").select("id").execute()).toEqual([]);
    expect(await t.database.db.selectFrom("apikey").select("id").execute()).toEqual([]);
    const gusRole = await t.database.db.selectFrom("member").select("role").where("userId", "=", gus.userId).executeTakeFirstOrThrow();
    expect(gusRole.role).toBe("member");
  });

  it("answers the server's own doors the same rule (auth.meetsOrganizationTwoFactorRule, which the tRPC services ask)", async () => {
    // server/test/organization-two-factor-trpc.test.ts: the plan and the organization's audit log refuse her through it.
    expect(await t.auth.meetsOrganizationTwoFactorRule(organizationId, mia.userId)).toBe(false);
    expect(await t.auth.meetsOrganizationTwoFactorRule(organizationId, owner.userId)).toBe(true);
    expect(await t.auth.meetsOrganizationTwoFactorRule(organizationId, gus.userId)).toBe(true);
  });

  it("leaves her a way in: her organizations, her membership, switching, two-factor; and once it is on, everything", async () => {
    const listed = await mia.browser.get("/organization/list");
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([expect.objectContaining({ id: organizationId, requireTwoFactor: true })]);
    expect((await mia.browser.get("/organization/get-active-member")).status).toBe(200);
    expect((await mia.browser.post("/organization/set-active", { organizationId })).status).toBe(200);
    await turnOnTwoFactor(mia.browser);
    const full = await mia.browser.get("/organization/get-full-organization");
    expect(full.status).toBe(200);
    expect(await full.json()).toMatchObject({ id: organizationId, requireTwoFactor: true });
    expect((await mia.browser.post("/organization/create-team", { name: "Ops" })).status).toBe(200);
  });

  it("leaves her a way out: she may leave the organization", async () => {
    const left = await mia.browser.post("/organization/leave", { organizationId });
    expect(left.status).toBe(200);
    expect(await t.database.db.selectFrom("member").select("id").where("userId", "=", mia.userId).execute()).toEqual([]);
  });

  it("does not ask a member who has no password, nor anyone once the owner turns the rule off", async () => {
    expect((await gus.browser.get("/organization/get-full-organization")).status).toBe(200);
    expect((await gus.browser.get("/organization/list-members")).status).toBe(200);
    expect((await owner.browser.post("/organization/update", { organizationId, data: { requireTwoFactor: false } })).status).toBe(200);
    expect((await mia.browser.get("/organization/get-full-organization")).status).toBe(200);
  });

  it("holds for her personal API key too, and not in an organization without the rule", async () => {
    const other = await seedOrganization(t.auth, { [mia.userId]: "owner" });
    const created = await mia.browser.post("/api-key/create", { name: "mine" });
    expect(created.status).toBe(200);
    const { key } = (await created.json()) as { key: string };
    const withKey = createTestBrowser(t.auth);
    const refused = await withKey.get(`/organization/list-members?organizationId=${organizationId}`, { "x-api-key": key });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(REFUSAL);
    expect((await withKey.get(`/organization/list-members?organizationId=${other.organizationId}`, { "x-api-key": key })).status).toBe(200);
  });
});

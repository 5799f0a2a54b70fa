import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MailMessage } from "../src/email/mailer.js";
import type { WireApiKeyVerification, WireCreatedApiKey } from "../src/shared/wire-types.js";
import {
  createTestAuth,
  createTestBrowser,
  readJSON,
  seedOrganization,
  settledMailedLink,
  signUpPerson,
  testDialects,
  type TestAuth,
  type TestPerson,
} from "../testing/index.js";
import { insertMember } from "../src/store/member-store.js";
import { signUpAdmin } from "./admin-support.js";

/**
 * The third account-safety round (issue 44), its low findings on keys and passwords:
 * (a) a password equal to the person's own address was accepted;
 * (b) an organization's key outlived its creator's membership and ignored the two-factor rule;
 * (d) an unknown key answered 403 or 401 by its length.
 */
const COMPROMISED = { code: "PASSWORD_COMPROMISED", message: "The password you entered has been compromised. Please choose a different password." };
const INVALID_KEY = { code: "INVALID_API_KEY", message: "Invalid API key." };
const TWO_FACTOR_REQUIRED = {
  code: "TWO_FACTOR_REQUIRED_BY_ORGANIZATION",
  message: "This organization requires two-factor authentication: turn it on in your account settings to continue",
};

async function answerOf(response: Response): Promise<{ status: number; body: unknown }> {
  return { status: response.status, body: await response.json() };
}

describe.each(testDialects())("keys and passwords on %s", (dialect) => {
  let t: TestAuth;
  const mails: MailMessage[] = [];
  beforeEach(async () => {
    mails.length = 0;
    t = await createTestAuth({
      dialect,
      options: { rateLimit: { enabled: false }, mailer: { send: async (message) => void mails.push(message) } },
    });
  });
  afterEach(async () => {
    await t.auth.settled();
    await t.destroy();
  });

  describe("a password that is the person's own address", () => {
    it.each([
      ["the address", "ada.byron@example.org"],
      ["the address in upper case", "ADA.BYRON@EXAMPLE.ORG"],
      ["the address as it was typed", "Ada.Byron@Example.org"],
      ["the address with digits and symbols after it", "ada.byron@example.org2026!"],
      ["the address in leetspeak", "4da.byr0n@example.0rg"],
      ["the address with separators for its @", "ada byron example org"],
      ["the address with dashes for every separator", "Ada-Byron-Example-Org"],
    ])("is refused at sign-up: %s (%j)", async (_, password) => {
      const answer = await createTestBrowser(t.auth).post("/sign-up/email", { name: "Ada", email: "Ada.Byron@Example.org", password });
      expect(await answerOf(answer)).toEqual({ status: 400, body: COMPROMISED });
      expect(await t.database.db.selectFrom("user").select("id").execute()).toEqual([]);
    });

    it("is refused at change, reset, set-password, and an admin's create-user and set-user-password", async () => {
      const owner = await signUpPerson(t.auth, "Olive", "owner.person@example.com");
      const own = "Owner.Person@Example.com";
      expect(await answerOf(await owner.browser.post("/change-password", { currentPassword: "correct horse battery", newPassword: own }))).toEqual({
        status: 400,
        body: COMPROMISED,
      });

      await createTestBrowser(t.auth).post("/request-password-reset", { email: owner.email, redirectTo: "/reset" });
      const token = (await settledMailedLink(t.auth, mails, "/reset-password/")).pathname.split("/").at(-1)!;
      expect(await answerOf(await createTestBrowser(t.auth).post("/reset-password", { token, newPassword: own.toUpperCase() }))).toEqual({
        status: 400,
        body: COMPROMISED,
      });

      const admin = await signUpAdmin(t, "Root", "root@example.com");
      expect(await answerOf(await admin.browser.post("/admin/set-user-password", { userId: owner.userId, newPassword: own }))).toEqual({
        status: 400,
        body: COMPROMISED,
      });
      const created = await admin.browser.post("/admin/create-user", { email: "cy.new@example.com", name: "Cy", password: "CY.NEW@EXAMPLE.COM" });
      expect(await answerOf(created)).toEqual({ status: 400, body: COMPROMISED });

      await t.database.db.updateTable("account").set({ password: null }).where("userId", "=", owner.userId).execute();
      const setPassword = (newPassword: string) =>
        t.auth.api.setPassword({ body: { newPassword }, headers: new Headers({ cookie: owner.browser.cookieHeader() }) });
      await expect(setPassword(own.toLowerCase())).rejects.toMatchObject({ status: 400, code: "PASSWORD_COMPROMISED" });

      // The admin's refused create-user made nobody.
      expect(await t.database.db.selectFrom("user").select("id").where("email", "=", "cy.new@example.com").execute()).toEqual([]);
      // A password that only shares the address's domain is the person's own choice.
      expect(await setPassword("example lantern mosaic")).toEqual({ status: true });
    });
  });

  describe("an organization's key and its creator", () => {
    let ada: TestPerson; // owner
    let carol: TestPerson; // admin, creates the key
    let organizationId: string;
    let orgKey: WireCreatedApiKey;

    beforeEach(async () => {
      ada = await signUpPerson(t.auth, "Ada", "ada@example.com");
      carol = await signUpPerson(t.auth, "Carol", "carol@example.com");
      ({ organizationId } = await seedOrganization(t.auth, { [ada.userId]: "owner", [carol.userId]: "admin" }));
      const created = await carol.browser.post("/api-key/create", { name: "provisioning", organizationId, permissions: { member: ["create"] } });
      expect(created.status, await created.clone().text()).toBe(200);
      orgKey = await readJSON<WireCreatedApiKey>(created);
    });

    let invites = 0;
    const invite = (): Promise<Response> =>
      createTestBrowser(t.auth).post(
        "/organization/invite-member",
        { email: `new${++invites}@example.com`, role: "member", organizationId },
        {
          "x-api-key": orgKey.key,
        },
      );
    const verify = async (): Promise<WireApiKeyVerification> =>
      readJSON<WireApiKeyVerification>(await createTestBrowser(t.auth).post("/api-key/verify", { key: orgKey.key }));
    const keyRowLeft = async (): Promise<boolean> =>
      (await t.database.db.selectFrom("apikey").select("id").where("id", "=", orgKey.id).executeTakeFirst()) !== undefined;

    it("stops when its creator is removed, as an invalid key, and stays stopped when they are added again", async () => {
      expect((await invite()).status).toBe(200);
      expect((await ada.browser.post("/organization/remove-member", { memberIdOrEmail: carol.email, organizationId })).status).toBe(200);

      expect(await answerOf(await invite())).toEqual({ status: 401, body: INVALID_KEY });
      expect(await verify()).toEqual({ valid: false, error: INVALID_KEY, key: null });
      // Decided at use time: the row stays (an owner still sees and deletes it).
      expect(await keyRowLeft()).toBe(true);

      // Added back as an admin: a new membership, which did not make the key.
      t.clock.advance(60_000);
      await insertMember(t.database.db, { id: "carol-again", organizationId, userId: carol.userId, role: "admin", createdAt: t.clock.now().toISOString() });
      expect(await answerOf(await invite())).toEqual({ status: 401, body: INVALID_KEY });
      expect((await verify()).valid).toBe(false);
    });

    it("stops when its creator leaves", async () => {
      expect((await carol.browser.post("/organization/leave", { organizationId })).status).toBe(200);
      expect(await answerOf(await invite())).toEqual({ status: 401, body: INVALID_KEY });
      expect(await verify()).toEqual({ valid: false, error: INVALID_KEY, key: null });
    });

    it("stops while its creator's role may not make keys, and acts again once it may", async () => {
      const carolMember = await t.database.db.selectFrom("member").select("id").where("userId", "=", carol.userId).executeTakeFirstOrThrow();
      const demoted = await ada.browser.post("/organization/update-member-role", { memberId: carolMember.id, role: "member", organizationId });
      expect(demoted.status, await demoted.clone().text()).toBe(200);
      expect(await answerOf(await invite())).toEqual({ status: 401, body: INVALID_KEY });
      expect(await verify()).toEqual({ valid: false, error: INVALID_KEY, key: null });

      expect((await ada.browser.post("/organization/update-member-role", { memberId: carolMember.id, role: "admin", organizationId })).status).toBe(200);
      expect((await invite()).status).toBe(200);
      expect((await verify()).valid).toBe(true);
    });

    it("obeys the organization's two-factor rule for its creator, as their own session would", async () => {
      expect((await invite()).status).toBe(200);
      await t.database.db.updateTable("organization").set({ requireTwoFactor: 1 }).where("id", "=", organizationId).execute();
      // Carol signs in with a password and has no two-factor: her own session is refused...
      expect(await answerOf(await carol.browser.get(`/organization/list-members?organizationId=${organizationId}`))).toEqual({
        status: 403,
        body: TWO_FACTOR_REQUIRED,
      });
      // ...and so is the key she made.
      expect(await answerOf(await invite())).toEqual({ status: 403, body: TWO_FACTOR_REQUIRED });
      expect(await verify()).toEqual({ valid: false, error: TWO_FACTOR_REQUIRED, key: null });
      const refused = await t.database.db.selectFrom("securityEvent").select("detail").where("type", "=", "api-key-refused").execute();
      expect(refused.map((row) => JSON.parse(row.detail ?? "{}").code)).toEqual(["TWO_FACTOR_REQUIRED_BY_ORGANIZATION", "TWO_FACTOR_REQUIRED_BY_ORGANIZATION"]);

      // With two-factor on, the key acts again.
      await t.database.db.updateTable("user").set({ twoFactorEnabled: 1 }).where("id", "=", carol.userId).execute();
      expect((await invite()).status).toBe(200);
      expect((await verify()).valid).toBe(true);
    });
  });

  describe("an unknown key", () => {
    let member: TestPerson;
    let organizationId: string;
    let known: WireCreatedApiKey;
    beforeEach(async () => {
      member = await signUpPerson(t.auth, "Ada", "ada@example.com");
      ({ organizationId } = await seedOrganization(t.auth, { [member.userId]: "owner" }));
      known = await readJSON<WireCreatedApiKey>(await member.browser.post("/api-key/create", { name: "ci" }));
    });

    const unknownKeys = (): Array<[string, string]> => [
      ["empty", ""],
      ["short", "abc"],
      ["one letter short", known.key.slice(1)],
      ["of a key's length, changed by one letter", `${known.key.slice(0, -1)}${known.key.endsWith("a") ? "b" : "a"}`],
      ["of a key's length, made up", "Z".repeat(64)],
      ["malformed", "!#$%&'*+-.^_`|~".repeat(6)],
      ["too long", `${known.key}${"x".repeat(2000)}`],
    ];

    it("answers one status and one code on every door, whatever its length or form", async () => {
      for (const [what, key] of unknownKeys()) {
        const script = createTestBrowser(t.auth);
        expect(await answerOf(await script.get("/get-session", { "x-api-key": key })), `get-session, ${what}`).toEqual({ status: 401, body: INVALID_KEY });
        expect(
          await answerOf(await script.get(`/organization/list-members?organizationId=${organizationId}`, { "x-api-key": key })),
          `list-members, ${what}`,
        ).toEqual({ status: 401, body: INVALID_KEY });
        const verified = await script.post("/api-key/verify", { key });
        expect(await answerOf(verified), `verify, ${what}`).toEqual({ status: 200, body: { valid: false, error: INVALID_KEY, key: null } });
        expect(await t.auth.api.verifyApiKey({ body: { key } }), `verifyApiKey, ${what}`).toEqual({ valid: false, error: INVALID_KEY, key: null });
        // An endpoint that refuses keys refuses them all alike, before any lookup.
        expect(await answerOf(await script.get("/list-sessions", { "x-api-key": key })), `list-sessions, ${what}`).toMatchObject({
          status: 403,
          body: { code: "API_KEY_NOT_ALLOWED" },
        });
      }
      // The real key still works.
      expect((await createTestBrowser(t.auth).get("/get-session", { "x-api-key": known.key })).status).toBe(200);
    });
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { WireSessionResult } from "../src/shared/wire-types.js";
import {
  createRecordingMailer,
  createTestAuth,
  createTestBrowser,
  settledMailedLink,
  signUpPerson,
  testDialects,
  type RecordingMailer,
  type TestAuth,
  type TestBrowser,
  type TestOpenIDProvider,
  type TestPerson,
} from "../testing/index.js";
import { sessionCount, userRow } from "./admin-support.js";
import { createSocialAuth, person, runFlow, startSocialProvider } from "./social-harness.js";

const LISTED = "boss@example.com";
const SQUATTER_PASSWORD = "mallory owns this one";

async function roleOf(browser: TestBrowser): Promise<string | null> {
  return ((await (await browser.get("/get-session")).json()) as WireSessionResult | null)?.user.role ?? null;
}

/**
 * ADMIN_EMAILS gives the admin role only to a step that proves the mailbox and the credential are in
 * the same hands: verify-email opened by a browser signed in as that person, a completed password
 * reset when the password is the account's only way in, or a provider sign-in that vouches for the
 * address (below, with a real OpenID provider). Verifying an address proves the mailbox, not
 * who chose the password: whoever registered a listed address first must not become the admin when
 * the mailbox's owner opens the link their sign-up mailed.
 */
describe.each(testDialects())("ADMIN_EMAILS admission on %s", (dialect) => {
  let t: TestAuth;
  let mailer: RecordingMailer;
  afterEach(async () => {
    await t.destroy();
  });

  async function setup(emailVerification: Record<string, unknown> = {}): Promise<void> {
    mailer = createRecordingMailer();
    t = await createTestAuth({
      dialect,
      options: { rateLimit: { enabled: false }, mailer, emailVerification: { sendOnSignUp: true, ...emailVerification }, admin: { adminEmails: [LISTED] } },
    });
  }

  /** Mal registers the listed address with Mal's password, keeps the session and makes an API key with it. */
  async function squat(): Promise<TestBrowser> {
    const mal = createTestBrowser(t.auth);
    expect((await mal.post("/sign-up/email", { name: "Boss", email: LISTED, password: SQUATTER_PASSWORD })).status).toBe(200);
    expect((await mal.post("/api-key/create", { name: "mal's script" })).status).toBe(200);
    expect(await roleOf(mal)).toBe("user");
    return mal;
  }

  async function open(browser: TestBrowser, link: URL): Promise<Response> {
    return browser.get(`${link.pathname.replace("/api/auth", "")}${link.search}`);
  }

  async function listedUser() {
    return t.database.db.selectFrom("user").selectAll().where("email", "=", LISTED).executeTakeFirstOrThrow();
  }

  async function keyCount(userId: string): Promise<number> {
    return (await t.database.db.selectFrom("apikey").select("id").where("userId", "=", userId).execute()).length;
  }

  async function grantRows() {
    return t.database.db.selectFrom("securityEvent").select(["userId", "targetUserId", "detail"]).where("type", "=", "user-role-changed").execute();
  }

  it("the owner opens the link a squatter's sign-up mailed: the address is verified, and nobody becomes an admin", async () => {
    await setup({ autoSignInAfterVerification: true });
    const mal = await squat();
    const owner = createTestBrowser(t.auth);
    expect((await open(owner, await settledMailedLink(t.auth, mailer.messages, "/verify-email", LISTED))).status).toBeLessThan(400);
    expect(await listedUser()).toMatchObject({ emailVerified: 1, role: null });
    // The link signed the owner's browser in (autoSignInAfterVerification): a sign-in, not a grant.
    expect(await roleOf(owner)).toBe("user");
    expect(await roleOf(mal)).toBe("user");
    const again = createTestBrowser(t.auth);
    expect((await again.post("/sign-in/email", { email: LISTED, password: SQUATTER_PASSWORD })).status).toBe(200);
    expect(await roleOf(again)).toBe("user");
    expect(await listedUser()).toMatchObject({ role: null });
    expect(await grantRows()).toEqual([]);
  });

  it("the owner resets the password (library defaults): the role comes with the reset, and every earlier session and API key ends", async () => {
    await setup();
    const mal = await squat();
    const { id } = await listedUser();
    expect((await createTestBrowser(t.auth).post("/sign-in/email", { email: LISTED, password: SQUATTER_PASSWORD })).status).toBe(200);
    expect(await sessionCount(t, id)).toBe(2);

    const owner = createTestBrowser(t.auth);
    expect((await owner.post("/request-password-reset", { email: LISTED, redirectTo: "/reset" })).status).toBe(200);
    const token = (await settledMailedLink(t.auth, mailer.messages, "/reset-password/", LISTED)).pathname.split("/").pop()!;
    expect((await owner.post("/reset-password", { newPassword: "the owner's own larch", token })).status).toBe(200);

    expect(await listedUser()).toMatchObject({ emailVerified: 1, role: "admin" });
    expect(await sessionCount(t, id)).toBe(0);
    expect(await keyCount(id)).toBe(0);
    expect(await roleOf(mal)).toBeNull();
    expect(await grantRows()).toEqual([{ userId: id, targetUserId: id, detail: JSON.stringify({ role: "admin", source: "ADMIN_EMAILS" }) }]);
    expect((await owner.post("/sign-in/email", { email: LISTED, password: "the owner's own larch" })).status).toBe(200);
    expect(await roleOf(owner)).toBe("admin");
    expect((await createTestBrowser(t.auth).post("/sign-in/email", { email: LISTED, password: SQUATTER_PASSWORD })).status).toBe(401);
  });

  it("the link opened in the browser signed in as the person grants the role there and ends their other sessions and keys", async () => {
    await setup();
    const boss = await signUpPerson(t.auth, "Boss", LISTED);
    expect((await boss.browser.post("/api-key/create", { name: "boss's script" })).status).toBe(200);
    const elsewhere = createTestBrowser(t.auth);
    expect((await elsewhere.post("/sign-in/email", { email: LISTED, password: "correct horse battery" })).status).toBe(200);

    expect((await open(boss.browser, await settledMailedLink(t.auth, mailer.messages, "/verify-email", LISTED))).status).toBeLessThan(400);
    expect(await roleOf(boss.browser)).toBe("admin");
    expect(await roleOf(elsewhere)).toBeNull();
    expect(await sessionCount(t, boss.userId)).toBe(1);
    expect(await keyCount(boss.userId)).toBe(0);
    const rows = await t.database.db
      .selectFrom("securityEvent")
      .select(["type", "userId", "targetUserId", "detail"])
      .where("userId", "=", boss.userId)
      .execute();
    expect(rows.filter((row) => row.type === "email-verified" || row.type === "user-role-changed")).toEqual([
      expect.objectContaining({ type: "email-verified", userId: boss.userId }),
      { type: "user-role-changed", userId: boss.userId, targetUserId: boss.userId, detail: JSON.stringify({ role: "admin", source: "ADMIN_EMAILS" }) },
    ]);
  });

  it("the link opened with someone else's session, or with the person's API key, verifies the address without the role", async () => {
    await setup();
    const boss = await signUpPerson(t.auth, "Boss", LISTED);
    const key = ((await (await boss.browser.post("/api-key/create", { name: "script" })).json()) as { key: string }).key;
    const link = await settledMailedLink(t.auth, mailer.messages, "/verify-email", LISTED);
    // A key never stands for the person here: the request is refused and the link stays unused.
    expect((await createTestBrowser(t.auth).get(`${link.pathname.replace("/api/auth", "")}${link.search}`, { "x-api-key": key })).status).toBe(403);
    expect(await userRow(t, boss.userId)).toMatchObject({ emailVerified: 0, role: null });
    const ivy: TestPerson = await signUpPerson(t.auth, "Ivy", "ivy@example.com");
    expect((await open(ivy.browser, link)).status).toBeLessThan(400);
    expect(await userRow(t, boss.userId)).toMatchObject({ emailVerified: 1, role: null });
    expect(await roleOf(ivy.browser)).toBe("user");
    expect(await grantRows()).toEqual([]);
  });

  it("a password sign-in of a verified listed account never grants", async () => {
    await setup();
    const ops = await signUpPerson(t.auth, "Ops", LISTED);
    await t.database.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", ops.userId).execute();
    const again = createTestBrowser(t.auth);
    expect((await again.post("/sign-in/email", { email: LISTED, password: "correct horse battery" })).status).toBe(200);
    expect(await roleOf(again)).toBe("user");
    expect(await grantRows()).toEqual([]);
  });

  /** Whoever registered the address linked a provider account of theirs to it. */
  async function linkMalsGitHub(userId: string): Promise<void> {
    const now = new Date().toISOString();
    await t.database.db
      .insertInto("account")
      .values({ id: "mal-github", userId, providerId: "github", accountId: "gh-mal", createdAt: now, updatedAt: now })
      .execute();
  }

  async function ownerResets(): Promise<void> {
    const owner = createTestBrowser(t.auth);
    expect((await owner.post("/request-password-reset", { email: LISTED, redirectTo: "/reset" })).status).toBe(200);
    const token = (await settledMailedLink(t.auth, mailer.messages, "/reset-password/", LISTED)).pathname.split("/").pop()!;
    expect((await owner.post("/reset-password", { newPassword: "the owner's own larch", token })).status).toBe(200);
  }

  it("a reset grants nothing when the password is not the account's only way in (a provider linked to a proven address)", async () => {
    await setup();
    await squat();
    const { id } = await listedUser();
    // Proven before (as by its holder's own verification), then a provider linked.
    await t.database.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", id).execute();
    await linkMalsGitHub(id);
    await ownerResets();
    expect(await listedUser()).toMatchObject({ emailVerified: 1, role: null });
    expect(await grantRows()).toEqual([]);
  });

  it("the first reset of a never-proven address removes the provider linked before it; the password is then the only way in", async () => {
    await setup();
    const mal = await squat();
    const { id } = await listedUser();
    await linkMalsGitHub(id);
    await ownerResets();
    // The first proof removed what Mal added (security-squatter-eviction.test.ts), so the new password is the owner's only way in.
    expect(await t.database.db.selectFrom("account").select("providerId").where("userId", "=", id).execute()).toEqual([{ providerId: "credential" }]);
    expect(await keyCount(id)).toBe(0);
    expect(await roleOf(mal)).toBeNull();
    expect(await listedUser()).toMatchObject({ emailVerified: 1, role: "admin" });
  });
});

/** The sign-in that proves the mailbox itself: a provider vouching for the listed address, through a real OpenID provider. */
describe.each(testDialects())("ADMIN_EMAILS and provider sign-in on %s", (dialect) => {
  let idp: TestOpenIDProvider;
  let t: TestAuth;
  beforeAll(async () => {
    idp = await startSocialProvider();
  });
  afterAll(async () => {
    await idp.close();
  });
  beforeEach(async () => {
    t = await createSocialAuth(dialect, idp, { rateLimit: { enabled: false }, mailer: createRecordingMailer(), admin: { adminEmails: [LISTED] } });
  });
  afterEach(async () => {
    await t.auth.settled();
    await t.destroy();
  });

  it("a first sign-in through a provider that vouches for the listed address grants the role", async () => {
    idp.setPerson(person({ email: LISTED, emailVerified: true }));
    const browser = createTestBrowser(t.auth);
    expect((await runFlow(browser, idp)).location).toBe("/dashboard");
    expect(await roleOf(browser)).toBe("admin");
    const { id } = await t.database.db.selectFrom("user").select("id").where("email", "=", LISTED).executeTakeFirstOrThrow();
    expect(await sessionCount(t, id)).toBe(1);
  });

  it("a provider that does not vouch for the address grants nothing", async () => {
    idp.setPerson(person({ email: LISTED, emailVerified: false }));
    const browser = createTestBrowser(t.auth);
    await runFlow(browser, idp);
    expect(await roleOf(browser)).not.toBe("admin");
    expect((await t.database.db.selectFrom("user").select("role").where("email", "=", LISTED).executeTakeFirst())?.role ?? null).toBeNull();
  });

  it("a provider sign-in into an account someone registered with a password first grants nothing", async () => {
    const mal = createTestBrowser(t.auth);
    expect((await mal.post("/sign-up/email", { name: "Boss", email: LISTED, password: SQUATTER_PASSWORD })).status).toBe(200);
    // The owner proves the mailbox without a session (the address is verified, nothing more), then signs in with the provider.
    await t.database.db.updateTable("user").set({ emailVerified: 1 }).where("email", "=", LISTED).execute();
    idp.setPerson(person({ email: LISTED, emailVerified: true }));
    const owner = createTestBrowser(t.auth);
    expect((await runFlow(owner, idp)).location).toBe("/dashboard");
    expect(await roleOf(owner)).toBe("user");
    expect(await roleOf(mal)).toBe("user");
  });
});

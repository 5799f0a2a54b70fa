import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AuthOptions } from "../src/options.js";
import {
  authPath,
  createTestAuth,
  createTestBrowser,
  findLink,
  startTestSMTPServer,
  testDialects,
  type TestAuth,
  type TestBrowser,
  type TestSMTPServer,
} from "../testing/index.js";

let smtp: TestSMTPServer;
beforeAll(async () => {
  smtp = await startTestSMTPServer();
});
afterAll(async () => {
  await smtp.close();
});

interface UserState {
  email: string;
  emailVerified: number;
}

describe.each(testDialects())("change email on %s", (dialect) => {
  let t: TestAuth;
  let counter = 0;
  const address = (name: string): string => `${name}-${dialect}-${++counter}@example.com`;

  async function setup(options: Partial<Omit<AuthOptions, "database">> = {}): Promise<void> {
    t = await createTestAuth({
      dialect,
      options: { mailer: smtp.mailer, rateLimit: { enabled: false }, user: { changeEmail: { enabled: true } }, ...options },
    });
  }
  async function signedIn(email: string): Promise<TestBrowser> {
    const browser = createTestBrowser(t.auth);
    expect((await browser.post("/sign-up/email", { name: "Di", email, password: "a larch ribbon" })).status).toBe(200);
    return browser;
  }
  async function verifiedUser(email: string): Promise<TestBrowser> {
    const browser = await signedIn(email);
    await t.database.db.updateTable("user").set({ emailVerified: 1 }).where("email", "=", email).execute();
    return browser;
  }
  async function users(): Promise<UserState[]> {
    return t.database.db.selectFrom("user").select(["email", "emailVerified"]).orderBy("email").execute();
  }

  beforeEach(() => smtp.setRejecting(false));
  afterEach(async () => {
    smtp.setRejecting(false);
    // The account notices go out after the answer: none may reach the next test's count.
    await t.auth.settled();
    await t.destroy();
  });

  it("changes an unverified user's email at once, lowercased, and mails the new address", async () => {
    await setup();
    const old = address("old");
    const browser = await signedIn(old);
    const fresh = address("New");
    const answer = await browser.post("/change-email", { newEmail: fresh.toUpperCase(), callbackURL: "/settings" });
    expect(await answer.json()).toEqual({ status: true });
    expect(await users()).toEqual([{ email: fresh.toLowerCase(), emailVerified: 0 }]);

    const mail = await smtp.waitForMail(fresh.toLowerCase());
    expect(mail.subject).toBe("Verify your email address for Gatehouse");
    const followed = await browser.get(authPath(findLink(mail, "/verify-email")));
    expect(followed.headers.get("location")).toBe("/settings");
    expect(await users()).toEqual([{ email: fresh.toLowerCase(), emailVerified: 1 }]);
    // The old address is told of the change (after the answer), and gets nothing else.
    await t.auth.settled();
    expect(smtp.pendingFor(old).map((m) => m.subject)).toEqual(["The email address of your Gatehouse account was changed"]);
    const types = (await t.database.db.selectFrom("securityEvent").select("type").execute()).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["email-changed", "email-verified"]));
  });

  it("changes an unverified user's email without a verification mail when verification is off; the old address is told", async () => {
    await setup({ emailVerification: { enabled: false } });
    const old = address("quiet");
    const browser = await signedIn(old);
    await t.auth.settled();
    const before = smtp.received.length;
    const fresh = address("moved");
    expect(await (await browser.post("/change-email", { newEmail: fresh })).json()).toEqual({ status: true });
    expect(await users()).toEqual([{ email: fresh, emailVerified: 0 }]);
    await t.auth.settled();
    expect(smtp.received.slice(before).map((m) => [m.to, m.subject])).toEqual([[[old], "The email address of your Gatehouse account was changed"]]);
  });

  it("asks a verified user to confirm at the current address, then verifies the new one", async () => {
    await setup();
    const current = address("current");
    const browser = await verifiedUser(current);
    const fresh = address("next");
    expect(await (await browser.post("/change-email", { newEmail: fresh, callbackURL: "/settings" })).json()).toEqual({ status: true });
    expect(await users()).toEqual([{ email: current, emailVerified: 1 }]);

    const confirmation = await smtp.waitForMail(current);
    expect(confirmation.subject).toBe("Confirm your new email address for Gatehouse");
    expect(confirmation.text).toContain(fresh);
    const confirmLink = findLink(confirmation, "/verify-email");
    const claims = JSON.parse(Buffer.from(confirmLink.searchParams.get("token")!.split(".")[1]!, "base64url").toString()) as object;
    expect(claims).toMatchObject({ email: current, updateTo: fresh });

    const confirmed = await browser.get(authPath(confirmLink));
    expect(confirmed.headers.get("location")).toBe("/settings");
    expect(await users()).toEqual([{ email: fresh, emailVerified: 0 }]);
    const session = (await (await browser.get("/get-session")).json()) as { user: { email: string } };
    expect(session.user.email).toBe(fresh);

    const verification = await smtp.waitForMail(fresh);
    await browser.get(authPath(findLink(verification, "/verify-email")));
    expect(await users()).toEqual([{ email: fresh, emailVerified: 1 }]);

    const reused = await browser.get(authPath(confirmLink));
    expect(reused.headers.get("location")).toBe("/settings?error=invalid_token");
  });

  it("needs the same user's session to follow a confirmation link, and uses it once", async () => {
    await setup();
    const current = address("owner");
    const browser = await verifiedUser(current);
    const target = address("target");
    await browser.post("/change-email", { newEmail: target });
    const link = findLink(await smtp.waitForMail(current), "/verify-email");
    link.searchParams.delete("callbackURL");

    const anonymous = await createTestBrowser(t.auth).get(authPath(link));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ code: "UNAUTHORIZED", message: "unauthorized" });
    const stranger = await signedIn(address("stranger"));
    const foreign = await stranger.get(`${authPath(link)}&callbackURL=/x`);
    expect(foreign.headers.get("location")).toBe("/x?error=unauthorized");
    expect((await users()).map((u) => u.email)).toContain(current);

    expect((await browser.get(authPath(link))).status).toBe(200);
    await smtp.waitForMail(target);
    // Even with the old address restored, the used token's record is gone.
    await t.database.db.updateTable("user").set({ email: current }).where("email", "=", target).execute();
    expect(await (await browser.get(authPath(link))).json()).toEqual({ code: "INVALID_TOKEN", message: "invalid_token" });
  });

  it("refuses the same email, a taken email, an invalid email; says when it is disabled", async () => {
    await setup();
    const mine = address("mine");
    const taken = address("taken");
    await signedIn(taken);
    const browser = await signedIn(mine);
    const same = await browser.post("/change-email", { newEmail: mine.toUpperCase() });
    expect(same.status).toBe(400);
    expect(((await same.json()) as { message: string }).message).toBe("Email is the same");
    const clash = await browser.post("/change-email", { newEmail: taken });
    expect(clash.status).toBe(400);
    expect(((await clash.json()) as { message: string }).message).toBe("Couldn't update your email");
    const invalid = await browser.post("/change-email", { newEmail: "nope" });
    expect(await invalid.json()).toEqual({ code: "INVALID_EMAIL", message: "Invalid email" });
    expect((await createTestBrowser(t.auth).post("/change-email", { newEmail: address("z") })).status).toBe(401);
    await t.destroy();

    await setup({ user: { changeEmail: { enabled: false } } });
    const off = await (await signedIn(address("off"))).post("/change-email", { newEmail: address("elsewhere") });
    expect(off.status).toBe(400);
    expect(((await off.json()) as { message: string }).message).toBe("Change email is disabled");
  });

  it("refuses a confirmed change to an address taken in the meantime", async () => {
    await setup();
    const current = address("first");
    const browser = await verifiedUser(current);
    const fresh = address("contested");
    await browser.post("/change-email", { newEmail: fresh });
    const link = findLink(await smtp.waitForMail(current), "/verify-email");
    await signedIn(fresh);
    const answer = await browser.get(authPath(link));
    expect(answer.headers.get("location")).toBe("/?error=couldnt_update_your_email");
    expect((await users()).map((u) => u.email).sort()).toEqual([current, fresh].sort());
  });

  it("tells a verified user that verification email isn't enabled when it is off", async () => {
    await setup({ emailVerification: { enabled: false } });
    const browser = await verifiedUser(address("stuck"));
    const answer = await browser.post("/change-email", { newEmail: address("elsewhere") });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toBe("Verification email isn't enabled");
  });

  it("changes nothing when a mail cannot be sent", async () => {
    await setup();
    const unverified = address("plain");
    const browser = await signedIn(unverified);
    smtp.setRejecting(true);
    const refused = await browser.post("/change-email", { newEmail: address("lost") });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ code: "FAILED_TO_SEND_EMAIL", message: "Failed to send email. Please try again later." });
    expect(await users()).toEqual([{ email: unverified, emailVerified: 0 }]);
    expect(await t.database.db.selectFrom("verification").selectAll().execute()).toEqual([]);

    smtp.setRejecting(false);
    await t.database.db.updateTable("user").set({ emailVerified: 1 }).execute();
    const fresh = address("later");
    await browser.post("/change-email", { newEmail: fresh });
    const link = findLink(await smtp.waitForMail(unverified), "/verify-email");
    smtp.setRejecting(true);
    const confirm = await browser.get(authPath(link));
    expect(confirm.headers.get("location")).toBe("/?error=failed_to_send_email");
    expect(await users()).toEqual([{ email: unverified, emailVerified: 1 }]);
    smtp.setRejecting(false);
    // The confirmation token was not used up: it works once the mail goes through.
    expect((await browser.get(authPath(link))).headers.get("location")).toBe("/");
    expect(await users()).toEqual([{ email: fresh, emailVerified: 0 }]);
    await smtp.waitForMail(fresh);
  });
});

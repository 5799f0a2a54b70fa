import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { testDialects, type TestAuth, type TestOpenIDProvider } from "../testing/index.js";
import { createSocialAuth, createTestBrowser, person, runFlow, startSocialProvider } from "./social-harness.js";

let idp: TestOpenIDProvider;
beforeAll(async () => {
  idp = await startSocialProvider();
});
afterAll(async () => {
  await idp.close();
});

const VICTIM = "victim@example.com";
const ATTACKER_PASSWORD = "attacker-password-1";

/**
 * Pre-registration takeover: an attacker signs up with an address they do not own (it stays
 * unverified). When the owner later signs in through the provider, which vouches for the address,
 * the provider account must not be linked into the attacker's user, or the attacker's password
 * signs in to the owner's account from then on.
 */
describe.each(testDialects())("social sign-in into an unverified local account on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => t.destroy());

  async function preRegister(): Promise<string> {
    const response = await createTestBrowser(t.auth).post("/sign-up/email", { name: "Attacker", email: VICTIM, password: ATTACKER_PASSWORD });
    return ((await response.json()) as { user: { id: string } }).user.id;
  }

  it("refuses to link with requireLocalEmailVerified; the attacker's user gets no provider account", async () => {
    t = await createSocialAuth(dialect, idp, { account: { accountLinking: { requireLocalEmailVerified: true } } });
    const attackerUserId = await preRegister();
    idp.setPerson(person({ email: VICTIM, emailVerified: true }));
    const owner = createTestBrowser(t.auth);
    const flow = await runFlow(owner, idp, { errorCallbackURL: "/login" });
    expect(flow.location).toBe("/login?error=account_not_linked");
    expect(await (await owner.get("/get-session")).json()).toBeNull();
    const accounts = await t.database.db.selectFrom("account").select(["providerId", "userId"]).execute();
    expect(accounts).toEqual([{ providerId: "credential", userId: attackerUserId }]);
  });

  it("still links once the local address is verified", async () => {
    t = await createSocialAuth(dialect, idp, { account: { accountLinking: { requireLocalEmailVerified: true } } });
    const userId = await preRegister();
    await t.database.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", userId).execute();
    idp.setPerson(person({ email: VICTIM, emailVerified: true }));
    const owner = createTestBrowser(t.auth);
    expect((await runFlow(owner, idp)).location).toBe("/dashboard");
    const session = (await (await owner.get("/get-session")).json()) as { user: { id: string } };
    expect(session.user.id).toBe(userId);
  });

  it("a returning linked person still signs in (the check is only for a new link)", async () => {
    t = await createSocialAuth(dialect, idp, { account: { accountLinking: { requireLocalEmailVerified: true } } });
    idp.setPerson(person({ email: "new@example.com", emailVerified: false }));
    expect((await runFlow(createTestBrowser(t.auth), idp)).location).toBe("/dashboard");
    expect((await runFlow(createTestBrowser(t.auth), idp)).location).toBe("/dashboard");
  });
});

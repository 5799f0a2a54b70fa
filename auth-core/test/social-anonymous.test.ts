import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { generateId } from "../src/deps/random.js";
import { systemRandom } from "../src/deps/random.js";
import { testDialects, type TestAuth, type TestBrowser, type TestOpenIDProvider } from "../testing/index.js";
import { createSocialAuth, createTestBrowser, person, runFlow, startSocialProvider } from "./social-harness.js";

let idp: TestOpenIDProvider;
beforeAll(async () => {
  idp = await startSocialProvider();
});
afterAll(async () => {
  await idp.close();
});

async function currentUser(browser: TestBrowser): Promise<{ id: string; isAnonymous: boolean; email: string } | null> {
  const body = (await (await browser.get("/get-session")).json()) as { user: { id: string; isAnonymous: boolean; email: string } } | null;
  return body?.user ?? null;
}

/** Something the anonymous person made: an organization membership. */
async function addMembership(t: TestAuth, userId: string, organizationName: string): Promise<string> {
  const organizationId = generateId(systemRandom);
  const now = t.clock.now().toISOString();
  await t.database.db
    .insertInto("organization")
    .values({ id: organizationId, name: organizationName, slug: organizationId, logo: null, metadata: null, plan: null, createdAt: now })
    .execute();
  await t.database.db
    .insertInto("member")
    .values({ id: generateId(systemRandom), organizationId, userId, role: "owner", createdAt: now })
    .execute();
  return organizationId;
}

describe.each(testDialects())("anonymous sign-in on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => {
    await t.destroy();
  });

  it("creates an anonymous user with a session, and refuses a second anonymous sign-in", async () => {
    t = await createSocialAuth(dialect, idp);
    const browser = createTestBrowser(t.auth);
    const response = await browser.post("/sign-in/anonymous");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; user: { id: string; isAnonymous: boolean; email: string; name: string } };
    expect(body.user).toMatchObject({ isAnonymous: true, name: "Anonymous" });
    expect(body.user.email).toBe(`temp-${body.user.id}@localhost`);
    expect((await currentUser(browser))?.id).toBe(body.user.id);
    const row = await t.database.db.selectFrom("user").select("isAnonymous").where("id", "=", body.user.id).executeTakeFirstOrThrow();
    expect(row.isAnonymous).toBe(1);
    const again = await browser.post("/sign-in/anonymous");
    expect(again.status).toBe(400);
    expect(((await again.json()) as { message: string }).message).toBe("Anonymous users cannot sign in again anonymously");
  });

  it("hands what the anonymous person made over to the real user and deletes the anonymous user", async () => {
    const handedOver: Array<{ anonymousUserId: string; newUserId: string }> = [];
    t = await createSocialAuth(dialect, idp, { anonymous: { onLinkAccount: async (input) => void handedOver.push(input) } });
    const browser = createTestBrowser(t.auth);
    const anonymous = ((await (await browser.post("/sign-in/anonymous")).json()) as { user: { id: string } }).user;
    const organizationId = await addMembership(t, anonymous.id, "Made while anonymous");

    idp.setPerson(person());
    expect((await runFlow(browser, idp)).location).toBe("/dashboard");
    const real = await currentUser(browser);
    expect(real?.isAnonymous).toBe(false);
    expect(real?.id).not.toBe(anonymous.id);
    expect(handedOver).toEqual([{ anonymousUserId: anonymous.id, newUserId: real!.id }]);
    expect(await t.database.db.selectFrom("user").select("id").where("id", "=", anonymous.id).execute()).toEqual([]);
    const members = await t.database.db.selectFrom("member").select(["userId", "organizationId"]).execute();
    expect(members).toEqual([{ userId: real!.id, organizationId }]);
    expect(await t.database.db.selectFrom("session").select("userId").where("userId", "=", anonymous.id).execute()).toEqual([]);
  });

  it("keeps the real user's own membership when both were in the same organization", async () => {
    t = await createSocialAuth(dialect, idp);
    idp.setPerson(person());
    const earlier = createTestBrowser(t.auth);
    await runFlow(earlier, idp);
    const realId = (await currentUser(earlier))!.id;
    const organizationId = await addMembership(t, realId, "Shared");

    const browser = createTestBrowser(t.auth);
    const anonymousId = ((await (await browser.post("/sign-in/anonymous")).json()) as { user: { id: string } }).user.id;
    await t.database.db
      .insertInto("member")
      .values({ id: generateId(systemRandom), organizationId, userId: anonymousId, role: "member", createdAt: t.clock.now().toISOString() })
      .execute();
    await runFlow(browser, idp);
    expect((await currentUser(browser))?.id).toBe(realId);
    const members = await t.database.db.selectFrom("member").select(["userId", "role"]).execute();
    expect(members).toEqual([{ userId: realId, role: "owner" }]);
  });

  it("can be turned off", async () => {
    t = await createSocialAuth(dialect, idp, { anonymous: { enabled: false } });
    expect((await createTestBrowser(t.auth).post("/sign-in/anonymous")).status).toBe(404);
  });
});

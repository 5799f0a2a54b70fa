import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, createTestBrowser, testDialects, type TestAuth } from "../testing/index.js";
import { readJSON, seedOrganization, signUpPerson, type TestPerson } from "../testing/organization.js";
import type { WireOrganization, WireSessionResult } from "../src/shared/wire-types.js";

/** The organization a person last worked in is set on every new session, unless they left it or it was deleted. */
describe.each(testDialects())("the remembered active organization on %s", (dialect) => {
  let t: TestAuth;
  let ada: TestPerson;
  let bo: TestPerson;
  beforeAll(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    ada = await signUpPerson(t.auth, "Ada", "ada@example.com");
    bo = await signUpPerson(t.auth, "Bo", "bo@example.com");
  });
  afterAll(async () => {
    await t.destroy();
  });

  /** A new session of the person on a fresh device (a new browser signing in). */
  async function newSessionOf(email: string): Promise<string | null> {
    const device = createTestBrowser(t.auth);
    expect((await device.post("/sign-in/email", { email, password: "correct horse battery" })).status).toBe(200);
    const session = await readJSON<WireSessionResult>(await device.get("/get-session"));
    return session.session.activeOrganizationId;
  }

  async function create(person: TestPerson, slug: string): Promise<WireOrganization> {
    t.clock.advance(1000);
    return readJSON<WireOrganization>(await person.browser.post("/organization/create", { name: slug, slug }));
  }

  it("starts a person without organizations with none", async () => {
    expect(await newSessionOf("bo@example.com")).toBeNull();
  });

  it("starts every new session in the organization last chosen, on any device", async () => {
    const first = await create(ada, "first-org");
    const second = await create(ada, "second-org");
    // Creating makes the organization active: the newest one is remembered.
    expect(await newSessionOf("ada@example.com")).toBe(second.id);
    t.clock.advance(1000);
    expect((await ada.browser.post("/organization/set-active", { organizationId: first.id })).status).toBe(200);
    expect(await newSessionOf("ada@example.com")).toBe(first.id);
    // Signing out and in again on the same browser.
    expect((await ada.browser.post("/sign-out", {})).status).toBe(200);
    expect((await ada.browser.post("/sign-in/email", { email: "ada@example.com", password: "correct horse battery" })).status).toBe(200);
    const session = await readJSON<WireSessionResult>(await ada.browser.get("/get-session"));
    expect(session.session.activeOrganizationId).toBe(first.id);
  });

  it("falls back to another membership when the remembered organization is deleted, and to none when nothing is left", async () => {
    const orgs = await readJSON<WireOrganization[]>(await ada.browser.get("/organization/list"));
    const active = (await readJSON<WireSessionResult>(await ada.browser.get("/get-session"))).session.activeOrganizationId;
    const other = orgs.find((o) => o.id !== active);
    expect((await ada.browser.post("/organization/delete", { organizationId: active })).status).toBe(200);
    expect(await newSessionOf("ada@example.com")).toBe(other?.id);
    expect((await ada.browser.post("/organization/delete", { organizationId: other?.id })).status).toBe(200);
    expect(await newSessionOf("ada@example.com")).toBeNull();
  });

  it("never starts a session in an organization the person left", async () => {
    const shared = await seedOrganization(t.auth, { [bo.userId]: "owner", [ada.userId]: "member" });
    expect(await newSessionOf("ada@example.com")).toBe(shared.organizationId);
    expect((await ada.browser.post("/organization/leave", { organizationId: shared.organizationId })).status).toBe(200);
    expect(await newSessionOf("ada@example.com")).toBeNull();
  });
});

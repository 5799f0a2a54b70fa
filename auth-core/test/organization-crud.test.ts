import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, createTestBrowser, testDialects, type TestAuth, readJSON, signUpPerson, type TestPerson } from "../testing/index.js";
import type { WireFullOrganization, WireMember, WireMemberWithUser, WireOrganization, WireSessionResult } from "../src/shared/wire-types.js";

type Created = WireOrganization & { members: WireMember[] };

describe.each(testDialects())("organizations: create, read, update, delete on %s", (dialect) => {
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

  async function activeOrganizationOf(person: TestPerson): Promise<string | null> {
    const session = await readJSON<WireSessionResult>(await person.browser.get("/get-session"));
    return session.session.activeOrganizationId;
  }

  it("creates an organization whose creator is owner and which becomes active", async () => {
    expect(await readJSON(await ada.browser.get("/organization/get-full-organization"))).toBeNull();
    const response = await ada.browser.post("/organization/create", { name: "Acme", slug: "acme", metadata: { plan: "pro" } });
    expect(response.status).toBe(200);
    const org = await readJSON<Created>(response);
    expect(org).toMatchObject({ name: "Acme", slug: "acme", logo: null, metadata: { plan: "pro" } });
    expect(org.members).toEqual([{ id: expect.any(String), organizationId: org.id, userId: ada.userId, role: "owner", createdAt: org.createdAt }]);
    expect(await activeOrganizationOf(ada)).toBe(org.id);

    const full = await readJSON<WireFullOrganization>(await ada.browser.get("/organization/get-full-organization"));
    expect(full.id).toBe(org.id);
    expect(full.members.map((m) => [m.user.email, m.role])).toEqual([["ada@example.com", "owner"]]);
    expect(full.invitations).toEqual([]);
    expect(full.teams).toEqual([]);
    const bySlug = await readJSON<WireFullOrganization>(await ada.browser.get("/organization/get-full-organization?organizationSlug=acme"));
    expect(bySlug.id).toBe(org.id);

    const member = await readJSON<WireMemberWithUser>(await ada.browser.get("/organization/get-active-member"));
    expect(member).toMatchObject({ organizationId: org.id, userId: ada.userId, role: "owner", user: { email: "ada@example.com", name: "Ada" } });
  });

  it("refuses a taken slug, and check-slug says so", async () => {
    const taken = await bo.browser.post("/organization/create", { name: "Other Acme", slug: "acme" });
    expect(taken.status).toBe(400);
    expect(await taken.json()).toEqual({ code: "ORGANIZATION_ALREADY_EXISTS", message: "Organization already exists" });
    const check = await bo.browser.post("/organization/check-slug", { slug: "acme" });
    expect(check.status).toBe(400);
    expect(await check.json()).toEqual({ code: "ORGANIZATION_SLUG_ALREADY_TAKEN", message: "Organization slug already taken" });
    expect(await readJSON(await bo.browser.post("/organization/check-slug", { slug: "free-slug" }))).toEqual({ status: true });
  });

  it("keeps the current active organization when asked, and lists the caller's organizations", async () => {
    const before = await activeOrganizationOf(ada);
    t.clock.advance(1000);
    const second = await readJSON<Created>(await ada.browser.post("/organization/create", { name: "Side", slug: "side", keepCurrentActiveOrganization: true }));
    expect(await activeOrganizationOf(ada)).toBe(before);
    const list = await readJSON<WireOrganization[]>(await ada.browser.get("/organization/list"));
    expect(list.map((o) => o.slug)).toEqual(["acme", "side"]);
    expect(await readJSON(await bo.browser.get("/organization/list"))).toEqual([]);

    const switched = await ada.browser.post("/organization/set-active", { organizationSlug: "side" });
    expect((await readJSON<WireOrganization>(switched)).id).toBe(second.id);
    expect(await activeOrganizationOf(ada)).toBe(second.id);
    expect(await readJSON(await ada.browser.post("/organization/set-active", { organizationId: null }))).toBeNull();
    expect(await activeOrganizationOf(ada)).toBeNull();
    expect(await readJSON(await ada.browser.get("/organization/get-full-organization"))).toBeNull();
    const noActive = await ada.browser.get("/organization/get-active-member");
    expect(noActive.status).toBe(400);
    expect((await readJSON<{ code: string }>(noActive)).code).toBe("NO_ACTIVE_ORGANIZATION");
  });

  it("lets no outsider see or activate an organization", async () => {
    const acme = (await readJSON<WireOrganization[]>(await ada.browser.get("/organization/list"))).find((o) => o.slug === "acme")!;
    for (const response of [
      await bo.browser.post("/organization/set-active", { organizationId: acme.id }),
      await bo.browser.get(`/organization/get-full-organization?organizationId=${acme.id}`),
      await bo.browser.get(`/organization/list-members?organizationId=${acme.id}`),
      await bo.browser.get(`/organization/list-invitations?organizationId=${acme.id}`),
      await bo.browser.get(`/organization/list-teams?organizationId=${acme.id}`),
    ]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ code: "USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION", message: "User is not a member of the organization" });
    }
    const unknown = await ada.browser.post("/organization/set-active", { organizationId: "nope" });
    expect(unknown.status).toBe(400);
    expect((await readJSON<{ code: string }>(unknown)).code).toBe("ORGANIZATION_NOT_FOUND");
  });

  it("updates name, slug, logo and metadata; a slug held by another organization is refused", async () => {
    const acme = (await readJSON<WireOrganization[]>(await ada.browser.get("/organization/list"))).find((o) => o.slug === "acme")!;
    const updated = await ada.browser.post("/organization/update", {
      organizationId: acme.id,
      data: { name: "Acme Inc", slug: "acme-inc", logo: "https://example.com/logo.png", metadata: { plan: "team" } },
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({
      id: acme.id,
      name: "Acme Inc",
      slug: "acme-inc",
      logo: "https://example.com/logo.png",
      metadata: { plan: "team" },
    });
    const clash = await ada.browser.post("/organization/update", { organizationId: acme.id, data: { slug: "side" } });
    expect(clash.status).toBe(400);
    expect((await readJSON<{ code: string }>(clash)).code).toBe("ORGANIZATION_SLUG_ALREADY_TAKEN");
    const noActive = await ada.browser.post("/organization/update", { data: { name: "X" } });
    expect(noActive.status).toBe(400);
    expect((await readJSON<{ code: string }>(noActive)).code).toBe("NO_ACTIVE_ORGANIZATION");
  });

  it("pages members with a total", async () => {
    const org = await readJSON<Created>(await bo.browser.post("/organization/create", { name: "Paged", slug: "paged" }));
    const page = await readJSON<{ members: WireMemberWithUser[]; total: number }>(
      await bo.browser.get(`/organization/list-members?organizationId=${org.id}&limit=1&offset=0`),
    );
    expect(page.total).toBe(1);
    expect(page.members.map((m) => m.user.email)).toEqual(["bo@example.com"]);
    const empty = await readJSON<{ members: unknown[]; total: number }>(await bo.browser.get("/organization/list-members?limit=5&offset=1"));
    expect(empty).toEqual({ members: [], total: 1 });
    const bad = await bo.browser.get("/organization/list-members?limit=zero");
    expect(bad.status).toBe(400);
  });

  it("answers 401 without a session", async () => {
    const anonymous = createTestBrowser(t.auth);
    for (const response of [
      await anonymous.post("/organization/create", { name: "X", slug: "x" }),
      await anonymous.get("/organization/list"),
      await anonymous.get("/organization/get-full-organization"),
      await anonymous.post("/organization/has-permission", { permissions: { ac: ["read"] } }),
    ]) {
      expect(response.status).toBe(401);
    }
  });
});

describe.each(testDialects())("organization options on %s", (dialect) => {
  it("honours creatorRole, the organization limit and a ban on creating", async () => {
    const custom = await createTestAuth({
      dialect,
      options: { rateLimit: { enabled: false }, organization: { creatorRole: "admin", organizationLimit: 1 } },
    });
    try {
      const cy = await signUpPerson(custom.auth, "Cy", "cy@example.com");
      const org = await readJSON<Created>(await cy.browser.post("/organization/create", { name: "Cy Co", slug: "cy" }));
      expect(org.members[0]!.role).toBe("admin");
      const second = await cy.browser.post("/organization/create", { name: "Cy Two", slug: "cy-two" });
      expect(second.status).toBe(403);
      expect((await readJSON<{ code: string }>(second)).code).toBe("YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS");
    } finally {
      await custom.destroy();
    }
    const closed = await createTestAuth({ dialect, options: { organization: { allowUserToCreateOrganization: false } } });
    try {
      const di = await signUpPerson(closed.auth, "Di", "di@example.com");
      const refused = await di.browser.post("/organization/create", { name: "Di Co", slug: "di" });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        code: "YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION",
        message: "You are not allowed to create a new organization",
      });
    } finally {
      await closed.destroy();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, testDialects, type TestAuth } from "../testing/index.js";
import { readJSON, signUpPerson, type TestPerson } from "../testing/organization.js";
import type { WireOrganization } from "../src/shared/wire-types.js";

const REFUSAL = {
  code: "INVALID_ORGANIZATION_SLUG",
  message: "Use 2 to 48 lowercase letters, digits and single hyphens for the slug, starting and ending with a letter or digit",
};

/** Slugs are lowercase letters, digits and single hyphens, 2 to 48 long, checked by the server. */
describe.each(testDialects())("organization slugs on %s", (dialect) => {
  let t: TestAuth;
  let ada: TestPerson;
  beforeAll(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    ada = await signUpPerson(t.auth, "Ada", "ada@example.com");
  });
  afterAll(async () => {
    await t.destroy();
  });

  it.each(["Bad Slug!!", "a", "UPPER", "double--hyphen", "-edge", "x".repeat(49)])("refuses to create %j and creates nothing", async (slug) => {
    const response = await ada.browser.post("/organization/create", { name: "Bad", slug });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(REFUSAL);
    expect(await t.database.db.selectFrom("organization").select("id").execute()).toEqual([]);
    expect(await t.database.db.selectFrom("member").select("id").execute()).toEqual([]);
    const check = await ada.browser.post("/organization/check-slug", { slug });
    expect(check.status).toBe(400);
    expect(await check.json()).toEqual(REFUSAL);
  });

  it("refuses to change a slug to one that breaks the rule, leaving it as it was", async () => {
    const created = await readJSON<WireOrganization>(await ada.browser.post("/organization/create", { name: "Acme Widgets", slug: "acme-widgets" }));
    const bad = await ada.browser.post("/organization/update", { organizationId: created.id, data: { name: "Renamed", slug: "Bad Slug!!" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual(REFUSAL);
    const row = await t.database.db.selectFrom("organization").select(["name", "slug"]).where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "Acme Widgets", slug: "acme-widgets" });
    const good = await readJSON<WireOrganization>(
      await ada.browser.post("/organization/update", { organizationId: created.id, data: { name: "Acme", slug: "acme" } }),
    );
    expect(good).toMatchObject({ name: "Acme", slug: "acme" });
  });
});

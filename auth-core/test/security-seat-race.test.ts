/**
 * Security review: the seat limit holds under concurrent invitations. Three seats (the
 * `organization.seatLimit` hook's answer, as the server's free plan gives it); with the owner
 * seated, eight invitations sent at once leave exactly two.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, testDialects, type TestAuth, readJSON, signUpPerson, type TestPerson } from "../testing/index.js";
import type { WireOrganization } from "../src/shared/wire-types.js";

describe.each(testDialects())("seat limit under concurrent invitations on %s", (dialect) => {
  let t: TestAuth;
  let owner: TestPerson;
  let org: WireOrganization;
  beforeAll(async () => {
    t = await createTestAuth({
      dialect,
      options: { rateLimit: { enabled: false }, mailer: { send: async () => {} }, organization: { seatLimit: async () => 3 } },
    });
    owner = await signUpPerson(t.auth, "Olive", "olive@example.com");
    org = await readJSON<WireOrganization>(await owner.browser.post("/organization/create", { name: "Race", slug: "race" }));
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("never seats more than the seat-limit hook allows", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        owner.browser.post("/organization/invite-member", { email: `p${i}@example.com`, role: "member", organizationId: org.id }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 403)).toBe(true);
    const live = await t.database.db.selectFrom("invitation").select("id").where("organizationId", "=", org.id).where("status", "=", "pending").execute();
    expect(live).toHaveLength(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, readJSON, signUpPerson, testDialects, type TestAuth, type TestPerson } from "@gatehouse/auth-core/testing";
import type { WireOrganization } from "@gatehouse/auth-core/shared";
import { createProduct, type Product } from "../src/product/index.js";
import { planSeatLimit } from "../src/product/plans/seats.js";

/**
 * The product's plans over auth-core: the seat-limit hook createServerAuth gives (a plan's seats,
 * refused at invitation), and a plan change writing one audit row through auth-core's writer.
 */
describe.each(testDialects())("plans and seats on %s", (dialect) => {
  let t: TestAuth;
  let product: Product;
  let olive: TestPerson;
  let org: WireOrganization;
  beforeAll(async () => {
    t = await createTestAuth({
      dialect,
      options: { rateLimit: { enabled: false }, mailer: { send: async () => {} }, organization: { seatLimit: planSeatLimit } },
    });
    product = createProduct(t.auth);
    olive = await signUpPerson(t.auth, "Olive", "olive@example.com");
    org = await readJSON<WireOrganization>(await olive.browser.post("/organization/create", { name: "Acme", slug: "acme" }));
  });
  afterAll(async () => {
    await t.destroy();
  });

  async function planRows(): Promise<Array<{ type: string; userId: string | null; organizationId: string | null; detail: string | null }>> {
    return t.database.db.selectFrom("securityEvent").select(["type", "userId", "organizationId", "detail"]).where("type", "=", "plan-changed").execute();
  }

  it("the free plan's third seat is the last; the team plan seats the next; a plan change writes one row, the same plan none", async () => {
    const invite = (email: string) => olive.browser.post("/organization/invite-member", { email, role: "member" });
    expect((await invite("p1@example.com")).status).toBe(200);
    expect((await invite("p2@example.com")).status).toBe(200);
    const refused = await invite("p3@example.com");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "SEAT_LIMIT_REACHED" });

    const viewer = { userId: olive.userId, activeOrganizationId: org.id };
    const client = { ipAddress: null, userAgent: null };
    expect(await product.plans.set(viewer, "team", client)).toMatchObject({
      plan: "team",
      seatLimit: 25,
      seatsUsed: 1,
      pendingInvitations: 2,
      canChange: true,
    });
    expect(await planRows()).toEqual([
      { type: "plan-changed", userId: olive.userId, organizationId: org.id, detail: JSON.stringify({ from: "free", to: "team" }) },
    ]);
    await product.plans.set(viewer, "team", client);
    expect(await planRows()).toHaveLength(1); // no change, no row
    expect((await invite("p3@example.com")).status).toBe(200);
  });
});

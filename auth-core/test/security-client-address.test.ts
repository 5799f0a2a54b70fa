import { afterEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestBrowser, testDialects, type TestAuth } from "../testing/index.js";

/**
 * Behind a proxy the operator runs (TRUSTED_PROXY=on), that proxy appends the address it saw to
 * X-Forwarded-For. Everything left of that entry is whatever the client sent.
 */
describe.each(testDialects())("client address behind a trusted proxy on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => t.destroy());

  it("rate-limits by the address the proxy saw, not one the client wrote into X-Forwarded-For", async () => {
    t = await createTestAuth({ dialect, options: { advanced: { ipAddressHeaders: ["x-forwarded-for"] } } });
    // The socket address is the proxy's own.
    const attacker = createTestBrowser(t.auth, { clientAddress: "10.0.0.2" });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const forged = `198.51.100.${i + 1}, 203.0.113.7`;
      const response = await attacker.post("/sign-in/email", { email: "v@example.com", password: "guess-guess" }, { "x-forwarded-for": forged });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const events = await t.database.db.selectFrom("securityEvent").select("ipAddress").execute();
    expect(new Set(events.map((e) => e.ipAddress))).toEqual(new Set(["203.0.113.7"]));
  });

  it("uses the socket address when the header holds no address", async () => {
    t = await createTestAuth({ dialect, options: { advanced: { ipAddressHeaders: ["x-forwarded-for"] } } });
    const browser = createTestBrowser(t.auth, { clientAddress: "10.0.0.2" });
    await browser.post("/sign-in/email", { email: "v@example.com", password: "guess-guess" }, { "x-forwarded-for": "not-an-address" });
    const events = await t.database.db.selectFrom("securityEvent").select("ipAddress").execute();
    expect(events.map((e) => e.ipAddress)).toEqual(["10.0.0.2"]);
  });
});

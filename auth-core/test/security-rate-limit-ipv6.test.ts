import { afterEach, describe, expect, it } from "vitest";
import { rateLimitClientKey } from "../src/http/rate-limit.js";
import { createTestAuth, createTestBrowser, testDialects, type TestAuth } from "../testing/index.js";

async function signInStatus(t: TestAuth, clientAddress: string): Promise<number> {
  const browser = createTestBrowser(t.auth, { clientAddress });
  return (await browser.post("/sign-in/email", { email: "v@example.com", password: "guess-guess" })).status;
}

/**
 * One IPv6 host is normally given a whole /64: counting each address apart let it rotate its
 * source address and never meet the sign-in limit (3 per 10 s). IPv6 clients are counted per /64;
 * IPv4 (also when a dual-stack socket reports it as ::ffff:a.b.c.d) per address.
 */
describe.each(testDialects())("rate limits for IPv6 clients on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => t.destroy());

  it("counts a /64 as one client", async () => {
    t = await createTestAuth({ dialect });
    const statuses = [];
    for (const address of ["2001:db8:1:2::a", "2001:db8:1:2::b", "2001:db8:1:2::c", "2001:db8:1:2::d", "2001:db8:1:2:1:2:3:4"]) {
      statuses.push(await signInStatus(t, address));
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(await signInStatus(t, "2001:db8:1:3::a")).toBe(401);
    expect(await signInStatus(t, "2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe(429);
  });

  it("keeps IPv4 clients apart, written plainly or IPv4-mapped", async () => {
    t = await createTestAuth({ dialect });
    for (let i = 0; i < 3; i++) expect(await signInStatus(t, "::ffff:192.0.2.1")).toBe(401);
    expect(await signInStatus(t, "192.0.2.1")).toBe(429);
    expect(await signInStatus(t, "::ffff:192.0.2.2")).toBe(401);
    expect(await signInStatus(t, "192.0.2.3")).toBe(401);
  });
});

describe("rateLimitClientKey", () => {
  it.each([
    ["192.0.2.1", "192.0.2.1"],
    ["::ffff:192.0.2.1", "192.0.2.1"],
    ["::ffff:c000:201", "192.0.2.1"],
    ["2001:db8:1:2::a", "2001:db8:1:2::/64"],
    ["2001:DB8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["not-an-address", "not-an-address"],
    [null, "unknown"],
  ])("%s → %s", (address, expected) => {
    expect(rateLimitClientKey(address)).toBe(expected);
  });
});

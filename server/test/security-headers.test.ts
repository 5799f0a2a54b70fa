import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, type TestAuth } from "@gatehouse/auth-core/testing";
import { silentLogger } from "@gatehouse/auth-core";
import { createApp } from "../src/app.js";

/** Issue 13, finding 3: the headers on API answers, the token pages and over https. */
describe("security headers", () => {
  let t: TestAuth;
  beforeAll(async () => {
    t = await createTestAuth();
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("puts nosniff, no framing, a CSP and a referrer policy on API answers; no HSTS over http", async () => {
    const app = createApp({ auth: t.auth, logger: silentLogger });
    const answer = await app.request("/api/auth/get-session");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("x-frame-options")).toBe("DENY");
    expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(answer.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(answer.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends no referrer from a page whose URL carries a token", async () => {
    const app = createApp({ auth: t.auth, logger: silentLogger });
    for (const path of [
      "/api/auth/reset-password/abcdefghijklmnopqrstuvwx?callbackURL=/",
      "/api/auth/verify-email?token=x",
      "/api/auth/delete-user/callback?token=x",
      "/settings?a=1&%74oken=x",
    ]) {
      expect((await app.request(path)).headers.get("referrer-policy"), path).toBe("no-referrer");
    }
    // Only a query parameter named token counts: not a path, a value or another name.
    for (const path of ["/api/auth/verify-email?tokens=x", "/settings?next=token", "/token", "/settings?a=%20"]) {
      expect((await app.request(path)).headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
    }
  });

  it("keeps the auth error page's own policy, and adds HSTS over https", async () => {
    const app = createApp({ auth: t.auth, logger: silentLogger, https: true });
    const page = await app.request("/api/auth/error?error=x");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });
});

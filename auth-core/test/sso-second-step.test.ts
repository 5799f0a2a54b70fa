import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestBrowser, readJSON, testDialects, totpCodeFor, type TestOpenIDProvider } from "../testing/index.js";
import type { WireSessionResult } from "../src/shared/wire-types.js";
import { createSsoWorld, registerVerifiedOidc, runSsoFlow, ssoPerson, startSsoIdp, type SsoWorld } from "./sso-support.js";

/**
 * Issue 48, Build 5 and 6 on an organization's single sign-on: a person who only ever signs in
 * through SSO (no password) turns two-factor on with their fresh session, and the next SSO sign-in
 * ends in the second step; a banned person's SSO sign-in comes back with error=BANNED_USER.
 */
describe.each(testDialects())("SSO sign-in, two-factor and a ban, on %s", (dialect) => {
  let idp: TestOpenIDProvider;
  let world: SsoWorld;
  beforeAll(async () => {
    idp = await startSsoIdp(["acme"]);
    world = await createSsoWorld(dialect, idp, undefined, undefined, { twoFactor: { enabled: true } });
    await registerVerifiedOidc(world, idp, "acme", "acme.test");
  });
  afterAll(async () => {
    await world.destroy();
    await idp.close();
  });

  it("an SSO-only person turns two-factor on without a password; the next SSO sign-in asks for the step; a ban is told at the error URL", async () => {
    const erin = ssoPerson("acme.test");
    const email = erin.email!;
    idp.setPerson(erin);
    const browser = createTestBrowser(world.t.auth);
    expect((await runSsoFlow(browser, idp, { providerId: "acme" })).location).toBe("/dashboard");
    const enabled = await browser.post("/two-factor/enable", {});
    expect(enabled.status).toBe(200);
    const { totpURI } = await readJSON<{ totpURI: string }>(enabled);
    expect((await browser.post("/two-factor/verify-totp", { code: totpCodeFor(totpURI, world.t.clock.now()) })).status).toBe(200);
    world.t.clock.advance(30_000);

    const next = createTestBrowser(world.t.auth);
    const stepped = await runSsoFlow(next, idp, { providerId: "acme" });
    expect(stepped.location).toBe("/two-factor?redirect=%2Fdashboard");
    expect(next.cookies.has("gatehouse.session_token")).toBe(false);
    expect((await next.post("/two-factor/verify-totp", { code: totpCodeFor(totpURI, world.t.clock.now()) })).status).toBe(200);
    expect((await readJSON<WireSessionResult | null>(await next.get("/get-session")))?.user.email).toBe(email);

    await world.t.database.db.updateTable("user").set({ banned: 1 }).where("email", "=", email).execute();
    const refused = await runSsoFlow(createTestBrowser(world.t.auth), idp, { providerId: "acme" });
    expect(new URL(refused.location, "http://localhost:3000").searchParams.get("error")).toBe("BANNED_USER");
    expect(refused.location.startsWith("/login-error")).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apacheStatus, planApache, startApache, type RunningApache } from "./support/apache.js";
import { CHROMIUM, openBrowser, SKIP_REASON, type TestBrowser } from "./support/browser.js";
import { signedInOperator, startServer, type RunningServer } from "./support/server.js";

if (!CHROMIUM) console.warn(SKIP_REASON);
const apache = apacheStatus();

// Outside the describe, which skips without Apache: with CI=true a missing Apache fails the run here.
it("has Apache and mod_auth_openidc where CI=true (scripts/setup-system.sh installs them)", () => {
  expect(apache.mustFail).toBe(false);
});

const PERSON = { name: "Katherine Johnson", email: "katherine@example.com", password: "orbital mechanics 62" };

/**
 * A real, certified relying party in front of a demo app: Debian's mod_auth_openidc under Apache
 * protects a page; in Chromium the page sends the person to Gatehouse's /login, then /consent,
 * and back; the module exchanges the code, verifies the ID token against /jwks and hands the page
 * the claims. Logging out goes through Gatehouse's end-session endpoint.
 */
describe.skipIf(!CHROMIUM || !apache.available)("mod_auth_openidc under Apache signs a person in through Gatehouse, in Chromium", () => {
  let server: RunningServer;
  let app: RunningApache;
  let browser: TestBrowser;
  beforeAll(async () => {
    server = await startServer({ EMAIL_SIGN_IN: "on", ADMIN_EMAILS: "ops@example.com" }, { devIdentityProvider: false });
    const issuer = `${server.baseURL}/api/auth`;
    const call = await signedInOperator(server, "ops@example.com");
    const plan = await planApache();
    const created = await call("/admin/oauth2/create-client", {
      client_name: "Team Wiki",
      redirect_uris: [plan.redirectURI],
      grant_types: ["authorization_code"],
      token_endpoint_auth_method: "client_secret_basic",
      enable_end_session: true,
      post_logout_redirect_uris: [plan.loggedOutURL],
      id_token_signed_response_alg: "RS256",
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const client = (await created.json()) as { client_id: string; client_secret: string };
    app = await startApache(plan, { issuer, clientId: client.client_id, clientSecret: client.client_secret });
    const person = await fetch(`${issuer}/sign-up/email`, {
      method: "POST",
      headers: { origin: server.baseURL, "content-type": "application/json" },
      body: JSON.stringify(PERSON),
    });
    expect(person.status).toBe(200);
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await server?.stop();
  });

  it("goes from the demo page to /login and /consent and back, and the page shows the claims", async () => {
    const { page } = browser;
    try {
      await page.goto(app.protectedURL);
      await page.waitForURL((url) => url.origin === server.baseURL && url.pathname === "/login");
      await page.getByLabel("Email", { exact: true }).fill(PERSON.email);
      await page.getByRole("button", { name: "Continue" }).click();
      const ways = page.getByRole("region", { name: "How do you want to sign in?" });
      await ways.getByLabel("Password", { exact: true }).fill(PERSON.password);
      await ways.getByRole("button", { name: "Sign in", exact: true }).click();

      await page.waitForURL((url) => url.pathname === "/consent");
      await page.getByRole("heading", { name: "Team Wiki wants to use your Gatehouse account" }).waitFor();
      await page.getByRole("button", { name: "Allow" }).click();

      await page.waitForURL((url) => url.href === app.protectedURL);
      await page.getByRole("heading", { name: "Team Wiki" }).waitFor();
      expect(await page.locator("#email").textContent()).toBe(PERSON.email);
      expect(await page.locator("#name").textContent()).toBe(PERSON.name);
      expect(await page.locator("#iss").textContent()).toBe(`${server.baseURL}/api/auth`);
      expect(await page.locator("#sub").textContent()).toMatch(/\S+/);
    } catch (error) {
      throw new Error(`${String(error)}\n--- apache:\n${app.log()}`, { cause: error });
    }
  });

  it("logs out through Gatehouse's end-session endpoint: the Gatehouse session ends too", async () => {
    const { page } = browser;
    try {
      await page.getByRole("link", { name: "Log out" }).click();
      await page.waitForURL((url) => url.href === app.loggedOutURL);
      await page.getByRole("heading", { name: "You have logged out of Team Wiki" }).waitFor();
      // Gatehouse's session went with it: the protected page asks for a sign-in again.
      await page.goto(app.protectedURL);
      await page.waitForURL((url) => url.origin === server.baseURL && url.pathname === "/login");
    } catch (error) {
      throw new Error(`${String(error)}\n--- apache:\n${app.log()}`, { cause: error });
    }
  });
});

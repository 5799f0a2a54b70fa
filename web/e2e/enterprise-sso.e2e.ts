import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDNSServer, startTestOpenIDProvider, type TestDNSServer, type TestOpenIDProvider } from "@gatehouse/auth-core/testing";
import { signUpInBrowser } from "./support/accounts.js";
import { CHROMIUM, openBrowser, screenshot, SKIP_REASON, type TestBrowser } from "./support/browser.js";
import { startServer, type RunningServer } from "./support/server.js";

if (!CHROMIUM) console.warn(SKIP_REASON);

const OWNER = { name: "Olive Owner", email: "olive@example.com", password: "correct horse battery staple" };

/** A free port on 127.0.0.1: the identity provider's, known before the server that must trust it starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * An organization's own OpenID provider, end to end in Chromium against the real server: the owner
 * adds it on the Users page and verifies the domain through DNS_SERVERS; an employee signs in from
 * /login's email field and becomes a member.
 */
describe.skipIf(!CHROMIUM)("enterprise single sign-on in the browser", () => {
  let server: RunningServer;
  let dns: TestDNSServer;
  let idp: TestOpenIDProvider;
  let owner: TestBrowser;
  let employee: TestBrowser;
  beforeAll(async () => {
    dns = await startTestDNSServer();
    const idpPort = await freePort();
    server = await startServer({ TRUSTED_ORIGINS: `http://127.0.0.1:${idpPort}`, DNS_SERVERS: dns.address }, { devIdentityProvider: false });
    idp = await startTestOpenIDProvider({
      port: idpPort,
      clients: [
        {
          clientId: "acme-gatehouse",
          clientSecret: "acme-secret",
          redirectURIs: [`${server.baseURL}/api/auth/sso/callback/acme`],
          tokenEndpointAuthMethod: "client_secret_basic",
        },
      ],
      person: { sub: "emp-1", email: "erin@acme.test", emailVerified: true, name: "Erin Employee" },
    });
    owner = await openBrowser();
    employee = await openBrowser();
  });
  afterAll(async () => {
    await owner?.close();
    await employee?.close();
    await idp?.close();
    await dns?.close();
    await server?.stop();
  });

  it("the owner adds the provider and verifies the domain on the Users page", async () => {
    const { page, context } = owner;
    await signUpInBrowser(context, server.baseURL, OWNER);
    const created = await context.request.post(`${server.baseURL}/api/auth/organization/create`, {
      data: { name: "Acme", slug: "acme" },
      headers: { origin: server.baseURL },
    });
    expect(created.ok()).toBe(true);
    await page.goto(`${server.baseURL}/users`);
    const section = page.getByRole("region", { name: "Single sign-on" });
    await section.getByLabel("Provider id (letters, digits, dots, dashes)").fill("acme");
    await section.getByLabel("Email domain").fill("acme.test");
    await section.getByLabel("Issuer URL (its discovery document is read)").fill(idp.issuer);
    await section.getByLabel("Client id").fill("acme-gatehouse");
    await section.getByLabel("Client secret").fill("acme-secret");
    await section.getByRole("button", { name: "Add provider" }).click();
    const token = await section.getByTestId("sso-token-acme").textContent();
    expect(token?.length).toBeGreaterThanOrEqual(16);
    expect(await section.textContent()).toContain(`${server.baseURL}/api/auth/sso/callback/acme`);
    dns.setTxt("_better-auth-token-acme.acme.test", [token!]);
    await section.getByRole("button", { name: "Verify domain" }).click();
    await expect.poll(() => section.getByTestId("sso-status-acme").textContent()).toBe("domain verified");
    await screenshot(page, "users-single-sign-on");
  });

  it("an employee signs in from /login's email field through the organization's provider and is a member", async () => {
    const { page } = employee;
    await page.goto(`${server.baseURL}/login`);
    await page.getByLabel(/^Email/).fill("erin@acme.test");
    await page.getByRole("button", { name: "Sign in with your company (SSO)" }).click();
    await page.waitForURL((url) => url.origin === server.baseURL && url.pathname !== "/login" && !url.pathname.startsWith("/api/"));
    const session = (await (await page.request.get(`${server.baseURL}/api/auth/get-session`)).json()) as { user: { email: string; name: string } } | null;
    expect(session?.user).toMatchObject({ email: "erin@acme.test", name: "Erin Employee" });
    const organizations = (await (await page.request.get(`${server.baseURL}/api/auth/organization/list`)).json()) as Array<{ slug: string }>;
    expect(organizations.map((o) => o.slug)).toEqual(["acme"]);
  });
});

import { createServer as createHTTPServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSamlIdp,
  makeSamlResponse,
  makeSigningKeyPair,
  readAuthnRequest,
  samlPostPage,
  startTestDNSServer,
  startTestOpenIDProvider,
  type TestDNSServer,
  type TestOpenIDProvider,
} from "@gatehouse/auth-core/testing";
import { signUpInBrowser } from "./support/accounts.js";
import { CHROMIUM, openBrowser, screenshot, SKIP_REASON, type TestBrowser } from "./support/browser.js";
import { startServer, type RunningServer } from "./support/server.js";

if (!CHROMIUM) console.warn(SKIP_REASON);

const OWNER = { name: "Olive Owner", email: "olive@example.com", password: "correct horse battery staple" };

/**
 * /login's one email field: the address typed, its organization's single sign-on offered
 * ("Continue with Acme's single sign-on") and taken, as a person does it.
 */
async function signInFromLogin(page: import("playwright-core").Page, baseURL: string, email: string): Promise<void> {
  await page.goto(`${baseURL}/login?redirect=%2Fsettings`);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole("button", { name: "Continue with Acme's single sign-on" }).click();
  await page.waitForURL((url) => url.origin === baseURL && url.pathname === "/settings");
}

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

  it("a person signs in through the organization's SAML IdP: AuthnRequest out, the IdP's signed Response posted back to the ACS", async () => {
    // The IdP: a page that answers our AuthnRequest with a signed Response, posted by the browser.
    const keys = makeSigningKeyPair("idp.saml.acme.test");
    const samlIdp = createSamlIdp(keys, "https://idp.saml.acme.test");
    let spMetadata = "";
    const idpServer: Server = createHTTPServer((req, res) => {
      void (async () => {
        const request = readAuthnRequest(`http://127.0.0.1${req.url ?? "/"}`);
        const response = await makeSamlResponse(samlIdp, spMetadata, { nameID: "sam@saml.acme.test", inResponseTo: request.id });
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(samlPostPage(`${server.baseURL}/api/auth/sso/saml2/sp/acs/acme-saml`, response, request.relayState));
      })().catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    });
    await new Promise<void>((resolve) => idpServer.listen(0, "127.0.0.1", resolve));
    try {
      const entryPoint = `http://127.0.0.1:${(idpServer.address() as AddressInfo).port}/sso`;
      const api = owner.context.request;
      const headers = { origin: server.baseURL };
      const organizations = (await (await api.get(`${server.baseURL}/api/auth/organization/list`)).json()) as Array<{ id: string }>;
      const registered = await api.post(`${server.baseURL}/api/auth/sso/register`, {
        headers,
        data: {
          providerId: "acme-saml",
          issuer: `${server.baseURL}/saml/acme`,
          domain: "saml.acme.test",
          organizationId: organizations[0]!.id,
          samlConfig: { entryPoint, cert: keys.cert, idpMetadata: { entityID: "https://idp.saml.acme.test" }, wantAssertionsSigned: true },
        },
      });
      expect(registered.ok()).toBe(true);
      dns.setTxt("_better-auth-token-acme-saml.saml.acme.test", [((await registered.json()) as { domainVerificationToken: string }).domainVerificationToken]);
      expect((await api.post(`${server.baseURL}/api/auth/sso/verify-domain`, { headers, data: { providerId: "acme-saml" } })).status()).toBe(204);
      spMetadata = await (await api.get(`${server.baseURL}/api/auth/sso/saml2/sp/metadata?providerId=acme-saml`)).text();

      const person = await openBrowser();
      try {
        const { page } = person;
        await signInFromLogin(page, server.baseURL, "sam@saml.acme.test");
        const session = (await (await page.request.get(`${server.baseURL}/api/auth/get-session`)).json()) as { user: { email: string } } | null;
        expect(session?.user.email).toBe("sam@saml.acme.test");
        const joined = (await (await page.request.get(`${server.baseURL}/api/auth/organization/list`)).json()) as Array<{ slug: string }>;
        expect(joined.map((o) => o.slug)).toEqual(["acme"]);
      } finally {
        await person.close();
      }
    } finally {
      await new Promise<void>((resolve) => idpServer.close(() => resolve()));
    }
  });

  it("an employee types their address into /login, takes Acme's single sign-on, lands signed in at the redirect and is a member", async () => {
    const { page } = employee;
    // An address elsewhere is offered nothing.
    await page.goto(`${server.baseURL}/login`);
    const looked = page.waitForResponse((response) => response.url().endsWith("/api/auth/sso/domain-lookup"));
    await page.getByLabel(/^Email/).fill("erin@elsewhere.test");
    expect(await (await looked).json()).toEqual({ organizationName: null });
    expect(await page.getByRole("button", { name: /single sign-on/ }).count()).toBe(0);
    await signInFromLogin(page, server.baseURL, "erin@acme.test");
    const session = (await (await page.request.get(`${server.baseURL}/api/auth/get-session`)).json()) as { user: { email: string; name: string } } | null;
    expect(session?.user).toMatchObject({ email: "erin@acme.test", name: "Erin Employee" });
    const organizations = (await (await page.request.get(`${server.baseURL}/api/auth/organization/list`)).json()) as Array<{ slug: string }>;
    expect(organizations.map((o) => o.slug)).toEqual(["acme"]);
  });
});

/**
 * The identifier-first card (EMAIL_SIGN_IN=on): the offer under the field, and first among the
 * ways once Continue was pressed, before the password.
 */
describe.skipIf(!CHROMIUM)("enterprise single sign-on on the identifier-first card (EMAIL_SIGN_IN=on)", () => {
  const ENTRY_POINT = "https://idp.acme.example/sso/saml";
  let server: RunningServer;
  let dns: TestDNSServer;
  let owner: TestBrowser;
  let person: TestBrowser;
  beforeAll(async () => {
    dns = await startTestDNSServer();
    server = await startServer({ EMAIL_SIGN_IN: "on", DNS_SERVERS: dns.address }, { devIdentityProvider: false });
    owner = await openBrowser();
    person = await openBrowser();
    await signUpInBrowser(owner.context, server.baseURL, OWNER);
    const api = owner.context.request;
    const headers = { origin: server.baseURL };
    const created = await api.post(`${server.baseURL}/api/auth/organization/create`, { headers, data: { name: "Acme", slug: "acme" } });
    const registered = await api.post(`${server.baseURL}/api/auth/sso/register`, {
      headers,
      data: {
        providerId: "acme-saml",
        issuer: `${server.baseURL}/saml/acme`,
        domain: "acme.test",
        organizationId: ((await created.json()) as { id: string }).id,
        samlConfig: { entryPoint: ENTRY_POINT, cert: makeSigningKeyPair("idp.acme.example").cert, idpMetadata: { entityID: "https://idp.acme.example" } },
      },
    });
    dns.setTxt("_better-auth-token-acme-saml.acme.test", [((await registered.json()) as { domainVerificationToken: string }).domainVerificationToken]);
    expect((await api.post(`${server.baseURL}/api/auth/sso/verify-domain`, { headers, data: { providerId: "acme-saml" } })).status()).toBe(204);
  });
  afterAll(async () => {
    await owner?.close();
    await person?.close();
    await dns?.close();
    await server?.stop();
  });

  it("offers Acme's single sign-on for erin@acme.test under the field and first among the ways, and goes to the IdP", async () => {
    const { page } = person;
    // The IdP is not there: its page is answered here, so the browser's arrival is what is checked.
    await page.route(`${ENTRY_POINT}**`, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>IdP</title>" }));
    await page.goto(`${server.baseURL}/login`);
    await page.getByLabel("Email", { exact: true }).fill("erin@acme.test");
    const offer = page.getByRole("button", { name: "Continue with Acme's single sign-on" });
    await offer.waitFor();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await page.getByLabel("Password", { exact: true }).waitFor();
    await offer.waitFor();
    const offerFirst = await page.evaluate(() => {
      const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.includes("single sign-on"));
      const password = document.querySelector('input[type="password"]');
      return Boolean(button && password && button.compareDocumentPosition(password) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(offerFirst).toBe(true);
    await offer.click();
    await page.waitForURL((url) => url.href.startsWith(ENTRY_POINT));
    expect(new URL(page.url()).searchParams.get("SAMLRequest")).toBeTruthy();
  });
});

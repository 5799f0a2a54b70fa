import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestBrowser, readJSON, testDialects, type TestBrowser } from "../testing/index.js";
import type { WireFullOrganization, WireSessionResult } from "../src/shared/wire-types.js";
import { createSsoWorld, type RegisteredProvider, type SsoWorld } from "./sso-support.js";
import {
  createSamlIdp,
  decodeResponse,
  encodeResponse,
  IDP_ENTITY_ID,
  IDP_SSO_URL,
  makeSamlResponse,
  makeSigningKeyPair,
  readAuthnRequest,
  type KeyPair,
} from "../testing/index.js";

const SP_ENTITY_ID = "https://gatehouse.acme.test/saml/sp";
const ACS = "http://localhost:3000/api/auth/sso/saml2/sp/acs/acme-saml";

describe.each(testDialects())("SSO sign-in through an organization's SAML IdP on %s", (dialect) => {
  let world: SsoWorld;
  let idpKeys: KeyPair;
  let attackerKeys: KeyPair;
  let spMetadata: string;
  let registered: RegisteredProvider & { redirectURI: string };
  const domain = "saml.acme.test";

  beforeAll(async () => {
    idpKeys = makeSigningKeyPair("idp.acme.test");
    attackerKeys = makeSigningKeyPair("attacker.test");
    world = await createSsoWorld(dialect, null);
    const response = await world.owner.browser.post("/sso/register", {
      providerId: "acme-saml",
      issuer: SP_ENTITY_ID,
      domain,
      organizationId: world.organizationId,
      samlConfig: {
        entryPoint: IDP_SSO_URL,
        cert: idpKeys.cert,
        idpMetadata: { entityID: IDP_ENTITY_ID },
        wantAssertionsSigned: true,
        identifierFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
      },
    });
    expect(response.status).toBe(200);
    registered = await readJSON<RegisteredProvider & { redirectURI: string }>(response);
    world.dns.setTxt(`_better-auth-token-acme-saml.${domain}`, [registered.domainVerificationToken]);
    expect((await world.owner.browser.post("/sso/verify-domain", { providerId: "acme-saml" })).status).toBe(204);
    spMetadata = await (await createTestBrowser(world.t.auth).get("/sso/saml2/sp/metadata?providerId=acme-saml")).text();
  });
  afterAll(async () => {
    await world.destroy();
  });

  /** Starts a sign-in in `browser`: the AuthnRequest the IdP receives. */
  async function start(browser: TestBrowser): Promise<{ id: string; relayState: string; url: string }> {
    const answer = await browser.post("/sign-in/sso", { email: `someone@${domain}`, callbackURL: "/dashboard", errorCallbackURL: "/login-error" });
    expect(answer.status).toBe(200);
    const { url, redirect } = await readJSON<{ url: string; redirect: boolean }>(answer);
    expect(redirect).toBe(true);
    return { ...readAuthnRequest(url), url };
  }

  /** The IdP's page posts the form to us: postForm sends it cross-site, `Origin: null`, as a browser does. */
  async function post(browser: TestBrowser, samlResponse: string, relayState: string, providerId = "acme-saml"): Promise<{ status: number; location: string }> {
    const response = await browser.postForm(`/sso/saml2/sp/acs/${providerId}`, { SAMLResponse: samlResponse, RelayState: relayState });
    return { status: response.status, location: response.headers.get("location") ?? "" };
  }

  async function sessionOf(browser: TestBrowser): Promise<WireSessionResult | null> {
    return readJSON<WireSessionResult | null>(await browser.get("/get-session"));
  }

  async function expectRefused(browser: TestBrowser, outcome: { status: number; location: string }, label: string): Promise<void> {
    expect(outcome.location, label).not.toBe("/dashboard");
    if (outcome.status === 302) expect(outcome.location, label).toContain("error=");
    else expect(outcome.status, label).toBeGreaterThanOrEqual(400);
    expect(await sessionOf(browser), label).toBeNull();
  }

  it("registers a SAML IdP with the contract's answer: ids, redirectURI exactly, not verified, a token", () => {
    expect(registered).toMatchObject({ providerId: "acme-saml", organizationId: world.organizationId, domain, domainVerified: false });
    expect(registered.redirectURI).toBe("http://localhost:3000/api/auth/sso/callback/acme-saml");
    expect(registered.domainVerificationToken.length).toBeGreaterThanOrEqual(16);
  });

  it("serves the SP metadata: entity ID, HTTP-POST ACS, WantAssertionsSigned; 404 for an unknown provider", async () => {
    const response = await createTestBrowser(world.t.auth).get("/sso/saml2/sp/metadata?providerId=acme-saml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/xml/);
    expect(spMetadata).toMatch(new RegExp(`EntityDescriptor[^>]*entityID="${SP_ENTITY_ID}"`));
    expect(spMetadata).toMatch(/AssertionConsumerService[^>]*Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"/);
    expect(spMetadata).toContain(`Location="${ACS}"`);
    expect(spMetadata).toContain('WantAssertionsSigned="true"');
    expect((await createTestBrowser(world.t.auth).get("/sso/saml2/sp/metadata?providerId=nobody")).status).toBe(404);
  });

  it("starts at the IdP's SSO URL with an AuthnRequest that has an ID, and a RelayState", async () => {
    const { url, id, relayState } = await start(createTestBrowser(world.t.auth));
    expect(url.startsWith(`${IDP_SSO_URL}?`)).toBe(true);
    expect(id.length).toBeGreaterThan(10);
    expect(relayState.length).toBeGreaterThanOrEqual(16);
  });

  it("signs the NameID's person in through a signed assertion, makes them a member once, and knows them again", async () => {
    const idp = createSamlIdp(idpKeys);
    const email = `sam-${Date.now()}@${domain}`;
    const browser = createTestBrowser(world.t.auth);
    const request = await start(browser);
    const outcome = await post(browser, await makeSamlResponse(idp, spMetadata, { nameID: email, inResponseTo: request.id }), request.relayState);
    expect(outcome).toEqual({ status: 302, location: "/dashboard" });
    const session = await sessionOf(browser);
    expect(session?.user.email).toBe(email);

    const again = createTestBrowser(world.t.auth);
    const second = await start(again);
    expect((await post(again, await makeSamlResponse(idp, spMetadata, { nameID: email, inResponseTo: second.id }), second.relayState)).location).toBe(
      "/dashboard",
    );
    expect((await sessionOf(again))?.user.id).toBe(session!.user.id);

    const full = await readJSON<WireFullOrganization>(
      await world.owner.browser.get(`/organization/get-full-organization?organizationId=${world.organizationId}`),
    );
    expect(full.members.filter((m) => m.user.email === email).map((m) => m.role)).toEqual(["member"]);
    const joined = await readJSON<Array<{ id: string }>>(await browser.get("/organization/list"));
    expect(joined.map((o) => o.id)).toEqual([world.organizationId]);
  });

  it("refuses a NameID changed after signing, a removed signature, and another key claiming the IdP's entity ID", async () => {
    const idp = createSamlIdp(idpKeys);
    const attacker = createSamlIdp(attackerKeys);
    const cases: Array<[string, (inResponseTo: string) => Promise<string>]> = [
      [
        "NameID changed",
        async (inResponseTo) =>
          encodeResponse(
            decodeResponse(await makeSamlResponse(idp, spMetadata, { nameID: `eve@${domain}`, inResponseTo })).replace(`eve@${domain}`, `ceo@${domain}`),
          ),
      ],
      [
        "signature removed",
        async (inResponseTo) =>
          encodeResponse(
            decodeResponse(await makeSamlResponse(idp, spMetadata, { nameID: `eve@${domain}`, inResponseTo })).replace(
              /<ds:Signature[\s\S]*?<\/ds:Signature>/,
              "",
            ),
          ),
      ],
      ["another key", (inResponseTo) => makeSamlResponse(attacker, spMetadata, { nameID: `ceo@${domain}`, inResponseTo })],
    ];
    for (const [label, make] of cases) {
      const browser = createTestBrowser(world.t.auth);
      const request = await start(browser);
      await expectRefused(browser, await post(browser, await make(request.id), request.relayState), label);
    }
  });

  it("refuses a signature-wrapped Response: the signed assertion moved aside, an unsigned one in its place", async () => {
    const idp = createSamlIdp(idpKeys);
    const browser = createTestBrowser(world.t.auth);
    const request = await start(browser);
    const xml = decodeResponse(await makeSamlResponse(idp, spMetadata, { nameID: `eve@${domain}`, inResponseTo: request.id }));
    const signed = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)![0];
    const evil = signed
      .replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/, "")
      .replace(`eve@${domain}`, `ceo@${domain}`)
      .replace(/ID="[^"]+"/, 'ID="_evil"');
    const wrapped = xml.replace(signed, `${evil}<samlp:Extensions>${signed}</samlp:Extensions>`);
    await expectRefused(browser, await post(browser, encodeResponse(wrapped), request.relayState), "wrapped");
  });

  it("refuses a Response signed only at its root when assertions must be signed, and one carrying a second, unsigned assertion", async () => {
    const idp = createSamlIdp(idpKeys);
    // Told the SP does not want signed assertions, samlify signs the Response element instead.
    const rootSignedOnly = spMetadata.replace('WantAssertionsSigned="true"', 'WantAssertionsSigned="false"');
    const browser = createTestBrowser(world.t.auth);
    const request = await start(browser);
    const rootSigned = await makeSamlResponse(idp, rootSignedOnly, { nameID: `eve@${domain}`, inResponseTo: request.id });
    expect(decodeResponse(rootSigned)).toMatch(/<samlp:Response[^>]*>\s*<saml:Issuer>[^<]*<\/saml:Issuer>\s*<ds:Signature/);
    await expectRefused(browser, await post(browser, rootSigned, request.relayState), "root signed only");

    const second = createTestBrowser(world.t.auth);
    const next = await start(second);
    const xml = decodeResponse(await makeSamlResponse(idp, spMetadata, { nameID: `eve@${domain}`, inResponseTo: next.id }));
    const signed = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)![0];
    const extra = signed
      .replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/, "")
      .replace(`eve@${domain}`, `ceo@${domain}`)
      .replace(/ID="[^"]+"/, 'ID="_extra"');
    await expectRefused(second, await post(second, encodeResponse(xml.replace(signed, `${signed}${extra}`)), next.relayState), "two assertions");
  });

  it("reads the whole NameID when a comment splits it (comment injection, CVE-2017-11428): never the shorter address's person", async () => {
    const idp = createSamlIdp(idpKeys);
    const victim = `ceo-${Date.now()}@${domain}`;
    const victimBrowser = createTestBrowser(world.t.auth);
    const first = await start(victimBrowser);
    expect((await post(victimBrowser, await makeSamlResponse(idp, spMetadata, { nameID: victim, inResponseTo: first.id }), first.relayState)).location).toBe(
      "/dashboard",
    );
    const victimId = (await sessionOf(victimBrowser))!.user.id;
    // The IdP signs the attacker's own address; a comment inserted after the signing leaves the
    // signature valid (canonicalization drops comments) and splits the text at the victim's address.
    const attacker = `${victim}.evil.test`;
    const browser = createTestBrowser(world.t.auth);
    const request = await start(browser);
    const signed = decodeResponse(await makeSamlResponse(idp, spMetadata, { nameID: attacker, inResponseTo: request.id }));
    expect(signed).toContain(`>${attacker}<`);
    const split = signed.replace(`>${attacker}<`, `>${victim}<!---->.evil.test<`);
    const outcome = await post(browser, encodeResponse(split), request.relayState);
    const session = await sessionOf(browser);
    expect(session?.user.id ?? null, `${outcome.status} ${outcome.location}`).not.toBe(victimId);
    if (session) expect(session.user.email).toBe(attacker);
  });

  it("accepts a Response once: not again from another browser, not into a new sign-in, and never an assertion ID already used", async () => {
    const idp = createSamlIdp(idpKeys);
    const email = `once-${Date.now()}@${domain}`;
    const first = createTestBrowser(world.t.auth);
    const request = await start(first);
    const assertionID = `_used-${Date.now()}`;
    const response = await makeSamlResponse(idp, spMetadata, { nameID: email, inResponseTo: request.id, assertionID });
    expect((await post(first, response, request.relayState)).location).toBe("/dashboard");

    const other = createTestBrowser(world.t.auth);
    await expectRefused(other, await post(other, response, request.relayState), "same Response, another browser");
    const fresh = await start(other);
    await expectRefused(other, await post(other, response, fresh.relayState), "same Response, new sign-in");

    const third = createTestBrowser(world.t.auth);
    const newRequest = await start(third);
    const reused = await makeSamlResponse(idp, spMetadata, { nameID: email, inResponseTo: newRequest.id, assertionID });
    await expectRefused(third, await post(third, reused, newRequest.relayState), "assertion ID reused");
  });

  it("does not finish a sign-in that was at the IdP when the provider was deleted", async () => {
    const goneDomain = "gone.saml.acme.test";
    const made = await world.owner.browser.post("/sso/register", {
      providerId: "acme-saml-gone",
      issuer: `${SP_ENTITY_ID}/gone`,
      domain: goneDomain,
      organizationId: world.organizationId,
      samlConfig: { entryPoint: IDP_SSO_URL, cert: idpKeys.cert, idpMetadata: { entityID: IDP_ENTITY_ID }, wantAssertionsSigned: true },
    });
    expect(made.status).toBe(200);
    world.dns.setTxt(`_better-auth-token-acme-saml-gone.${goneDomain}`, [(await readJSON<RegisteredProvider>(made)).domainVerificationToken]);
    expect((await world.owner.browser.post("/sso/verify-domain", { providerId: "acme-saml-gone" })).status).toBe(204);
    const goneMetadata = await (await createTestBrowser(world.t.auth).get("/sso/saml2/sp/metadata?providerId=acme-saml-gone")).text();
    const browser = createTestBrowser(world.t.auth);
    const answer = await readJSON<{ url: string }>(await browser.post("/sign-in/sso", { email: `gone@${goneDomain}`, callbackURL: "/dashboard" }));
    const request = readAuthnRequest(answer.url);
    const response = await makeSamlResponse(createSamlIdp(idpKeys), goneMetadata, { nameID: `gone@${goneDomain}`, inResponseTo: request.id });
    expect((await world.owner.browser.post("/sso/delete-provider", { providerId: "acme-saml-gone" })).status).toBe(200);
    await expectRefused(browser, await post(browser, response, request.relayState, "acme-saml-gone"), "provider deleted");
  });

  it("refuses an expired assertion, another audience, another recipient, and a Response that answers no request of ours", async () => {
    const idp = createSamlIdp(idpKeys);
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    const cases: Array<[string, (inResponseTo: string) => Promise<string>]> = [
      [
        "expired",
        (inResponseTo) =>
          makeSamlResponse(idp, spMetadata, { nameID: `x@${domain}`, inResponseTo, notOnOrAfter: hourAgo, notBefore: new Date(hourAgo.getTime() - 60_000) }),
      ],
      ["audience", (inResponseTo) => makeSamlResponse(idp, spMetadata, { nameID: `x@${domain}`, inResponseTo, audience: "https://another-sp.test" })],
      ["recipient", (inResponseTo) => makeSamlResponse(idp, spMetadata, { nameID: `x@${domain}`, inResponseTo, recipient: "https://another-sp.test/acs" })],
      ["unsolicited InResponseTo", () => makeSamlResponse(idp, spMetadata, { nameID: `x@${domain}`, inResponseTo: "_never-asked" })],
    ];
    for (const [label, make] of cases) {
      const browser = createTestBrowser(world.t.auth);
      const request = await start(browser);
      await expectRefused(browser, await post(browser, await make(request.id), request.relayState), label);
    }
    // IdP-initiated: no RelayState of ours at all.
    const browser = createTestBrowser(world.t.auth);
    const unsolicited = await makeSamlResponse(idp, spMetadata, { nameID: `x@${domain}`, inResponseTo: "" });
    const outcome = await browser.postForm("/sso/saml2/sp/acs/acme-saml", { SAMLResponse: unsolicited });
    await expectRefused(browser, { status: outcome.status, location: outcome.headers.get("location") ?? "" }, "IdP-initiated");
  });
});

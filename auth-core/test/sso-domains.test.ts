import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestBrowser, readJSON, testDialects, type TestOpenIDProvider } from "../testing/index.js";
import { createSsoWorld, oidcRegistration, startSsoIdp, type RegisteredProvider, type SsoWorld } from "./sso-support.js";

describe.each(testDialects())("SSO domain verification through DNS_SERVERS on %s", (dialect) => {
  let idp: TestOpenIDProvider;
  let world: SsoWorld;
  let registered: RegisteredProvider;
  const record = "_better-auth-token-acme-dns.dns.acme.test";
  beforeAll(async () => {
    idp = await startSsoIdp(["acme-dns", "acme-dns-2"]);
    world = await createSsoWorld(dialect, idp);
    registered = await readJSON<RegisteredProvider>(
      await world.owner.browser.post("/sso/register", oidcRegistration(idp, world.organizationId, "acme-dns", "dns.acme.test")),
    );
  });
  afterAll(async () => {
    await world.destroy();
    await idp.close();
  });

  it("routes no sign-in through a provider whose domain is not verified", async () => {
    const anonymous = createTestBrowser(world.t.auth);
    const byId = await anonymous.post("/sign-in/sso", { providerId: "acme-dns", callbackURL: "/" });
    expect(byId.status).toBeGreaterThanOrEqual(400);
    expect(byId.status).toBeLessThan(500);
    expect((await anonymous.post("/sign-in/sso", { email: "erin@dns.acme.test", callbackURL: "/" })).status).toBe(404);
    expect((await anonymous.post("/sign-in/sso", { organizationSlug: world.slug, callbackURL: "/" })).status).toBeGreaterThanOrEqual(400);
  });

  it("gives a new token to an owner or admin (201), not to a plain member (403)", async () => {
    expect((await world.member.browser.post("/sso/request-domain-verification", { providerId: "acme-dns" })).status).toBe(403);
    const response = await world.admin.browser.post("/sso/request-domain-verification", { providerId: "acme-dns" });
    expect(response.status).toBe(201);
    const { domainVerificationToken } = await readJSON<{ domainVerificationToken: string }>(response);
    expect(domainVerificationToken.length).toBeGreaterThanOrEqual(16);
    expect(domainVerificationToken).not.toBe(registered.domainVerificationToken);
    registered.domainVerificationToken = domainVerificationToken;
  });

  it("fails without a record and with a wrong value, asking the configured resolver, and stays unverified", async () => {
    const missing = await world.owner.browser.post("/sso/verify-domain", { providerId: "acme-dns" });
    expect(missing.status).toBe(502);
    expect(await readJSON(missing)).toMatchObject({ code: "DOMAIN_VERIFICATION_FAILED" });
    expect(world.dns.queries).toContain(record);
    world.dns.setTxt(record, ["not-the-token", "v=spf1 -all"]);
    expect((await world.owner.browser.post("/sso/verify-domain", { providerId: "acme-dns" })).status).toBe(502);
    expect(await readJSON(await world.owner.browser.get("/sso/get-provider?providerId=acme-dns"))).toMatchObject({ domainVerified: false });
  });

  it("verifies with the token in its prefixed form (204), then answers 409; a plain member cannot verify", async () => {
    world.dns.setTxt(record, ["v=spf1 -all", `_better-auth-token-acme-dns=${registered.domainVerificationToken}`]);
    expect((await world.member.browser.post("/sso/verify-domain", { providerId: "acme-dns" })).status).toBe(403);
    const verified = await world.owner.browser.post("/sso/verify-domain", { providerId: "acme-dns" });
    expect(verified.status).toBe(204);
    expect(await readJSON(await world.owner.browser.get("/sso/get-provider?providerId=acme-dns"))).toMatchObject({ domainVerified: true });
    expect((await world.owner.browser.post("/sso/verify-domain", { providerId: "acme-dns" })).status).toBe(409);
    const anonymous = createTestBrowser(world.t.auth);
    expect((await anonymous.post("/sign-in/sso", { email: "erin@dns.acme.test", callbackURL: "/" })).status).toBe(200);
    expect((await anonymous.post("/sign-in/sso", { organizationSlug: world.slug, callbackURL: "/" })).status).toBe(200);
  });

  it("tells /login whether an address's domain signs in through an organization's provider, from the domain alone: never whether an account exists", async () => {
    const anonymous = createTestBrowser(world.t.auth);
    const lookup = async (email: string) => {
      const response = await anonymous.post("/sso/domain-lookup", { email });
      expect(response.status, email).toBe(200);
      return readJSON<{ organizationName: string | null }>(response);
    };
    const organization = await readJSON<{ name: string }>(
      await world.owner.browser.get(`/organization/get-full-organization?organizationId=${world.organizationId}`),
    );
    // The verified domain, and a subdomain of it, name the organization; the same answer for an
    // address that has an account as for one that has none.
    const owned = await world.t.auth.api.signUpEmail({ body: { name: "Erin", email: "erin@dns.acme.test", password: "larch-ribbon-123" } });
    expect(owned.user.email).toBe("erin@dns.acme.test");
    expect(await lookup("erin@dns.acme.test")).toEqual({ organizationName: organization.name });
    expect(await lookup("nobody-here@dns.acme.test")).toEqual({ organizationName: organization.name });
    expect(await lookup("Someone@Eu.DNS.acme.test")).toEqual({ organizationName: organization.name });
    // What /login sends: the domain alone.
    const byDomain = await anonymous.post("/sso/domain-lookup", { domain: "dns.acme.test" });
    expect(await readJSON(byDomain)).toEqual({ organizationName: organization.name });
    // No provider, or one whose domain is not verified, is no.
    const unverified = await world.owner.browser.post("/sso/register", oidcRegistration(idp, world.organizationId, "acme-unverified", "unverified.acme.test"));
    expect(unverified.status).toBe(200);
    expect(await lookup(`${world.outsider.email}`)).toEqual({ organizationName: null });
    expect(await lookup("erin@unverified.acme.test")).toEqual({ organizationName: null });
    expect(await lookup("not an address")).toEqual({ organizationName: null });
    expect((await anonymous.post("/sso/domain-lookup", {})).status).toBe(400);
  });

  it("verifies with the bare token as the record's value", async () => {
    const second = await readJSON<RegisteredProvider>(
      await world.owner.browser.post("/sso/register", oidcRegistration(idp, world.organizationId, "acme-dns-2", "two.acme.test")),
    );
    world.dns.setTxt("_better-auth-token-acme-dns-2.two.acme.test", [second.domainVerificationToken]);
    expect((await world.owner.browser.post("/sso/verify-domain", { providerId: "acme-dns-2" })).status).toBe(204);
  });
});

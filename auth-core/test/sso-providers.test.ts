import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestBrowser, readJSON, seedOrganization, testDialects, type TestOpenIDProvider } from "../testing/index.js";
import {
  createSsoWorld,
  oidcRegistration,
  registerVerifiedOidc,
  runSsoFlow,
  ssoPerson,
  ssoRedirectURI,
  startSsoIdp,
  type RegisteredProvider,
  type SsoWorld,
} from "./sso-support.js";

interface WireProvider {
  providerId: string;
  organizationId: string;
  domain: string;
  domainVerified: boolean;
  redirectURI: string;
  oidcConfig?: { scopes: string[]; clientId: string; pkce: boolean; tokenEndpointAuthentication: string; authorizationEndpoint: string };
}

describe.each(testDialects())("SSO provider management on %s", (dialect) => {
  let idp: TestOpenIDProvider;
  let world: SsoWorld;
  beforeAll(async () => {
    idp = await startSsoIdp(["acme-oidc", "acme-scoped", "acme-gone", "acme-member-try"]);
    world = await createSsoWorld(dialect, idp);
  });
  afterAll(async () => {
    await world.destroy();
    await idp.close();
  });

  it("answers 401 to a valid registration without a session", async () => {
    const anonymous = createTestBrowser(world.t.auth);
    const response = await anonymous.post("/sso/register", oidcRegistration(idp, world.organizationId, "acme-anon", "acme-anon.test"));
    expect(response.status).toBe(401);
  });

  it("lets only an owner or admin of the organization register", async () => {
    const byMember = await world.member.browser.post("/sso/register", oidcRegistration(idp, world.organizationId, "acme-member-try", "acme-m.test"));
    expect(byMember.status).toBe(403);
    const byOutsider = await world.outsider.browser.post("/sso/register", oidcRegistration(idp, world.organizationId, "acme-member-try", "acme-m.test"));
    expect([400, 403]).toContain(byOutsider.status);
    expect((await world.owner.browser.get("/sso/get-provider?providerId=acme-member-try")).status).toBe(404);
  });

  it("registers an OpenID provider from its discovery document, with better-auth's defaults and no secret in any answer", async () => {
    const response = await world.admin.browser.post("/sso/register", oidcRegistration(idp, world.organizationId, "acme-oidc", "acme.test"));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain("acme-secret");
    const registered = JSON.parse(text) as RegisteredProvider & WireProvider;
    expect(registered).toMatchObject({ providerId: "acme-oidc", organizationId: world.organizationId, domain: "acme.test", domainVerified: false });
    expect(registered.redirectURI).toBe(ssoRedirectURI("acme-oidc"));
    expect(registered.domainVerificationToken.length).toBeGreaterThanOrEqual(16);
    expect(registered.oidcConfig).toMatchObject({
      clientId: "acme-gatehouse",
      scopes: ["openid", "email", "profile", "offline_access"],
      pkce: true,
      tokenEndpointAuthentication: "client_secret_basic",
      authorizationEndpoint: `${idp.issuer}/auth`,
    });

    const got = await world.owner.browser.get("/sso/get-provider?providerId=acme-oidc");
    expect(got.status).toBe(200);
    const gotText = await got.text();
    expect(gotText).not.toContain("acme-secret");
    expect(JSON.parse(gotText)).toMatchObject({
      providerId: "acme-oidc",
      organizationId: world.organizationId,
      domainVerified: false,
      oidcConfig: { scopes: expect.any(Array) },
    });
    expect((await world.member.browser.get("/sso/get-provider?providerId=acme-oidc")).status).toBe(403);
    expect((await world.outsider.browser.get("/sso/get-provider?providerId=acme-oidc")).status).toBe(403);

    const listed = await readJSON<{ providers: WireProvider[] }>(await world.owner.browser.get("/sso/providers"));
    expect(listed.providers.map((p) => p.providerId)).toContain("acme-oidc");
    const listedText = await (await world.owner.browser.get("/sso/providers")).text();
    expect(listedText).not.toContain("acme-secret");
    expect(await readJSON(await world.member.browser.get("/sso/providers"))).toEqual({ providers: [] });

    const duplicate = await world.owner.browser.post("/sso/register", oidcRegistration(idp, world.organizationId, "acme-oidc", "acme.test"));
    expect(duplicate.status).toBe(422);
  });

  it("refuses a public email domain and a domain that is no domain", async () => {
    for (const domain of ["gmail.com", "Outlook.com", "not a domain", "localhost"]) {
      const response = await world.owner.browser.post("/sso/register", oidcRegistration(idp, world.organizationId, "acme-public", domain));
      expect(response.status, domain).toBe(400);
    }
  });

  it("updates the scopes: later authorization URLs ask for exactly those; a plain member cannot update", async () => {
    await registerVerifiedOidc(world, idp, "acme-scoped", "scoped.acme.test");
    const byMember = await world.member.browser.post("/sso/update-provider", { providerId: "acme-scoped", oidcConfig: { scopes: ["openid"] } });
    expect(byMember.status).toBe(403);
    const updated = await world.owner.browser.post("/sso/update-provider", {
      providerId: "acme-scoped",
      oidcConfig: { scopes: ["openid", "email"] },
    });
    expect(updated.status).toBe(200);
    expect((await readJSON<WireProvider>(updated)).oidcConfig?.scopes).toEqual(["openid", "email"]);
    const start = await readJSON<{ url: string }>(
      await createTestBrowser(world.t.auth).post("/sign-in/sso", { providerId: "acme-scoped", callbackURL: "/dashboard" }),
    );
    expect(new URL(start.url).searchParams.get("scope")).toBe("openid email");
    // The stored client secret was kept: the code exchange (client_secret_basic) still passes.
    idp.setPerson(ssoPerson("scoped.acme.test"));
    expect((await runSsoFlow(createTestBrowser(world.t.auth), idp, { providerId: "acme-scoped" })).location).toBe("/dashboard");
  });

  it("deletes: a plain member cannot; afterwards get-provider and every way to sign in through it answer 404", async () => {
    await registerVerifiedOidc(world, idp, "acme-gone", "gone.acme.test");
    expect((await world.member.browser.post("/sso/delete-provider", { providerId: "acme-gone" })).status).toBe(403);
    expect(await readJSON(await world.owner.browser.post("/sso/delete-provider", { providerId: "acme-gone" }))).toEqual({ success: true });
    expect((await world.owner.browser.get("/sso/get-provider?providerId=acme-gone")).status).toBe(404);
    const anonymous = createTestBrowser(world.t.auth);
    expect((await anonymous.post("/sign-in/sso", { providerId: "acme-gone", callbackURL: "/" })).status).toBe(404);
    expect((await anonymous.post("/sign-in/sso", { domain: "gone.acme.test", callbackURL: "/" })).status).toBe(404);
    expect((await anonymous.post("/sign-in/sso", { email: "someone@gone.acme.test", callbackURL: "/" })).status).toBe(404);
    // By its organization's slug too, once the organization has no provider left.
    const solo = await seedOrganization(world.t.auth, { [world.owner.userId]: "owner" });
    await registerVerifiedOidc({ ...world, organizationId: solo.organizationId }, idp, "solo-gone", "solo.acme.test");
    expect((await anonymous.post("/sign-in/sso", { organizationSlug: solo.slug, callbackURL: "/" })).status).toBe(200);
    expect((await world.owner.browser.post("/sso/delete-provider", { providerId: "solo-gone" })).status).toBe(200);
    expect((await anonymous.post("/sign-in/sso", { organizationSlug: solo.slug, callbackURL: "/" })).status).toBe(404);
  });

  it("writes an audit row for every change", async () => {
    const rows = await world.t.auth.context.db
      .selectFrom("securityEvent")
      .select(["type", "organizationId"])
      .where("organizationId", "=", world.organizationId)
      .execute();
    const types = rows.map((r) => r.type);
    for (const type of ["sso-provider-registered", "sso-provider-updated", "sso-provider-deleted", "sso-domain-verified"]) expect(types).toContain(type);
  });
});

describe.each(testDialects())("SSO: the identity provider's URLs must be public or trusted, on %s", (dialect) => {
  let idp: TestOpenIDProvider;
  let world: SsoWorld;
  beforeAll(async () => {
    idp = await startSsoIdp(["loopback"]);
    // No TRUSTED_ORIGINS: the provider on the loopback interface is refused.
    world = await createSsoWorld(dialect, null);
  });
  afterAll(async () => {
    await world.destroy();
    await idp.close();
  });

  it("refuses an issuer on a loopback, private or link-local host with 400 and creates nothing", async () => {
    for (const issuer of [
      "http://127.0.0.1:9/realm",
      idp.issuer,
      "https://10.1.2.3/",
      "https://169.254.169.254/latest",
      "https://[::1]/",
      "https://localhost/",
      "https://[::ffff:127.0.0.1]/",
    ]) {
      const response = await world.owner.browser.post("/sso/register", {
        ...oidcRegistration(idp, world.organizationId, "loopback", "loop.test"),
        issuer,
      });
      expect(response.status, issuer).toBe(400);
      expect((await world.owner.browser.get("/sso/get-provider?providerId=loopback")).status).toBe(404);
    }
  });

  it("refuses explicit endpoints on a private host even when the issuer is public", async () => {
    const response = await world.owner.browser.post("/sso/register", {
      providerId: "loopback",
      issuer: "https://93.184.215.14",
      domain: "loop.test",
      organizationId: world.organizationId,
      oidcConfig: {
        clientId: "c",
        clientSecret: "s",
        authorizationEndpoint: "https://93.184.215.14/auth",
        tokenEndpoint: "http://127.0.0.1:9/token",
        jwksEndpoint: "https://93.184.215.14/jwks",
      },
    });
    expect(response.status).toBe(400);
    expect((await world.owner.browser.get("/sso/get-provider?providerId=loopback")).status).toBe(404);
  });
});

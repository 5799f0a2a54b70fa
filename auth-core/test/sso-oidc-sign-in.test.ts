import { generateKeyPair, SignJWT, decodeJwt, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestBrowser, readJSON, seedOrganization, testDialects, type TestOpenIDProvider } from "../testing/index.js";
import { testSigningKeyPair } from "../testing/signing-keys.js";
import type { WireFullOrganization, WireOrganization, WireSessionResult } from "../src/shared/wire-types.js";
import { createSsoWorld, oidcRegistration, registerVerifiedOidc, runSsoFlow, ssoPerson, startSsoIdp, type SsoWorld } from "./sso-support.js";

/** How the test rewrites the ID token in the provider's token answer (null: untouched). */
let forge: ((idToken: string) => Promise<string>) | null = null;

describe.each(testDialects())("SSO sign-in through an organization's OpenID provider on %s", (dialect) => {
  let idp: TestOpenIDProvider;
  let world: SsoWorld;
  beforeAll(async () => {
    idp = await startSsoIdp(["acme", "globex", "evil"]);
    world = await createSsoWorld(dialect, idp);
    // The token endpoint's answer passes through the test, which may swap the ID token.
    const realFetch = world.t.auth.context.fetch;
    world.t.auth.context.fetch = async (input, init) => {
      const response = await realFetch(input, init);
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (!forge || url !== `${idp.issuer}/token`) return response;
      const json = (await response.json()) as { id_token: string };
      json.id_token = await forge(json.id_token);
      return new Response(JSON.stringify(json), { status: response.status, headers: { "content-type": "application/json" } });
    };
    await registerVerifiedOidc(world, idp, "acme", "acme.test");
    await registerVerifiedOidc(world, idp, "globex", "globex.test");
  });
  afterAll(async () => {
    await world.destroy();
    await idp.close();
  });

  async function sessionOf(browser: ReturnType<typeof createTestBrowser>): Promise<WireSessionResult | null> {
    return readJSON<WireSessionResult | null>(await browser.get("/get-session"));
  }

  it("starts at the provider's authorization endpoint with the client, redirect URI, code flow, openid, a fresh state and S256 PKCE", async () => {
    const browser = createTestBrowser(world.t.auth);
    const urls: URL[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await browser.post("/sign-in/sso", { email: "erin@acme.test", callbackURL: "/dashboard" });
      expect(response.status).toBe(200);
      const body = await readJSON<{ url: string; redirect: boolean }>(response);
      expect(body.redirect).toBe(true);
      urls.push(new URL(body.url));
    }
    const [url, again] = urls as [URL, URL];
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/auth`);
    expect(url.searchParams.get("client_id")).toBe("acme-gatehouse");
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:3000/api/auth/sso/callback/acme");
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("scope")!.split(" ")).toContain("openid");
    expect(url.searchParams.get("state")!.length).toBeGreaterThanOrEqual(16);
    expect(url.searchParams.get("state")).not.toBe(again.searchParams.get("state"));
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // By slug and by id too.
    expect((await browser.post("/sign-in/sso", { organizationSlug: world.slug, callbackURL: "/" })).status).toBe(200);
    expect((await browser.post("/sign-in/sso", { providerId: "globex", callbackURL: "/" })).status).toBe(200);
    expect((await browser.post("/sign-in/sso", { email: "erin@unknown.test", callbackURL: "/" })).status).toBe(404);
  });

  it("signs a person in, names them from the claims, and makes them a member once; the same sub is the same user", async () => {
    const erin = ssoPerson("acme.test", { name: "Erin Example" });
    idp.setPerson(erin);
    const browser = createTestBrowser(world.t.auth);
    const flow = await runSsoFlow(browser, idp, { email: erin.email });
    expect(flow.callback.status).toBe(302);
    expect(flow.location).toBe("/dashboard");
    const session = await sessionOf(browser);
    expect(session?.user).toMatchObject({ email: erin.email, name: "Erin Example" });
    const userId = session!.user.id;

    const again = createTestBrowser(world.t.auth);
    expect((await runSsoFlow(again, idp, { providerId: "acme" })).location).toBe("/dashboard");
    expect((await sessionOf(again))?.user.id).toBe(userId);

    const full = await readJSON<WireFullOrganization>(
      await world.owner.browser.get(`/organization/get-full-organization?organizationId=${world.organizationId}`),
    );
    const memberships = full.members.filter((m) => m.userId === userId);
    expect(memberships.map((m) => m.role)).toEqual(["member"]);
    const organizations = await readJSON<WireOrganization[]>(await browser.get("/organization/list"));
    expect(organizations.map((o) => o.id)).toContain(world.organizationId);

    const other = ssoPerson("acme.test");
    idp.setPerson(other);
    const third = createTestBrowser(world.t.auth);
    await runSsoFlow(third, idp, { providerId: "acme" });
    const otherUser = (await sessionOf(third))!.user;
    expect(otherUser.id).not.toBe(userId);
    expect(otherUser.email).toBe(other.email);
  });

  it("refuses provider A's code and state at provider B's callback", async () => {
    idp.setPerson(ssoPerson("acme.test"));
    const browser = createTestBrowser(world.t.auth);
    const flow = await runSsoFlow(browser, idp, { providerId: "acme" }, "globex");
    expect(flow.callback.status).toBe(302);
    expect(new URL(flow.location, "http://x").searchParams.get("error")).toBeTruthy();
    expect(flow.location).not.toBe("/dashboard");
    expect(await sessionOf(browser)).toBeNull();
  });

  it("refuses the callback in another browser than the one that started, and a made-up state", async () => {
    idp.setPerson(ssoPerson("acme.test"));
    const starter = createTestBrowser(world.t.auth);
    const start = await readJSON<{ url: string }>(await starter.post("/sign-in/sso", { providerId: "acme", callbackURL: "/dashboard" }));
    const returned = await idp.authorize(start.url);
    const stranger = createTestBrowser(world.t.auth);
    const callback = await stranger.get(`/sso/callback/acme${returned.search}`);
    expect(callback.headers.get("location")).toContain("error=");
    expect(stranger.cookies.size).toBe(0);
    expect(await sessionOf(stranger)).toBeNull();

    const madeUp = await starter.get(`/sso/callback/acme?code=abc&state=${"x".repeat(32)}`);
    expect(madeUp.headers.get("location")).toContain("error=");
    expect(await sessionOf(starter)).toBeNull();
  });

  it("refuses an ID token for another audience and one signed by a key outside the provider's JWKS", async () => {
    const jwks = (await (await fetch(`${idp.issuer}/jwks`)).json()) as { keys: JWK[] };
    const kid = jwks.keys[0]!.kid!;
    const { privateKey } = await testSigningKeyPair("RS256");
    const stranger = await generateKeyPair("RS256");
    const cases: Array<[string, (claims: Record<string, unknown>) => Promise<string>]> = [
      ["another audience", (claims) => new SignJWT({ ...claims, aud: "someone-else" }).setProtectedHeader({ alg: "RS256", kid }).sign(privateKey)],
      ["a key not in the JWKS", (claims) => new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid }).sign(stranger.privateKey)],
    ];
    // The forging itself works: the same re-signing with the provider's key and audience passes.
    forge = async (token) => new SignJWT(decodeJwt(token)).setProtectedHeader({ alg: "RS256", kid }).sign(privateKey);
    idp.setPerson(ssoPerson("acme.test"));
    const control = createTestBrowser(world.t.auth);
    expect((await runSsoFlow(control, idp, { providerId: "acme" })).location).toBe("/dashboard");
    for (const [label, sign] of cases) {
      forge = (token) => sign(decodeJwt(token));
      idp.setPerson(ssoPerson("acme.test"));
      const browser = createTestBrowser(world.t.auth);
      const flow = await runSsoFlow(browser, idp, { providerId: "acme" });
      expect(flow.location, label).toContain("error=");
      expect(await sessionOf(browser), label).toBeNull();
    }
    forge = null;
  });

  it("an address outside the provider's domain never reaches an account of that address; the domain's own provider proves it and removes the stranger's link", async () => {
    // Another organization's provider, for its own verified domain, claims an address of acme.test.
    const evilOrg = await seedOrganization(world.t.auth, { [world.outsider.userId]: "owner" });
    const registered = await world.outsider.browser.post("/sso/register", { ...oidcRegistration(idp, evilOrg.organizationId, "evil", "evil.test") });
    expect(registered.status).toBe(200);
    world.dns.setTxt("_better-auth-token-evil.evil.test", [(await readJSON<{ domainVerificationToken: string }>(registered)).domainVerificationToken]);
    expect((await world.outsider.browser.post("/sso/verify-domain", { providerId: "evil" })).status).toBe(204);

    // An account that exists already is not reached from outside its domain.
    const existing = ssoPerson("acme.test");
    idp.setPerson(existing);
    await runSsoFlow(createTestBrowser(world.t.auth), idp, { providerId: "acme" });
    idp.setPerson({ ...existing, sub: "evil-sub-1" });
    const refused = createTestBrowser(world.t.auth);
    expect((await runSsoFlow(refused, idp, { providerId: "evil" })).location).toContain("error=account_not_linked");
    expect(await sessionOf(refused)).toBeNull();

    // An address nobody holds yet: the stranger's provider gets an unproven account...
    const victim = `victim-${Date.now()}@acme.test`;
    idp.setPerson({ sub: "evil-sub-2", email: victim, emailVerified: true, name: "Squatter" });
    const squatter = createTestBrowser(world.t.auth);
    expect((await runSsoFlow(squatter, idp, { providerId: "evil" })).location).toBe("/dashboard");
    expect((await sessionOf(squatter))?.user).toMatchObject({ email: victim, emailVerified: false });
    // ...until acme's own provider proves the address: the stranger's link and sessions go.
    idp.setPerson({ sub: "acme-victim", email: victim, emailVerified: true, name: "Victim" });
    const owner = createTestBrowser(world.t.auth);
    expect((await runSsoFlow(owner, idp, { providerId: "acme" })).location).toBe("/dashboard");
    expect((await sessionOf(owner))?.user).toMatchObject({ email: victim, emailVerified: true });
    expect(await sessionOf(squatter)).toBeNull();
    idp.setPerson({ sub: "evil-sub-2", email: victim, emailVerified: true, name: "Squatter" });
    const again = createTestBrowser(world.t.auth);
    expect((await runSsoFlow(again, idp, { providerId: "evil" })).location).toContain("error=");
    expect(await sessionOf(again)).toBeNull();
  });

  it("does not finish a flow that was at the provider when the provider was deleted", async () => {
    idp.setPerson(ssoPerson("globex.test"));
    const browser = createTestBrowser(world.t.auth);
    const start = await readJSON<{ url: string }>(await browser.post("/sign-in/sso", { providerId: "globex", callbackURL: "/dashboard" }));
    const returned = await idp.authorize(start.url);
    expect((await world.owner.browser.post("/sso/delete-provider", { providerId: "globex" })).status).toBe(200);
    const callback = await browser.get(`/sso/callback/globex${returned.search}`);
    expect(callback.headers.get("location")).toContain("error=");
    expect(await sessionOf(browser)).toBeNull();
  });
});

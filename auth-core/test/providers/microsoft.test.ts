/**
 * Microsoft's quirks beyond the contract: the Graph photo as a data: URL (spec §9 size 48), and
 * the tenant rules on the issuer, which names the signing-in person's tenant (`{tid}`).
 */
import { afterEach, describe, expect, it } from "vitest";
import { createTestBrowser } from "../../testing/index.js";
import { fixture, PHOTO_BYTES } from "./fixtures/microsoft.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";
import type { ProviderFixture } from "./stand-in.js";

const AUTHORITY = "https://login.microsoftonline.com";
const CONSUMERS = "9188040d-6c67-4c5b-b112-36a304b66dad";
const OTHER_TENANT = "0b5a3c1e-2f4d-4e6a-8b7c-9d0e1f2a3b4c";
const withPhoto = { ...fixture.options, disableProfilePhoto: false };

let flow: ProviderFlow | undefined;
afterEach(async () => {
  await flow?.t.destroy();
  flow = undefined;
});

/** The fixture moved to another tenant segment of the URLs, its people optionally from tenant `tid`. */
function onTenant(tenant: string, tid?: string): ProviderFixture {
  const swap = (url: string): string => url.replace("/common/", `/${tenant}/`);
  const idToken = fixture.idToken!;
  return {
    ...fixture,
    authorize: { ...fixture.authorize, url: swap(fixture.authorize.url) },
    token: { ...fixture.token, url: swap(fixture.token.url) },
    idToken: {
      jwksURL: swap(idToken.jwksURL),
      issuer: tid ? `${AUTHORITY}/${tid}/v2.0` : idToken.issuer,
      claims: tid ? { ...idToken.claims, tid } : idToken.claims,
    },
  };
}

async function idTokenSignIn(f: ProviderFlow, tid: string, issuerTid = tid): Promise<number> {
  const token = await f.standIn.signIdToken("n", { issuer: `${AUTHORITY}/${issuerTid}/v2.0`, claims: { tid } });
  return (await createTestBrowser(f.t.auth).post("/sign-in/social", { provider: "microsoft", idToken: { token, nonce: "n" } })).status;
}

describe("microsoft profile photo", () => {
  it("reads the 48×48 photo from Graph with the access token into a data: URL", async () => {
    flow = await startProviderFlow(fixture, withPhoto);
    expect((await flow.run()).location).toBe("/dashboard");
    expect((await flow.sessionUser())?.image).toBe(`data:image/jpeg;base64,${PHOTO_BYTES.toString("base64")}`);
    const photoCall = flow.standIn.requests.find((r) => r.url.hostname === "graph.microsoft.com");
    expect(photoCall?.url.pathname).toBe("/v1.0/me/photos/48x48/$value");
    expect(photoCall?.headers.get("authorization")).toBe(`Bearer ${flow.standIn.issuedAccessTokens[0]}`);
  });

  it("asks for the configured size", async () => {
    const sized = {
      ...fixture,
      api: { "https://graph.microsoft.com/v1.0/me/photos/96x96/$value": () => new Response(PHOTO_BYTES, { headers: { "content-type": "image/jpeg" } }) },
    };
    flow = await startProviderFlow(sized, { ...withPhoto, profilePhotoSize: 96 });
    await flow.run();
    expect((await flow.sessionUser())?.image).toMatch(/^data:image\/jpeg;base64,/);
  });

  it("signs in without an image when the person has no photo (404) or Graph fails", async () => {
    flow = await startProviderFlow({ ...fixture, api: {} }, withPhoto);
    expect((await flow.run()).location).toBe("/dashboard");
    expect(await flow.sessionUser()).toMatchObject({ name: "Ada Lovelace", image: null });
    await flow.t.destroy();

    flow = await startProviderFlow(fixture, withPhoto);
    flow.standIn.fail("https://graph.microsoft.com/v1.0/me/photos/48x48/$value", "hang");
    expect((await flow.run()).location).toBe("/dashboard");
    expect((await flow.sessionUser())?.image).toBeNull();
  });
});

describe("microsoft public client", () => {
  it("sends only its client id (and PKCE) when it has no secret", async () => {
    const { clientSecret: _secret, ...publicOptions } = fixture.options;
    flow = await startProviderFlow({ ...fixture, token: { ...fixture.token, auth: "none" } }, publicOptions);
    expect((await flow.run()).location).toBe("/dashboard");
    const exchange = flow.standIn.requests.find((r) => r.url.href === fixture.token.url);
    expect(exchange?.body.client_secret).toBeUndefined();
    expect(exchange?.body.code_verifier).toBeTruthy();
  });
});

describe("microsoft tenants", () => {
  it("common: accepts any tenant whose issuer names the token's own tid", async () => {
    flow = await startProviderFlow(fixture);
    expect(await idTokenSignIn(flow, OTHER_TENANT)).toBe(200);
  });

  it("refuses an issuer that names another tenant than the token's tid", async () => {
    flow = await startProviderFlow(fixture);
    expect(await idTokenSignIn(flow, OTHER_TENANT, CONSUMERS)).toBe(401);
  });

  it("organizations: refuses personal accounts; consumers: only them", async () => {
    flow = await startProviderFlow(onTenant("organizations"), { ...fixture.options, tenantId: "organizations" });
    expect(await idTokenSignIn(flow, CONSUMERS)).toBe(401);
    expect(await idTokenSignIn(flow, OTHER_TENANT)).toBe(200);
    await flow.t.destroy();

    flow = await startProviderFlow(onTenant("consumers"), { ...fixture.options, tenantId: "consumers" });
    expect(await idTokenSignIn(flow, OTHER_TENANT)).toBe(401);
    expect(await idTokenSignIn(flow, CONSUMERS)).toBe(200);
  });

  it("an external (CIAM) authority: the issuer on the tenant's own ciamlogin.com host", async () => {
    const ciam = "https://gatehouse.ciamlogin.com";
    const external: ProviderFixture = {
      ...fixture,
      authorize: { ...fixture.authorize, url: fixture.authorize.url.replace(AUTHORITY, ciam) },
      token: { ...fixture.token, url: fixture.token.url.replace(AUTHORITY, ciam) },
      idToken: {
        ...fixture.idToken!,
        jwksURL: fixture.idToken!.jwksURL.replace(AUTHORITY, ciam),
        issuer: `https://${OTHER_TENANT}.ciamlogin.com/${OTHER_TENANT}/v2.0`,
      },
    };
    flow = await startProviderFlow(external, { ...fixture.options, authority: ciam });
    const token = await flow.standIn.signIdToken("n", { claims: { tid: OTHER_TENANT } });
    const browser = createTestBrowser(flow.t.auth);
    expect((await browser.post("/sign-in/social", { provider: "microsoft", idToken: { token, nonce: "n" } })).status).toBe(200);
    const elsewhere = await flow.standIn.signIdToken("n", { claims: { tid: CONSUMERS } });
    expect((await browser.post("/sign-in/social", { provider: "microsoft", idToken: { token: elsewhere, nonce: "n" } })).status).toBe(401);
  });

  it("a tenant id: its own endpoints, and only its own people", async () => {
    flow = await startProviderFlow(onTenant(OTHER_TENANT, OTHER_TENANT), { ...fixture.options, tenantId: OTHER_TENANT, prompt: "select_account" });
    const { authorizationURL, location } = await flow.run();
    expect(location).toBe("/dashboard");
    expect(authorizationURL.pathname).toBe(`/${OTHER_TENANT}/oauth2/v2.0/authorize`);
    expect(authorizationURL.searchParams.get("prompt")).toBe("select_account");
    expect(await idTokenSignIn(flow, CONSUMERS)).toBe(401);
  });

  it("a tenant domain name: only the people of the tenant its discovery document names", async () => {
    const domain = "contoso.onmicrosoft.com";
    const onDomain = onTenant(domain, OTHER_TENANT);
    const documents = {
      [`${AUTHORITY}/${domain}/v2.0/.well-known/openid-configuration`]: {
        issuer: `${AUTHORITY}/${OTHER_TENANT}/v2.0`,
        jwks_uri: `${AUTHORITY}/${domain}/discovery/v2.0/keys`,
      },
    };
    flow = await startProviderFlow({ ...onDomain, documents }, { ...fixture.options, tenantId: domain });
    expect((await flow.run()).location).toBe("/dashboard");
    expect(await idTokenSignIn(flow, OTHER_TENANT)).toBe(200);
    // Any other tenant's token for the same (multi-tenant) app is refused, personal accounts too.
    expect(await idTokenSignIn(flow, CONSUMERS)).toBe(401);
  });
});

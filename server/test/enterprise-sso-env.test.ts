import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  startTestDNSServer,
  startTestOpenIDProvider,
  TEST_SCRYPT_PARAMS,
  TEST_SECRET,
  type TestDatabase,
  type TestDNSServer,
  type TestOpenIDProvider,
} from "@gatehouse/auth-core/testing";
import { silentLogger } from "@gatehouse/auth-core";
import { createApp } from "../src/app.js";
import { createServerAuth } from "../src/auth.js";
import { readConfig } from "../src/env.js";

const BASE = "http://localhost:3000";

/** The server's enterprise SSO variables: DNS_SERVERS for domain verification, TRUSTED_ORIGINS for a private IdP. */
describe("enterprise SSO in the server: DNS_SERVERS and TRUSTED_ORIGINS", () => {
  let database: TestDatabase | undefined;
  let dns: TestDNSServer;
  let idp: TestOpenIDProvider;
  beforeAll(async () => {
    dns = await startTestDNSServer();
    idp = await startTestOpenIDProvider({
      clients: [
        { clientId: "acme", clientSecret: "secret", redirectURIs: [`${BASE}/api/auth/sso/callback/acme`], tokenEndpointAuthMethod: "client_secret_basic" },
      ],
    });
  });
  afterAll(async () => {
    await idp.close();
    await dns.close();
  });
  afterEach(async () => database?.destroy());

  it("reads DNS_SERVERS as a host:port list, and refuses what is none", () => {
    expect(readConfig({}).dnsServers).toEqual([]);
    expect(readConfig({ DNS_SERVERS: "127.0.0.1:5353, [::1]:53,10.0.0.2" }).dnsServers).toEqual(["127.0.0.1:5353", "[::1]:53", "10.0.0.2"]);
    expect(() => readConfig({ DNS_SERVERS: "127.0.0.1:53 ; rm -rf" })).toThrow();
  });

  async function serverApp(env: Record<string, string>) {
    database = await createTestDatabase("sqlite");
    const auth = createServerAuth({
      config: readConfig({ RATE_LIMIT: "off", ...env }),
      db: database.db,
      dialect: "sqlite",
      secret: TEST_SECRET,
      mailer: { send: async () => {} },
      logger: silentLogger,
      scrypt: TEST_SCRYPT_PARAMS,
    });
    const app = createApp({ auth, logger: silentLogger });
    // A directory's request: its bearer token, SCIM's media type, no cookie and no Origin (a server).
    const scim = (token: string, method: string, path: string, body?: unknown): Promise<Response> =>
      Promise.resolve(
        app.request(`${BASE}/api/auth/scim/v2${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/scim+json" }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
    let cookie = "";
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> => {
      const response = await app.request(`${BASE}/api/auth${path}`, {
        method,
        headers: { origin: BASE, ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const set = response.headers.getSetCookie().find((line) => line.includes("session_token="));
      if (set) cookie = set.split(";")[0]!;
      return response;
    };
    expect((await call("POST", "/sign-up/email", { name: "Olive", email: "olive@example.org", password: "correct horse battery" })).status).toBe(200);
    const organization = (await (await call("POST", "/organization/create", { name: "Acme", slug: "acme" })).json()) as { id: string };
    return { call, scim, organizationId: organization.id };
  }

  it("without TRUSTED_ORIGINS refuses an IdP on the loopback interface (400) and keeps nothing", async () => {
    const { call, organizationId } = await serverApp({});
    const register = await call("POST", "/sso/register", {
      providerId: "acme",
      issuer: idp.issuer,
      domain: "acme.test",
      organizationId,
      oidcConfig: { clientId: "acme", clientSecret: "secret" },
    });
    expect(register.status).toBe(400);
    expect((await call("GET", "/sso/get-provider?providerId=acme")).status).toBe(404);
  });

  it("with both set: registers the IdP, verifies the domain at DNS_SERVERS, and serves SCIM's PATCH and DELETE through the app", async () => {
    const { call, scim: scimAs, organizationId } = await serverApp({ TRUSTED_ORIGINS: idp.issuer, DNS_SERVERS: dns.address });
    const register = await call("POST", "/sso/register", {
      providerId: "acme",
      issuer: idp.issuer,
      domain: "acme.test",
      organizationId,
      oidcConfig: { clientId: "acme", clientSecret: "secret" },
    });
    expect(register.status).toBe(200);
    const { domainVerificationToken } = (await register.json()) as { domainVerificationToken: string };
    dns.setTxt("_better-auth-token-acme.acme.test", [domainVerificationToken]);
    expect((await call("POST", "/sso/verify-domain", { providerId: "acme" })).status).toBe(204);
    expect(dns.queries).toContain("_better-auth-token-acme.acme.test");
    const start = await call("POST", "/sign-in/sso", { email: "erin@acme.test", callbackURL: "/" });
    expect(new URL(((await start.json()) as { url: string }).url).origin).toBe(idp.issuer);

    const { scimToken } = (await (await call("POST", "/scim/generate-token", { organizationId })).json()) as { scimToken: string };
    const scim = (method: string, path: string, body?: unknown): Promise<Response> => scimAs(scimToken, method, path, body);
    const created = await scim("POST", "/Users", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      userName: "pat@acme.test",
      emails: [{ value: "pat@acme.test" }],
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const patched = await scim("PATCH", `/Users/${id}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "replace", path: "active", value: false }],
    });
    expect(patched.status).toBe(200);
    expect(patched.headers.get("content-type")).toContain("application/scim+json");
    expect((await scim("PUT", `/Users/${id}`, { userName: "pat@acme.test", active: true })).status).toBe(200);
    expect((await scim("DELETE", `/Users/${id}`)).status).toBe(204);
  });
});

import { randomBytes } from "node:crypto";
import type { Mailer } from "../src/email/mailer.js";
import type { Logger } from "../src/deps/logger.js";
import {
  createTestAuth,
  readJSON,
  seedOrganization,
  signUpPerson,
  startTestDNSServer,
  startTestOpenIDProvider,
  TEST_BASE_URL,
  type OIDCPerson,
  type TestAuth,
  type TestBrowser,
  type TestDialect,
  type TestDNSServer,
  type TestOpenIDProvider,
  type TestPerson,
} from "../testing/index.js";

/** Shared set-up of the enterprise sign-in tests: an organization's own OpenID provider and a DNS server. */
const SSO_CLIENT = { clientId: "acme-gatehouse", clientSecret: "acme-secret/with+symbols" };
const OTHER_SSO_CLIENT = { clientId: "acme-other-app", clientSecret: "other-secret" };

export function ssoRedirectURI(providerId: string): string {
  return `${TEST_BASE_URL}/api/auth/sso/callback/${providerId}`;
}

/** A real OpenID provider whose clients authenticate with HTTP Basic (the SSO default) and require PKCE. */
export function startSsoIdp(providerIds: string[]): Promise<TestOpenIDProvider> {
  return startTestOpenIDProvider({
    clients: [
      { ...SSO_CLIENT, redirectURIs: providerIds.map(ssoRedirectURI), tokenEndpointAuthMethod: "client_secret_basic" },
      { ...OTHER_SSO_CLIENT, redirectURIs: providerIds.map(ssoRedirectURI), tokenEndpointAuthMethod: "client_secret_basic" },
    ],
  });
}

export interface SsoWorld {
  t: TestAuth;
  dns: TestDNSServer;
  owner: TestPerson;
  admin: TestPerson;
  member: TestPerson;
  outsider: TestPerson;
  organizationId: string;
  slug: string;
  destroy(): Promise<void>;
}

/**
 * An auth service that trusts the provider's origin (TRUSTED_ORIGINS) and asks the test DNS
 * server (DNS_SERVERS), and one organization with an owner, an admin and a plain member, plus
 * someone outside it. The provider's tokens are checked against real time, so the clock starts now.
 */
export async function createSsoWorld(
  dialect: TestDialect,
  idp: TestOpenIDProvider | null,
  mailer?: Mailer,
  logger?: Logger,
  /** More of the service's options (two-factor on, say). */
  more: { twoFactor?: { enabled: boolean } } = {},
): Promise<SsoWorld> {
  const dns = await startTestDNSServer();
  const t = await createTestAuth({
    dialect,
    now: new Date(),
    options: {
      rateLimit: { enabled: false },
      trustedOrigins: idp ? [idp.issuer] : [],
      sso: { dnsServers: [dns.address], dnsTimeoutSeconds: 2 },
      ...(mailer ? { mailer } : {}),
      ...(logger ? { logger } : {}),
      ...more,
    },
  });
  const tag = randomBytes(4).toString("hex");
  const owner = await signUpPerson(t.auth, "Olive Owner", `owner-${tag}@example.org`);
  const admin = await signUpPerson(t.auth, "Adam Admin", `admin-${tag}@example.org`);
  const member = await signUpPerson(t.auth, "Mia Member", `member-${tag}@example.org`);
  const outsider = await signUpPerson(t.auth, "Otto Outsider", `outsider-${tag}@example.org`);
  const seeded = await seedOrganization(t.auth, { [owner.userId]: "owner", [admin.userId]: "admin", [member.userId]: "member" });
  return {
    t,
    dns,
    owner,
    admin,
    member,
    outsider,
    organizationId: seeded.organizationId,
    slug: seeded.slug,
    destroy: async () => {
      await dns.close();
      await t.destroy();
    },
  };
}

export function oidcRegistration(idp: TestOpenIDProvider, organizationId: string, providerId: string, domain: string, client = SSO_CLIENT) {
  return { providerId, issuer: idp.issuer, domain, organizationId, oidcConfig: { ...client } };
}

export interface RegisteredProvider {
  providerId: string;
  organizationId: string;
  domain: string;
  redirectURI: string;
  domainVerified: boolean;
  domainVerificationToken: string;
}

/** Registers and verifies (through the test DNS server) an OpenID provider for the world's organization. */
export async function registerVerifiedOidc(
  world: SsoWorld,
  idp: TestOpenIDProvider,
  providerId: string,
  domain: string,
  client = SSO_CLIENT,
): Promise<RegisteredProvider> {
  const response = await world.owner.browser.post("/sso/register", oidcRegistration(idp, world.organizationId, providerId, domain, client));
  if (response.status !== 200) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  const registered = await readJSON<RegisteredProvider>(response);
  world.dns.setTxt(`_better-auth-token-${providerId}.${domain}`, [registered.domainVerificationToken]);
  const verified = await world.owner.browser.post("/sso/verify-domain", { providerId });
  if (verified.status !== 204) throw new Error(`verify-domain answered ${verified.status}: ${await verified.text()}`);
  return registered;
}

export function ssoPerson(domain: string, overrides: Partial<OIDCPerson> = {}): OIDCPerson {
  const sub = overrides.sub ?? `emp-${randomBytes(6).toString("hex")}`;
  return { sub, email: `${sub}@${domain}`, emailVerified: true, name: "Erin Employee", ...overrides };
}

export interface SsoFlow {
  started: { url: string; redirect: boolean };
  returned: URL;
  callback: Response;
  location: string;
}

/** The browser's round trip: /sign-in/sso, the provider, our callback. */
export async function runSsoFlow(browser: TestBrowser, idp: TestOpenIDProvider, body: Record<string, unknown>, callbackProviderId?: string): Promise<SsoFlow> {
  const start = await browser.post("/sign-in/sso", { callbackURL: "/dashboard", errorCallbackURL: "/login-error", ...body });
  if (start.status !== 200) throw new Error(`/sign-in/sso answered ${start.status}: ${await start.text()}`);
  const started = await readJSON<SsoFlow["started"]>(start);
  const returned = await idp.authorize(started.url);
  const providerId = callbackProviderId ?? returned.pathname.split("/").pop()!;
  const callback = await browser.get(`/sso/callback/${providerId}${returned.search}`);
  return { started, returned, callback, location: callback.headers.get("location") ?? "" };
}

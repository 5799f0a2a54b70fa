import { createHash, randomBytes } from "node:crypto";
import type { GoogleProviderOptions } from "../src/oauth/providers/google.js";
import {
  createTestAuth,
  createTestBrowser,
  startTestOpenIDProvider,
  TEST_BASE_URL,
  type OIDCPerson,
  type TestAuth,
  type TestAuthInput,
  type TestBrowser,
  type TestDialect,
  type TestOpenIDProvider,
} from "../testing/index.js";

/** Shared set-up of the social sign-in tests: one real OpenID provider per file. */
export const GOOGLE_CLIENT = { clientId: "gatehouse-test-client", clientSecret: "gatehouse-test-secret" };
/** A second app at the same provider: its ID tokens have the wrong audience for us. */
export const OTHER_CLIENT = { clientId: "some-other-app", clientSecret: "other-secret" };
/** A client that authenticates with HTTP Basic at the token endpoint. */
export const BASIC_CLIENT = { clientId: "basic-client", clientSecret: "basic:secret/with+symbols" };
export const REDIRECT_URI = `${TEST_BASE_URL}/api/auth/callback/google`;
export const OTHER_REDIRECT_URI = "http://127.0.0.1:9/other-callback";

export function startSocialProvider(accessTokenTTL?: number): Promise<TestOpenIDProvider> {
  return startTestOpenIDProvider({
    accessTokenTTL,
    clients: [
      { ...GOOGLE_CLIENT, redirectURIs: [REDIRECT_URI] },
      { ...OTHER_CLIENT, redirectURIs: [OTHER_REDIRECT_URI] },
      { ...BASIC_CLIENT, redirectURIs: [OTHER_REDIRECT_URI], tokenEndpointAuthMethod: "client_secret_basic" },
    ],
  });
}

/** The provider's tokens are checked against real time, so the test clock starts at now. */
export function createSocialAuth(
  dialect: TestDialect,
  idp: TestOpenIDProvider,
  options: NonNullable<TestAuthInput["options"]> = {},
  google: Partial<GoogleProviderOptions> = {},
): Promise<TestAuth> {
  return createTestAuth({
    dialect,
    now: new Date(),
    options: { ...options, socialProviders: { google: { ...GOOGLE_CLIENT, issuer: idp.issuer, ...google } } },
  });
}

export function person(overrides: Partial<OIDCPerson> = {}): OIDCPerson {
  const sub = overrides.sub ?? `sub-${randomBytes(6).toString("hex")}`;
  return { sub, email: `${sub}@example.com`, emailVerified: true, name: "Grace Hopper", ...overrides };
}

export interface FlowResult {
  /** The JSON of POST /sign-in/social (or /link-social). */
  started: { url: string; redirect: boolean };
  /** Where the provider sent the browser back to. */
  returned: URL;
  /** Our callback's answer (a redirect). */
  callback: Response;
  location: string;
}

/** The whole browser round trip: start at us, sign in at the provider, come back to the callback. */
export async function runFlow(
  browser: TestBrowser,
  idp: TestOpenIDProvider,
  body: Record<string, unknown> = {},
  path = "/sign-in/social",
): Promise<FlowResult> {
  const start = await browser.post(path, { provider: "google", callbackURL: "/dashboard", ...body });
  if (start.status !== 200) throw new Error(`${path} answered ${start.status}: ${await start.text()}`);
  const started = (await start.json()) as FlowResult["started"];
  const returned = await idp.authorize(started.url);
  const callback = await browser.get(`/callback/google${returned.search}`);
  return { started, returned, callback, location: callback.headers.get("location") ?? "" };
}

/** Starts a flow and stops where the provider sends the browser back (before our callback). */
export async function startFlow(browser: TestBrowser, idp: TestOpenIDProvider, body: Record<string, unknown> = {}): Promise<URL> {
  const start = await browser.post("/sign-in/social", { provider: "google", callbackURL: "/dashboard", ...body });
  const { url } = (await start.json()) as { url: string };
  return idp.authorize(url);
}

export function errorOf(location: string): string | null {
  return new URL(location, TEST_BASE_URL).searchParams.get("error");
}

export interface ProviderTokens {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
}

/** Gets tokens straight from the provider as `client` (as a mobile app would), with a nonce. */
export async function obtainProviderTokens(
  idp: TestOpenIDProvider,
  client: { clientId: string; clientSecret: string },
  redirectURI: string,
  input: { nonce?: string; scope?: string } = {},
): Promise<ProviderTokens> {
  const verifier = randomBytes(48).toString("base64url");
  const url = new URL(`${idp.issuer}/auth`);
  const params: Record<string, string> = {
    response_type: "code",
    client_id: client.clientId,
    redirect_uri: redirectURI,
    scope: input.scope ?? "openid email profile",
    state: "s",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  };
  if (input.nonce) params.nonce = input.nonce;
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const back = await idp.authorize(url.toString());
  const code = back.searchParams.get("code");
  if (!code) throw new Error(`no code: ${back.toString()}`);
  const response = await fetch(`${idp.issuer}/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectURI,
      code_verifier: verifier,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    }),
  });
  const json = (await response.json()) as ProviderTokens & { error?: string };
  if (!response.ok) throw new Error(`token endpoint: ${JSON.stringify(json)}`);
  return json;
}

export { createTestBrowser };

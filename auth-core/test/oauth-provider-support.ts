import * as client from "openid-client";
import { expect } from "vitest";
import type { Auth } from "../src/create-auth.js";
import type { AuthOptions } from "../src/options.js";
import {
  createTestAuth,
  createTestBrowser,
  signUpPerson,
  TEST_BASE_URL,
  type TestAuth,
  type TestBrowser,
  type TestDialect,
  type TestPerson,
} from "../testing/index.js";
import { signUpAdmin } from "./admin-support.js";

/** Support for the OpenID provider's tests: the provider on, an admin, clients registered over HTTP, openid-client in process. */

export const ISSUER = `${TEST_BASE_URL}/api/auth`;
export const APP_CALLBACK = "https://app.example.com/callback";
export const APP_LOGOUT = "https://app.example.com/signed-out";

export interface ProviderTest {
  t: TestAuth;
  admin: TestPerson;
}

export async function startProvider(dialect: TestDialect, options: Partial<Omit<AuthOptions, "database">> = {}): Promise<ProviderTest> {
  const t = await createTestAuth({
    dialect,
    options: { oauthProvider: { enabled: true, clientCredentialsScopes: ["reports:read"] }, ...options },
  });
  const admin = await signUpAdmin(t, "Ada Admin", "ada@example.com");
  return { t, admin };
}

export interface RegisteredClient {
  client_id: string;
  client_secret?: string;
  [field: string]: unknown;
}

/** POST /admin/oauth2/create-client as the admin; 201 expected. */
export async function registerClient(p: ProviderTest, body: Record<string, unknown> = {}): Promise<RegisteredClient> {
  const response = await p.admin.browser.post("/admin/oauth2/create-client", {
    client_name: "Reports App",
    redirect_uris: [APP_CALLBACK],
    token_endpoint_auth_method: "client_secret_basic",
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    ...body,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as RegisteredClient;
}

/** A fetch that hands openid-client's requests to auth.handler (no network). */
function handlerFetch(auth: Auth): client.CustomFetch {
  // openid-client's body types are a Uint8Array or a string: RequestInit takes both at run time.
  return async (url, init) => auth.handler(new Request(url, { ...(init as RequestInit), redirect: "manual" }), { clientAddress: "10.0.0.9" });
}

/** openid-client's configuration from the discovery document, as a relying party would make it. */
export async function discover(auth: Auth, registered: RegisteredClient, method: "basic" | "post" | "none" = "basic"): Promise<client.Configuration> {
  const authMethod =
    method === "none"
      ? client.None()
      : method === "post"
        ? client.ClientSecretPost(registered.client_secret)
        : client.ClientSecretBasic(registered.client_secret);
  // openid-client checks ID tokens against its own clock: told how far the test's clock is from it.
  const skew = Math.round((auth.context.clock.now().getTime() - Date.now()) / 1000);
  const metadata: Partial<client.ClientMetadata> = { [client.clockSkew]: skew };
  if (registered.client_secret) metadata.client_secret = registered.client_secret;
  // A client registered for another algorithm than EdDSA: openid-client accepts only that one.
  if (typeof registered.id_token_signed_response_alg === "string") metadata.id_token_signed_response_alg = registered.id_token_signed_response_alg;
  const config = await client.discovery(new URL(ISSUER), registered.client_id, metadata, authMethod, {
    execute: [client.allowInsecureRequests],
    [client.customFetch]: handlerFetch(auth),
  });
  return config;
}

/** A top-level navigation of `browser` to an authorize URL: the 302's Location. */
export async function navigate(browser: TestBrowser, url: URL | string): Promise<URL> {
  const target = new URL(url);
  expect(target.origin).toBe(TEST_BASE_URL);
  const response = await browser.request(target.pathname.replace(/^\/api\/auth/, "") + target.search, {
    headers: { accept: "text/html,application/xhtml+xml", "sec-fetch-mode": "navigate" },
  });
  expect(response.status, await response.clone().text()).toBe(302);
  return new URL(response.headers.get("location")!, TEST_BASE_URL);
}

/** The consent page's answer: POST /oauth2/consent with the page's query; the url it answers. */
export async function consent(browser: TestBrowser, consentPage: URL, accept = true, scope?: string): Promise<URL> {
  expect(consentPage.pathname).toBe("/consent");
  const response = await browser.post("/oauth2/consent", { accept, oauth_query: consentPage.search.slice(1), ...(scope ? { scope } : {}) });
  expect(response.status, await response.clone().text()).toBe(200);
  const body = (await response.json()) as { redirect: boolean; url: string };
  expect(body.redirect).toBe(true);
  return new URL(body.url);
}

export interface CodeFlow {
  config: client.Configuration;
  verifier: string;
  state: string;
  nonce: string;
  authorizeURL: URL;
}

/** A relying party's start of the code flow: PKCE S256, state, nonce. */
export async function startCodeFlow(config: client.Configuration, scope: string, extra: Record<string, string> = {}): Promise<CodeFlow> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const authorizeURL = client.buildAuthorizationUrl(config, {
    redirect_uri: APP_CALLBACK,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
    ...extra,
  });
  return { config, verifier, state, nonce, authorizeURL };
}

/** Signs a person up and runs the flow through consent to the callback URL with the code. */
export async function approvedCallback(flow: CodeFlow, browser: TestBrowser): Promise<URL> {
  const next = await navigate(browser, flow.authorizeURL);
  return next.pathname === "/consent" ? consent(browser, next) : next;
}

/** openid-client's code exchange, with every check it makes (state, nonce, iss, PKCE, ID token). */
export async function finishCodeFlow(flow: CodeFlow, callback: URL) {
  return client.authorizationCodeGrant(flow.config, callback, {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
}

export async function person(p: ProviderTest, name: string, email: string): Promise<TestPerson> {
  return signUpPerson(p.t.auth, name, email);
}

/** A form POST to an OAuth endpoint as a relying party's server makes it (no browser headers). */
export async function formPost(auth: Auth, path: string, form: Record<string, string>, registered?: RegisteredClient): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (registered?.client_secret)
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(registered.client_id)}:${encodeURIComponent(registered.client_secret)}`).toString("base64")}`;
  return auth.handler(new Request(`${ISSUER}${path}`, { method: "POST", headers, body: new URLSearchParams(form) }), { clientAddress: "10.0.0.9" });
}

export { client, createTestBrowser };

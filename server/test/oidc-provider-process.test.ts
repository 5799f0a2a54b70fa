import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "./support/server-process.js";

const CALLBACK = "https://app.example.com/callback";

/**
 * The OpenID provider in the real server process, started with no variable of its own (the
 * contract's Configuration): on by default, issuer BASE_URL/api/auth, RFC 8414 metadata at the
 * origin's root, an ADMIN_EMAILS operator registering a client over HTTP, and openid-client
 * signing a person in through /login and /consent.
 */
describe("the server as an OpenID provider", () => {
  let server: ServerProcess;
  let dataDir: string;
  let issuer: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "gatehouse-oidc-"));
    server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${join(dataDir, "g.db")}`,
      ADMIN_EMAILS: "ops@example.com",
      EMAIL_SIGN_IN: "on",
    });
    issuer = `${server.baseURL}/api/auth`;
  }, 90_000);
  afterAll(async () => {
    await server?.kill();
  });

  /** A browser's request: its cookie jar, the app's Origin on POSTs, no redirects followed. */
  function browser() {
    const jar = new Map<string, string>();
    return {
      async request(url: string, init: { method?: string; json?: unknown; navigate?: boolean } = {}): Promise<Response> {
        const headers: Record<string, string> = {};
        if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
        if (init.json !== undefined) Object.assign(headers, { "content-type": "application/json", origin: server.baseURL });
        if (init.navigate) Object.assign(headers, { accept: "text/html", "sec-fetch-mode": "navigate" });
        const response = await fetch(url, {
          method: init.method ?? "GET",
          headers,
          body: init.json === undefined ? undefined : JSON.stringify(init.json),
          redirect: "manual",
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(";");
          const at = pair!.indexOf("=");
          if (/max-age=0/i.test(line)) jar.delete(pair!.slice(0, at));
          else jar.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
        return response;
      },
    };
  }

  async function mailedLink(to: string): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const files = readdirSync(join(dataDir, "outbox"), { withFileTypes: true }).filter((f) => f.name.endsWith(".json"));
      for (const file of files) {
        const mail = JSON.parse(readFileSync(join(dataDir, "outbox", file.name), "utf8")) as { to: string; text: string };
        const link = /https?:\/\/\S+verify-email\S+/.exec(mail.text)?.[0];
        if (mail.to === to && link) return link;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no verification mail to ${to}`);
  }

  it("serves discovery at both places with no variable set, and signs a person in for an admin's client", async () => {
    const root = await fetch(`${server.baseURL}/.well-known/oauth-authorization-server/api/auth`);
    expect(root.status).toBe(200);
    const rootMeta = (await root.json()) as { issuer: string; token_endpoint: string };
    expect(rootMeta.issuer).toBe(issuer);
    expect(rootMeta.token_endpoint).toBe(`${issuer}/oauth2/token`);

    // The operator: a listed address, proven by its verification link opened while signed in.
    const ops = browser();
    expect(
      (await ops.request(`${issuer}/sign-up/email`, { method: "POST", json: { name: "Ops", email: "ops@example.com", password: "unusual-phrase-71" } })).status,
    ).toBe(200);
    expect((await ops.request(`${issuer}/admin/oauth2/create-client`, { method: "POST", json: { redirect_uris: [CALLBACK] } })).status).toBe(403);
    await ops.request(await mailedLink("ops@example.com"));
    const created = await ops.request(`${issuer}/admin/oauth2/create-client`, {
      method: "POST",
      json: {
        client_name: "Wiki",
        redirect_uris: [CALLBACK],
        token_endpoint_auth_method: "client_secret_basic",
        grant_types: ["authorization_code", "refresh_token"],
      },
    });
    expect(created.status).toBe(201);
    const registered = (await created.json()) as { client_id: string; client_secret: string };

    const config = await client.discovery(new URL(issuer), registered.client_id, registered.client_secret, client.ClientSecretBasic(registered.client_secret), {
      execute: [client.allowInsecureRequests],
    });
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const authorizeURL = client.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: "openid email profile offline_access",
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
      nonce,
    });

    const person = browser();
    expect(
      (await person.request(`${issuer}/sign-up/email`, { method: "POST", json: { name: "Pat", email: "pat@example.com", password: "unusual-phrase-72" } }))
        .status,
    ).toBe(200);
    expect((await person.request(`${issuer}/sign-out`, { method: "POST", json: {} })).status).toBe(200);
    const login = await person.request(authorizeURL.href, { navigate: true });
    expect(login.status).toBe(302);
    const loginURL = new URL(login.headers.get("location")!);
    expect(loginURL.origin + loginURL.pathname).toBe(`${server.baseURL}/login`);
    const signIn = await person.request(`${issuer}/sign-in/email`, {
      method: "POST",
      json: { email: "pat@example.com", password: "unusual-phrase-72", oauth_query: loginURL.search.slice(1) },
    });
    const consentURL = new URL(((await signIn.json()) as { url: string }).url);
    expect(consentURL.pathname).toBe("/consent");
    const answer = await person.request(`${issuer}/oauth2/consent`, { method: "POST", json: { accept: true, oauth_query: consentURL.search.slice(1) } });
    const callback = new URL(((await answer.json()) as { url: string }).url);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    const session = (await (await person.request(`${issuer}/get-session`)).json()) as { user: { id: string } };
    expect(tokens.claims()!.sub).toBe(session.user.id);
    expect(await client.fetchUserInfo(config, tokens.access_token, session.user.id)).toMatchObject({ email: "pat@example.com", name: "Pat" });
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
  });
});

describe("OIDC_PROVIDER", () => {
  it("is on unless set to off, and refuses any other value", async () => {
    const { readConfig } = await import("../src/env.js");
    expect(readConfig({}).oidcProvider).toBe(true);
    expect(readConfig({ OIDC_PROVIDER: "off" }).oidcProvider).toBe(false);
    expect(() => readConfig({ OIDC_PROVIDER: "yes" })).toThrow(/OIDC_PROVIDER/);
  });
});

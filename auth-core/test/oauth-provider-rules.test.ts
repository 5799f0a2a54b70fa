import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestBrowser, testDialects } from "../testing/index.js";
import { createS256CodeChallenge } from "../src/oauth/pkce.js";
import {
  APP_CALLBACK,
  APP_LOGOUT,
  approvedCallback,
  client,
  consent,
  discover,
  finishCodeFlow,
  formPost,
  ISSUER,
  navigate,
  person,
  registerClient,
  startCodeFlow,
  startProvider,
  type ProviderTest,
  type RegisteredClient,
} from "./oauth-provider-support.js";

const VERIFIER = "v".repeat(64);
const CHALLENGE = createS256CodeChallenge(VERIFIER);

function authorizeURL(registered: RegisteredClient, params: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams();
  const all: Record<string, string | undefined> = {
    response_type: "code",
    client_id: registered.client_id,
    redirect_uri: APP_CALLBACK,
    scope: "openid email",
    state: "s-1",
    nonce: "n-1",
    code_challenge: CHALLENGE,
    code_challenge_method: "S256",
    ...params,
  };
  for (const [key, value] of Object.entries(all)) if (value !== undefined) query.set(key, value);
  return `${ISSUER}/oauth2/authorize?${query}`;
}

/** The contract's rules at the authorize, token, consent, client and end-session endpoints, on SQLite and PostgreSQL. */
describe.each(testDialects())("OpenID provider rules, on %s", (dialect) => {
  let p: ProviderTest;
  beforeEach(async () => {
    p = await startProvider(dialect);
  });
  afterEach(async () => {
    await p.t.destroy();
  });

  it("never redirects to an unknown client's or an unregistered redirect URI", async () => {
    const registered = await registerClient(p);
    const alice = await person(p, "Alice", "alice@example.com");
    const unknown = await navigate(alice.browser, authorizeURL({ client_id: "nobody" }));
    expect(unknown.origin + unknown.pathname).toBe(`${ISSUER}/error`);
    expect(unknown.searchParams.get("error")).toBe("invalid_client");
    for (const redirect of [
      "https://evil.example.com/callback",
      "https://app.example.com.evil.com/callback",
      "https://app.example.com/callback/extra",
      "https://app.example.com/other",
      "http://app.example.com/callback",
    ]) {
      const refused = await navigate(alice.browser, authorizeURL(registered, { redirect_uri: redirect }));
      expect(refused.origin + refused.pathname, redirect).toBe(`${ISSUER}/error`);
      expect(refused.searchParams.get("error")).toBe("invalid_redirect");
    }
  });

  it("refuses a request without PKCE S256 at the redirect URI, with state and iss and no code", async () => {
    const confidential = await registerClient(p);
    const publicApp = await registerClient(p, { token_endpoint_auth_method: "none" });
    const alice = await person(p, "Alice", "alice@example.com");
    for (const [registered, params] of [
      [publicApp, { code_challenge: undefined, code_challenge_method: undefined }],
      [confidential, { code_challenge: undefined, code_challenge_method: undefined }],
      [confidential, { code_challenge: VERIFIER, code_challenge_method: "plain" }],
    ] as const) {
      const refused = await navigate(alice.browser, authorizeURL(registered, params));
      expect(refused.origin + refused.pathname).toBe(APP_CALLBACK);
      expect(refused.searchParams.get("error")).toBe("invalid_request");
      expect(refused.searchParams.get("state")).toBe("s-1");
      expect(refused.searchParams.get("iss")).toBe(ISSUER);
      expect(refused.searchParams.has("code")).toBe(false);
    }
    // reports:read is a machine scope: never granted through a person.
    const machine = await navigate(alice.browser, authorizeURL(confidential, { scope: "openid reports:read" }));
    expect(machine.searchParams.get("error")).toBe("invalid_scope");
  });

  it("binds a code to its client, redirect URI and verifier, and uses it once", async () => {
    const registered = await registerClient(p, { redirect_uris: [APP_CALLBACK, "https://app.example.com/second"] });
    const other = await registerClient(p, { client_name: "Other" });
    const alice = await person(p, "Alice", "alice@example.com");
    const codeFor = async () => {
      const next = await navigate(alice.browser, authorizeURL(registered, { scope: "openid offline_access" }));
      const callback = next.pathname === "/consent" ? await consent(alice.browser, next) : next;
      return callback.searchParams.get("code")!;
    };
    const exchange = (code: string, form: Record<string, string>, as: RegisteredClient = registered) =>
      formPost(p.t.auth, "/oauth2/token", { grant_type: "authorization_code", code, redirect_uri: APP_CALLBACK, code_verifier: VERIFIER, ...form }, as);
    const expectRefused = async (response: Response, errors: string[]) => {
      expect([400, 401]).toContain(response.status);
      const body = (await response.json()) as Record<string, unknown>;
      expect(errors).toContain(body.error);
      expect(body).not.toHaveProperty("access_token");
    };
    await expectRefused(await exchange(await codeFor(), { redirect_uri: "https://app.example.com/second" }), ["invalid_grant"]);
    await expectRefused(await exchange(await codeFor(), { code_verifier: "w".repeat(64) }), ["invalid_grant", "invalid_request"]);
    await expectRefused(await exchange(await codeFor(), {}, other), ["invalid_grant", "invalid_client", "unauthorized_client"]);

    const code = await codeFor();
    const first = await exchange(code, {});
    expect(first.status).toBe(200);
    const tokens = (await first.json()) as { access_token: string; refresh_token: string; id_token: string; token_type: string; expires_in: number };
    expect(tokens.token_type.toLowerCase()).toBe("bearer");
    expect(tokens.expires_in).toBe(3600);
    await expectRefused(await exchange(code, {}), ["invalid_grant"]);
    // OAuth 2.1 §4.1.2: what the code gave is revoked.
    const introspect = async (token: string) => (await (await formPost(p.t.auth, "/oauth2/introspect", { token }, registered)).json()) as { active: boolean };
    expect((await introspect(tokens.access_token)).active).toBe(false);
    expect((await introspect(tokens.refresh_token)).active).toBe(false);
    await expectRefused(await formPost(p.t.auth, "/oauth2/token", { grant_type: "refresh_token", refresh_token: tokens.refresh_token }, registered), [
      "invalid_grant",
    ]);
  });

  it("answers a refusal on the consent page with access_denied, and remembers an approval for those scopes only", async () => {
    const registered = await registerClient(p);
    const alice = await person(p, "Alice", "alice@example.com");
    const consentPage = await navigate(alice.browser, authorizeURL(registered));
    expect(consentPage.pathname).toBe("/consent");
    expect(consentPage.searchParams.get("scope")).toBe("openid email");
    const denied = await consent(alice.browser, consentPage, false);
    expect(denied.origin + denied.pathname).toBe(APP_CALLBACK);
    expect(denied.searchParams.get("error")).toBe("access_denied");
    expect(denied.searchParams.get("state")).toBe("s-1");
    expect(denied.searchParams.get("iss")).toBe(ISSUER);
    expect(denied.searchParams.has("code")).toBe(false);

    const approved = await consent(alice.browser, await navigate(alice.browser, authorizeURL(registered)));
    expect(approved.searchParams.get("code")).toBeTruthy();
    expect((await navigate(alice.browser, authorizeURL(registered, { scope: "openid" }))).searchParams.get("code")).toBeTruthy();
    expect((await navigate(alice.browser, authorizeURL(registered, { scope: "openid profile" }))).pathname).toBe("/consent");

    // A query not signed here, or changed, is refused.
    const forged = new URLSearchParams(consentPage.search);
    forged.set("redirect_uri", "https://evil.example.com/");
    const refused = await alice.browser.post("/oauth2/consent", { accept: true, oauth_query: forged.toString() });
    expect(refused.status).toBe(400);

    const grants = (await (await p.admin.browser.get(`/admin/oauth2/client-consents?client_id=${registered.client_id}`)).json()) as unknown[];
    expect(grants).toEqual([expect.objectContaining({ userId: alice.userId, userEmail: "alice@example.com", scopes: ["openid", "email"] })]);
    expect((await alice.browser.get(`/admin/oauth2/client-consents?client_id=${registered.client_id}`)).status).toBe(403);
    const consents = (await (await alice.browser.get("/oauth2/get-consents")).json()) as { id: string; clientId: string; userId: string; scopes: string[] }[];
    expect(consents).toEqual([expect.objectContaining({ clientId: registered.client_id, userId: alice.userId, scopes: ["openid", "email"] })]);
    const types = (await p.t.database.db.selectFrom("securityEvent").select("type").where("userId", "=", alice.userId).execute()).map((row) => row.type);
    expect(types).toEqual(expect.arrayContaining(["oauth-consent-denied", "oauth-consent-granted"]));
  });

  it("authorizes for a person's own session only: an admin acting as them is sent to sign in", async () => {
    const registered = await registerClient(p, { skip_consent: true });
    const alice = await person(p, "Alice", "alice@example.com");
    expect((await navigate(alice.browser, authorizeURL(registered))).searchParams.get("code")).toBeTruthy();
    const acting = createTestBrowser(p.t.auth);
    for (const [name, value] of p.admin.browser.cookies) acting.cookies.set(name, value);
    expect((await acting.post("/admin/impersonate-user", { userId: alice.userId })).status).toBe(200);
    const next = await navigate(acting, authorizeURL(registered));
    expect(next.pathname).toBe("/login");
    expect(next.searchParams.has("code")).toBe(false);
  });

  it("ends every refresh and access token of an app when the person disconnects it (beyond better-auth, its #10386)", async () => {
    const registered = await registerClient(p);
    const config = await discover(p.t.auth, registered);
    const alice = await person(p, "Alice", "alice@example.com");
    const flow = await startCodeFlow(config, "openid offline_access");
    const tokens = await finishCodeFlow(flow, await approvedCallback(flow, alice.browser));
    const [approval] = (await (await alice.browser.get("/oauth2/get-consents")).json()) as { id: string }[];
    expect((await alice.browser.post("/oauth2/delete-consent", { id: approval!.id })).status).toBe(200);
    expect((await client.tokenIntrospection(config, tokens.refresh_token!)).active).toBe(false);
    expect((await client.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
    const refresh = await formPost(p.t.auth, "/oauth2/token", { grant_type: "refresh_token", refresh_token: tokens.refresh_token! }, registered);
    expect(((await refresh.json()) as { error: string }).error).toBe("invalid_grant");
    // Another person cannot delete Alice's approval.
    const bob = await person(p, "Bob", "bob@example.com");
    expect((await bob.browser.post("/oauth2/delete-consent", { id: approval!.id })).status).toBe(404);
  });

  it("lets admins only register clients, and shows anyone signed in a client's public face without its secret", async () => {
    const alice = await person(p, "Alice", "alice@example.com");
    const body = { client_name: "Nope", redirect_uris: [APP_CALLBACK] };
    expect((await alice.browser.post("/admin/oauth2/create-client", body)).status).toBe(403);
    expect((await alice.browser.post("/oauth2/create-client", body)).status).toBe(403);
    const anonymous = createTestBrowser(p.t.auth);
    expect((await anonymous.post("/admin/oauth2/create-client", body)).status).toBe(401);
    expect((await anonymous.post("/oauth2/create-client", body)).status).toBe(401);

    const created = await p.admin.browser.post("/oauth2/create-client", { ...body, client_name: "Wiki", logo_uri: "https://wiki.example.com/logo.png" });
    expect(created.status).toBe(201);
    const wiki = (await created.json()) as RegisteredClient;
    expect(wiki).toMatchObject({
      client_name: "Wiki",
      redirect_uris: [APP_CALLBACK],
      token_endpoint_auth_method: "client_secret_basic",
      grant_types: ["authorization_code"],
    });
    expect(typeof wiki.client_secret).toBe("string");
    const stored = await p.t.database.db.selectFrom("oauthClient").select("clientSecretHash").where("clientId", "=", wiki.client_id).executeTakeFirstOrThrow();
    expect(stored.clientSecretHash).not.toBe(wiki.client_secret);

    const face = await alice.browser.get(`/oauth2/public-client?client_id=${wiki.client_id}`);
    expect(face.status).toBe(200);
    const faceBody = (await face.json()) as Record<string, unknown>;
    expect(faceBody).toMatchObject({ client_id: wiki.client_id, client_name: "Wiki", logo_uri: "https://wiki.example.com/logo.png" });
    expect(faceBody).not.toHaveProperty("client_secret");
    expect((await anonymous.get(`/oauth2/public-client?client_id=${wiki.client_id}`)).status).toBe(401);

    // The admin's list never shows a secret; a rotated one is shown once and the old one stops working.
    const list = (await (await p.admin.browser.get("/oauth2/get-clients")).json()) as Record<string, unknown>[];
    expect(list.every((entry) => !("client_secret" in entry))).toBe(true);
    const rotated = (await (await p.admin.browser.post("/oauth2/client/rotate-secret", { client_id: wiki.client_id })).json()) as RegisteredClient;
    expect(rotated.client_secret).not.toBe(wiki.client_secret);
    const introspect = (secret: string) => formPost(p.t.auth, "/oauth2/introspect", { token: "x" }, { client_id: wiki.client_id, client_secret: secret });
    expect((await introspect(wiki.client_secret!)).status).toBe(401);
    expect((await introspect(rotated.client_secret!)).status).toBe(200);
    expect((await alice.browser.get("/oauth2/get-clients")).status).toBe(403);

    const types = (await p.t.database.db.selectFrom("securityEvent").select("type").where("userId", "=", p.admin.userId).execute()).map((row) => row.type);
    expect(types).toEqual(expect.arrayContaining(["oauth-client-created", "oauth-client-secret-rotated"]));
    expect((await p.admin.browser.post("/oauth2/delete-client", { client_id: wiki.client_id })).status).toBe(200);
    expect((await alice.browser.get(`/oauth2/public-client?client_id=${wiki.client_id}`)).status).toBe(404);
  });

  it("ends the person's session at RP-initiated logout and sends them to a registered address only", async () => {
    const registered = await registerClient(p, { enable_end_session: true, post_logout_redirect_uris: [APP_LOGOUT] });
    const config = await discover(p.t.auth, registered);
    const alice = await person(p, "Alice", "alice@example.com");
    const bob = await person(p, "Bob", "bob@example.com");
    const flow = await startCodeFlow(config, "openid");
    const tokens = await finishCodeFlow(flow, await approvedCallback(flow, alice.browser));

    const wrong = await navigate(
      alice.browser,
      `${ISSUER}/oauth2/end-session?id_token_hint=${tokens.id_token}&post_logout_redirect_uri=${encodeURIComponent("https://evil.example.com/")}&state=x`,
    );
    expect(wrong.origin).toBe("http://localhost:3000");
    const logout = client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: APP_LOGOUT, state: "bye" });
    const landed = await navigate(alice.browser, logout);
    expect(landed.origin + landed.pathname).toBe(APP_LOGOUT);
    expect(landed.searchParams.get("state")).toBe("bye");
    expect(await (await alice.browser.get("/get-session")).json()).toBeNull();
    expect(await (await bob.browser.get("/get-session")).json()).not.toBeNull();
  });

  it("admits a client at the gate, before its input is read: 401 invalid_client with WWW-Authenticate, on both doors", async () => {
    const confidential = await registerClient(p, { grant_types: ["authorization_code", "client_credentials"], client_credentials_scopes: ["reports:read"] });
    const publicClient = await registerClient(p, { token_endpoint_auth_method: "none" });
    const refusedClient = async (response: Response) => {
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Basic realm="oauth"');
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(((await response.json()) as { error: string }).error).toBe("invalid_client");
    };
    // No credentials: refused as a client before the form says anything (no grant_type here).
    for (const path of ["/oauth2/token", "/oauth2/introspect", "/oauth2/revoke"]) await refusedClient(await formPost(p.t.auth, path, {}));
    await refusedClient(await formPost(p.t.auth, "/oauth2/token", {}, { ...confidential, client_secret: "wrong" }));
    await refusedClient(await formPost(p.t.auth, "/oauth2/introspect", { token: "x", client_id: publicClient.client_id }));
    await refusedClient(
      await formPost(p.t.auth, "/oauth2/token", { grant_type: "client_credentials", scope: "reports:read", client_id: publicClient.client_id }),
    );
    // client_secret_post is read from the form the same way.
    const posted = await formPost(p.t.auth, "/oauth2/token", {
      grant_type: "client_credentials",
      scope: "reports:read",
      client_id: confidential.client_id,
      client_secret: confidential.client_secret!,
    });
    expect(posted.status).toBe(200);
    // A known client without grant_type: now the form's own error.
    const noGrant = await formPost(p.t.auth, "/oauth2/token", {}, confidential);
    expect(noGrant.status).toBe(400);
    expect(((await noGrant.json()) as { error: string }).error).toBe("invalid_request");
    // The api door: the same gate, the same answer.
    await refusedClient((await p.t.auth.api.oauth2Introspect({ body: { token: "x" } })) as Response);
    const introspected = (await p.t.auth.api.oauth2Introspect({
      body: { token: "x" },
      headers: new Headers({ authorization: `Basic ${Buffer.from(`${confidential.client_id}:${confidential.client_secret}`).toString("base64")}` }),
    })) as unknown;
    expect(introspected).toEqual({ active: false });
  });
});

describe("the provider is off by default", () => {
  it("answers 404 at its endpoints", async () => {
    const t = await createTestAuth();
    try {
      for (const path of ["/.well-known/openid-configuration", "/oauth2/authorize?client_id=x", "/oauth2/userinfo", "/jwks"]) {
        expect((await t.auth.handler(new Request(`${ISSUER}${path}`))).status, path).toBe(404);
      }
    } finally {
      await t.destroy();
    }
  });
});

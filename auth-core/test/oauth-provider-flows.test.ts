import { createLocalJWKSet, jwtVerify } from "jose";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sql, type KyselyPlugin, type PluginTransformQueryArgs, type RootOperationNode } from "kysely";
import { createTestAuthBeside, testDialects } from "../testing/index.js";
import {
  APP_CALLBACK,
  approvedCallback,
  client,
  consent,
  createTestBrowser,
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
} from "./oauth-provider-support.js";

/**
 * The provider driven by openid-client 6 (a certified relying party library) in process: discovery,
 * code + PKCE through login and consent, refresh with rotation and replay, userinfo,
 * introspection, revocation, client credentials (contract: docs/oidc-provider.md).
 */
describe.each(testDialects())("OpenID provider with openid-client, on %s", (dialect) => {
  let p: ProviderTest;
  beforeEach(async () => {
    p = await startProvider(dialect);
  });
  afterEach(async () => {
    await p.t.destroy();
  });

  it("publishes discovery at both places with the contract's fields, and a JWKS without private parts", async () => {
    const registered = await registerClient(p);
    const config = await discover(p.t.auth, registered);
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(ISSUER);
    expect(meta.authorization_endpoint).toBe(`${ISSUER}/oauth2/authorize`);
    expect(meta.token_endpoint).toBe(`${ISSUER}/oauth2/token`);
    expect(meta.userinfo_endpoint).toBe(`${ISSUER}/oauth2/userinfo`);
    expect(meta.introspection_endpoint).toBe(`${ISSUER}/oauth2/introspect`);
    expect(meta.revocation_endpoint).toBe(`${ISSUER}/oauth2/revoke`);
    expect(meta.end_session_endpoint).toBe(`${ISSUER}/oauth2/end-session`);
    expect(meta.jwks_uri).toBe(`${ISSUER}/jwks`);
    expect(meta.code_challenge_methods_supported).toEqual(["S256"]);
    expect(meta.response_types_supported).toEqual(["code"]);
    expect(meta.grant_types_supported).toEqual(expect.arrayContaining(["authorization_code", "refresh_token", "client_credentials"]));
    expect(meta.grant_types_supported).not.toContain("implicit");
    expect(meta.grant_types_supported).not.toContain("password");
    expect(meta.scopes_supported).toEqual(expect.arrayContaining(["openid", "profile", "email", "offline_access"]));
    expect(meta.authorization_response_iss_parameter_supported).toBe(true);
    expect(meta.subject_types_supported).toContain("public");
    expect(meta.id_token_signing_alg_values_supported).toEqual(["EdDSA", "RS256", "ES256"]);
    expect(meta.token_endpoint_auth_methods_supported).toContain("client_secret_basic");

    const rfc8414 = await p.t.auth.handler(new Request(`${ISSUER}/.well-known/oauth-authorization-server`));
    expect(rfc8414.status).toBe(200);
    expect(await rfc8414.json()).toEqual(meta);

    const jwks = (await (await p.t.auth.handler(new Request(`${ISSUER}/jwks`))).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) for (const secret of ["d", "p", "q", "dp", "dq", "qi", "k"]) expect(key).not.toHaveProperty(secret);
  });

  it("signs a person in through /login and /consent, and openid-client's every check passes", async () => {
    const registered = await registerClient(p);
    const config = await discover(p.t.auth, registered);
    const flow = await startCodeFlow(config, "openid profile email offline_access");
    const alice = await person(p, "Alice", "alice@example.com");

    // Signed out: the login page with the authorization query, no code.
    const signedOutBrowser = createTestBrowser(p.t.auth);
    const login = await navigate(signedOutBrowser, flow.authorizeURL);
    expect(login.origin + login.pathname).toBe("http://localhost:3000/login");
    expect(login.searchParams.get("client_id")).toBe(registered.client_id);
    expect(login.searchParams.has("code")).toBe(false);

    // The login leg: the sign-in continues the authorization (better-auth's oauth_query).
    const signIn = await signedOutBrowser.post("/sign-in/email", {
      email: "alice@example.com",
      password: "correct horse battery",
      oauth_query: login.search.slice(1),
    });
    expect(signIn.status).toBe(200);
    const next = (await signIn.json()) as { redirect: boolean; url: string };
    expect(next.redirect).toBe(true);
    const consentPage = new URL(next.url);
    expect(consentPage.pathname).toBe("/consent");
    expect(consentPage.searchParams.get("client_id")).toBe(registered.client_id);
    expect(consentPage.searchParams.get("scope")).toBe("openid profile email offline_access");

    const callback = await consent(signedOutBrowser, consentPage);
    expect(callback.origin + callback.pathname).toBe(APP_CALLBACK);
    expect(callback.searchParams.get("iss")).toBe(ISSUER);
    expect(callback.searchParams.get("state")).toBe(flow.state);

    const tokens = await finishCodeFlow(flow, callback);
    expect(tokens.token_type.toLowerCase()).toBe("bearer");
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.scope).toBe("openid profile email offline_access");
    const claims = tokens.claims()!;
    expect(claims.sub).toBe(alice.userId);
    expect(claims.iss).toBe(ISSUER);
    expect(claims.aud).toBe(registered.client_id);
    expect(claims.nonce).toBe(flow.nonce);

    // Approved before: straight back with a code; the same subject for the same person.
    const again = await startCodeFlow(config, "openid email");
    const direct = await navigate(signedOutBrowser, again.authorizeURL);
    expect(direct.origin + direct.pathname).toBe(APP_CALLBACK);
    expect(direct.searchParams.get("iss")).toBe(ISSUER);
    expect((await finishCodeFlow(again, direct)).claims()!.sub).toBe(alice.userId);

    // prompt=consent asks again; so does a scope not approved yet (offline_access was approved; a narrower client scope list is not needed).
    const asked = await navigate(signedOutBrowser, (await startCodeFlow(config, "openid", { prompt: "consent" })).authorizeURL);
    expect(asked.pathname).toBe("/consent");

    // Another person gets another subject.
    const bob = await person(p, "Bob", "bob@example.com");
    const bobFlow = await startCodeFlow(config, "openid");
    const bobTokens = await finishCodeFlow(bobFlow, await approvedCallback(bobFlow, bob.browser));
    expect(bobTokens.claims()!.sub).toBe(bob.userId);
  });

  it("answers userinfo by scope with the person's real state, and refuses missing, made-up and revoked tokens", async () => {
    const registered = await registerClient(p);
    const config = await discover(p.t.auth, registered);
    const alice = await person(p, "Alice", "alice@example.com");
    const run = async (scope: string) => {
      const flow = await startCodeFlow(config, scope);
      return finishCodeFlow(flow, await approvedCallback(flow, alice.browser));
    };
    const full = await run("openid profile email");
    const info = await client.fetchUserInfo(config, full.access_token, alice.userId);
    expect(info).toMatchObject({ sub: alice.userId, email: "alice@example.com", email_verified: false, name: "Alice" });
    const bare = await run("openid");
    const bareInfo = await client.fetchUserInfo(config, bare.access_token, alice.userId);
    expect(bareInfo).not.toHaveProperty("email");
    expect(bareInfo).not.toHaveProperty("name");

    const userinfo = (authorization?: string) =>
      p.t.auth.handler(new Request(`${ISSUER}/oauth2/userinfo`, { headers: authorization ? { authorization } : {} }));
    expect((await userinfo()).status).toBe(401);
    expect((await userinfo("Bearer made-up-token")).status).toBe(401);
    await client.tokenRevocation(config, full.access_token);
    expect((await userinfo(`Bearer ${full.access_token}`)).status).toBe(401);
    expect((await client.tokenIntrospection(config, full.access_token)).active).toBe(false);
  });

  it("rotates refresh tokens; a replayed one ends the whole family", async () => {
    const registered = await registerClient(p);
    const config = await discover(p.t.auth, registered);
    const alice = await person(p, "Alice", "alice@example.com");
    const flow = await startCodeFlow(config, "openid offline_access");
    const first = await finishCodeFlow(flow, await approvedCallback(flow, alice.browser));
    const second = await client.refreshTokenGrant(config, first.refresh_token!);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);

    const replay = await formPost(p.t.auth, "/oauth2/token", { grant_type: "refresh_token", refresh_token: first.refresh_token! }, registered);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe("invalid_grant");
    // The newest refresh token of that client and person is refused too, and its access token ends.
    const newest = await formPost(p.t.auth, "/oauth2/token", { grant_type: "refresh_token", refresh_token: second.refresh_token! }, registered);
    expect(((await newest.json()) as { error: string }).error).toBe("invalid_grant");
    expect((await client.tokenIntrospection(config, second.access_token)).active).toBe(false);
    const refused = await p.t.database.db.selectFrom("securityEvent").select(["type", "outcome"]).where("type", "=", "oauth-token-refused").execute();
    expect(refused.length).toBe(2);
  });

  it("signs a person in for a public client (no secret, PKCE only), and its refresh rotates", async () => {
    const cli = await registerClient(p, { client_name: "Command line", token_endpoint_auth_method: "none" });
    expect(cli.client_secret).toBeUndefined();
    const config = await discover(p.t.auth, cli, "none");
    const alice = await person(p, "Alice", "alice@example.com");
    const flow = await startCodeFlow(config, "openid offline_access");
    const tokens = await finishCodeFlow(flow, await approvedCallback(flow, alice.browser));
    expect(tokens.claims()!.sub).toBe(alice.userId);
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    // A public client has no secret to introspect with.
    const introspect = await formPost(p.t.auth, "/oauth2/introspect", { token: refreshed.access_token, client_id: cli.client_id });
    expect(introspect.status).toBe(401);
  });

  it("gives no refresh token without offline_access", async () => {
    const registered = await registerClient(p);
    const config = await discover(p.t.auth, registered);
    const alice = await person(p, "Alice", "alice@example.com");
    const flow = await startCodeFlow(config, "openid email");
    const tokens = await finishCodeFlow(flow, await approvedCallback(flow, alice.browser));
    expect(tokens.refresh_token).toBeUndefined();
  });

  it("introspects for the client the token was issued to only, and revokes refresh tokens", async () => {
    const registered = await registerClient(p);
    const other = await registerClient(p, { client_name: "Other App" });
    const config = await discover(p.t.auth, registered);
    const otherConfig = await discover(p.t.auth, other, "post");
    const alice = await person(p, "Alice", "alice@example.com");
    const flow = await startCodeFlow(config, "openid offline_access");
    const tokens = await finishCodeFlow(flow, await approvedCallback(flow, alice.browser));

    const live = await client.tokenIntrospection(config, tokens.access_token);
    expect(live).toMatchObject({ active: true, client_id: registered.client_id, sub: alice.userId, iss: ISSUER });
    expect(live.scope).toBe("openid offline_access");
    expect(typeof live.exp).toBe("number");
    expect((await client.tokenIntrospection(config, tokens.refresh_token!)).active).toBe(true);
    expect((await client.tokenIntrospection(otherConfig, tokens.access_token)).active).toBe(false);
    expect((await client.tokenIntrospection(config, "never-issued")).active).toBe(false);

    // Client authentication is required: none, an id alone, a wrong secret → 401, never active.
    const ask = (form: Record<string, string>, authorization?: string) =>
      p.t.auth.handler(
        new Request(`${ISSUER}/oauth2/introspect`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", ...(authorization ? { authorization } : {}) },
          body: new URLSearchParams(form),
        }),
      );
    for (const refused of [
      await ask({ token: tokens.access_token }),
      await ask({ token: tokens.access_token, client_id: registered.client_id }),
      await ask({ token: tokens.access_token }, `Basic ${Buffer.from(`${registered.client_id}:wrong`).toString("base64")}`),
      await ask({ token: tokens.access_token, client_id: registered.client_id, client_secret: "wrong" }),
    ]) {
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: string }).error).toBe("invalid_client");
    }

    await client.tokenRevocation(config, tokens.refresh_token!, { token_type_hint: "refresh_token" });
    expect((await client.tokenIntrospection(config, tokens.refresh_token!)).active).toBe(false);
    const refresh = await formPost(p.t.auth, "/oauth2/token", { grant_type: "refresh_token", refresh_token: tokens.refresh_token! }, registered);
    expect(((await refresh.json()) as { error: string }).error).toBe("invalid_grant");
  });

  it("issues client-credentials tokens within the client's ceiling only", async () => {
    const service = await registerClient(p, {
      client_name: "Reports Job",
      redirect_uris: [],
      grant_types: ["client_credentials"],
      client_credentials_scopes: ["reports:read"],
    });
    const config = await discover(p.t.auth, service);
    const token = await client.clientCredentialsGrant(config, { scope: "reports:read" });
    expect(token.scope).toBe("reports:read");
    expect(token.refresh_token).toBeUndefined();
    expect(token.id_token).toBeUndefined();
    expect((await client.tokenIntrospection(config, token.access_token)).active).toBe(true);

    for (const scope of ["openid", "email", "offline_access", "admin:all", "reports:read openid"]) {
      const refused = await formPost(p.t.auth, "/oauth2/token", { grant_type: "client_credentials", scope }, service);
      expect(refused.status, scope).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toBe("invalid_scope");
    }
    const wrong = await formPost(
      p.t.auth,
      "/oauth2/token",
      { grant_type: "client_credentials", scope: "reports:read" },
      { ...service, client_secret: "wrong" },
    );
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: string }).error).toBe("invalid_client");

    const publicApp = await registerClient(p, { token_endpoint_auth_method: "none", client_name: "CLI" });
    expect(publicApp.client_secret).toBeUndefined();
    const fromPublic = await formPost(p.t.auth, "/oauth2/token", { grant_type: "client_credentials", client_id: publicApp.client_id, scope: "reports:read" });
    expect([400, 401]).toContain(fromPublic.status);
    expect(["unauthorized_client", "invalid_client"]).toContain(((await fromPublic.json()) as { error: string }).error);

    const codeOnly = await registerClient(p);
    const noGrant = await formPost(p.t.auth, "/oauth2/token", { grant_type: "client_credentials", scope: "reports:read" }, codeOnly);
    expect([400, 401]).toContain(noGrant.status);
    expect(["unauthorized_client", "invalid_scope", "invalid_client"]).toContain(((await noGrant.json()) as { error: string }).error);
  });

  it("signs ID tokens with a key the JWKS keeps publishing after rotation, while those tokens live", async () => {
    const registered = await registerClient(p);
    const alice = await person(p, "Alice", "alice@example.com");
    const jwksNow = async () => (await (await p.t.auth.handler(new Request(`${ISSUER}/jwks`))).json()) as { keys: { kid: string }[] };
    const idTokenNow = async () => {
      // Sessions last 7 days: Alice signs in again on the moved clock.
      expect((await alice.browser.post("/sign-in/email", { email: alice.email, password: "correct horse battery" })).status).toBe(200);
      const flow = await startCodeFlow(await discover(p.t.auth, registered), "openid");
      return (await finishCodeFlow(flow, await approvedCallback(flow, alice.browser))).id_token!;
    };
    const kid = (token: string) => (JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString()) as { kid: string }).kid;
    await idTokenNow(); // the first key
    // An hour before the 30-day rotation, then two hours later: a new key signs.
    p.t.clock.advance(30 * 24 * 60 * 60 * 1000 - 60 * 60 * 1000);
    const before = await idTokenNow();
    p.t.clock.advance(2 * 60 * 60 * 1000);
    const after = await idTokenNow();
    expect(kid(after)).not.toBe(kid(before));
    const keys = createLocalJWKSet(await jwksNow());
    for (const token of [before, after]) {
      await expect(jwtVerify(token, keys, { issuer: ISSUER, audience: registered.client_id, currentDate: p.t.clock.now() })).resolves.toBeTruthy();
    }
    // Session JWTs live 5 minutes, yet the retired key stays 10 hours (the ID token's life); then it goes.
    p.t.clock.advance(9 * 60 * 60 * 1000);
    expect((await jwksNow()).keys.map((key) => key.kid)).toContain(kid(before));
    p.t.clock.advance(2 * 60 * 60 * 1000);
    expect((await jwksNow()).keys.map((key) => key.kid)).not.toContain(kid(before));
  });

  it.each(["RS256", "ES256"] as const)(
    "signs the ID tokens of a client registered for %s with a key of that algorithm, published beside the Ed25519 one and rotated on its own",
    async (alg) => {
      const registered = await registerClient(p, { id_token_signed_response_alg: alg, enable_end_session: true, post_logout_redirect_uris: [APP_CALLBACK] });
      expect(registered.id_token_signed_response_alg).toBe(alg);
      expect((await registerClient(p)).id_token_signed_response_alg).toBeUndefined();
      const jwksNow = async () =>
        (await (await p.t.auth.handler(new Request(`${ISSUER}/jwks`))).json()) as { keys: { kid: string; alg: string; kty: string }[] };
      // Registered: the key is published before the relying party's first ID token.
      const published = await jwksNow();
      expect(published.keys.map((key) => key.alg).sort()).toEqual([alg, "EdDSA"].sort());
      for (const key of published.keys) for (const secret of ["d", "p", "q", "dp", "dq", "qi", "k"]) expect(key).not.toHaveProperty(secret);

      const alice = await person(p, "Alice", "alice@example.com");
      const idTokenNow = async () => {
        expect((await alice.browser.post("/sign-in/email", { email: alice.email, password: "correct horse battery" })).status).toBe(200);
        const flow = await startCodeFlow(await discover(p.t.auth, registered), "openid email");
        // openid-client, told the client's algorithm, accepts no other.
        const tokens = await finishCodeFlow(flow, await approvedCallback(flow, alice.browser));
        expect(tokens.claims()!.sub).toBe(alice.userId);
        return tokens.id_token!;
      };
      const header = (token: string) => JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString()) as { kid: string; alg: string };
      const first = await idTokenNow();
      expect(header(first).alg).toBe(alg);
      expect(published.keys.find((key) => key.alg === alg)!.kid).toBe(header(first).kid);

      // Its series rotates as the Ed25519 one does; the retired key stays while its ID tokens live.
      p.t.clock.advance(30 * 24 * 60 * 60 * 1000 + 60 * 1000);
      const second = await idTokenNow();
      expect(header(second).kid).not.toBe(header(first).kid);
      const { protectedHeader } = await jwtVerify(second, createLocalJWKSet(await jwksNow()), {
        issuer: ISSUER,
        audience: registered.client_id,
        currentDate: p.t.clock.now(),
      });
      expect(protectedHeader.alg).toBe(alg);
      expect((await jwksNow()).keys.map((key) => key.kid)).toContain(header(first).kid);
      expect((await jwksNow()).keys.filter((key) => key.alg === "EdDSA").length).toBeGreaterThan(0);
      p.t.clock.advance(11 * 60 * 60 * 1000);
      expect((await jwksNow()).keys.map((key) => key.kid)).not.toContain(header(first).kid);

      // RP-initiated logout takes the hint it signed.
      const logout = await alice.browser.request(
        `/oauth2/end-session?${new URLSearchParams({ id_token_hint: second, post_logout_redirect_uri: APP_CALLBACK, state: "bye" })}`,
        { method: "GET" },
      );
      expect(logout.status).toBe(302);
      expect(logout.headers.get("location")).toBe(`${APP_CALLBACK}?state=bye`);
    },
  );

  it("writes a refresh's two tokens in one statement: five statements per refresh, two per client-credentials token", async () => {
    const registered = await registerClient(p, {
      grant_types: ["authorization_code", "refresh_token", "client_credentials"],
      client_credentials_scopes: ["reports:read"],
    });
    const alice = await person(p, "Alice", "alice@example.com");
    const flow = await startCodeFlow(await discover(p.t.auth, registered), "openid offline_access");
    const tokens = await finishCodeFlow(flow, await approvedCallback(flow, alice.browser));
    // The same service on the same database, its statements counted by kind.
    const statements: string[] = [];
    const counter: KyselyPlugin = {
      transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
        statements.push(node.kind);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const counted = createTestAuthBeside(
      { ...p.t, database: { ...p.t.database, db: p.t.database.db.withPlugin(counter) } },
      {
        oauthProvider: { enabled: true, clientCredentialsScopes: ["reports:read"] },
      },
    );
    // Once to warm what a process keeps (its signing key), then counted.
    const warm = await formPost(counted, "/oauth2/token", { grant_type: "refresh_token", refresh_token: tokens.refresh_token! }, registered);
    const { refresh_token: next } = (await warm.json()) as { refresh_token: string };
    statements.length = 0;
    const refreshed = await formPost(counted, "/oauth2/token", { grant_type: "refresh_token", refresh_token: next }, registered);
    expect(refreshed.status).toBe(200);
    // The client, the token, its revocation, the person, and the new access and refresh tokens together.
    expect(statements).toEqual(["SelectQueryNode", "SelectQueryNode", "UpdateQueryNode", "SelectQueryNode", "InsertQueryNode"]);
    statements.length = 0;
    const service = await formPost(counted, "/oauth2/token", { grant_type: "client_credentials", scope: "reports:read" }, registered);
    expect(service.status).toBe(200);
    expect(statements).toEqual(["SelectQueryNode", "InsertQueryNode"]);
    await counted.settled();
  });

  it("indexes a token's family and person only when it has them: a service's token writes neither, and the lookups still use them", async () => {
    const db = p.t.database.db;
    if (dialect === "sqlite") {
      const indexes = await sql<{
        name: string;
        sql: string;
      }>`select name, sql from sqlite_master where type = 'index' and tbl_name = 'oauthToken' and name in ('oauthToken_familyId_idx', 'oauthToken_userId_idx')`.execute(
        db,
      );
      expect(indexes.rows).toHaveLength(2);
      for (const index of indexes.rows) expect(index.sql).toMatch(/where .* is not null/i);
      for (const [query, index] of [
        [sql`explain query plan update "oauthToken" set "revokedAt" = 'x' where "familyId" = 'f' and "revokedAt" is null`, "oauthToken_familyId_idx"],
        [sql`explain query plan select * from "oauthToken" where "userId" = 'u'`, "oauthToken_userId_idx"],
      ] as const) {
        const plan = await query.execute(db);
        expect(JSON.stringify(plan.rows)).toContain(index);
      }
    } else {
      const indexes = await sql<{
        indexname: string;
        indexdef: string;
      }>`select indexname, indexdef from pg_indexes where tablename = 'oauthToken' and schemaname = current_schema() and indexname in ('oauthToken_familyId_idx', 'oauthToken_userId_idx')`.execute(
        db,
      );
      expect(indexes.rows).toHaveLength(2);
      for (const index of indexes.rows) expect(index.indexdef).toMatch(/WHERE .* IS NOT NULL/);
    }
  });
});

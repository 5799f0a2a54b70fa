import { afterEach, describe, expect, it } from "vitest";
import { endpoints } from "../src/routes/index.js";
import type { AnyEndpoint } from "../src/endpoint.js";
import { APIError } from "../src/errors.js";
import { admitCall } from "../src/gate/gate.js";
import { resolveEndpointRateLimit } from "../src/http/rate-limit.js";
import { createAudit, MissingAuditRowError } from "../src/audit/audit-log.js";
import { AUDIT_EVENT_TYPES } from "../src/shared/audit-events.js";
import { createTestAuth, createTestBrowser, testDialects, type TestAuth } from "../testing/index.js";

/**
 * The endpoint declaration is the one home of an endpoint's policy. These walk the
 * endpoint table, so a new endpoint is checked the day it is added to routes/index.ts.
 */
const table = endpoints as readonly AnyEndpoint[];
const declaredEvents = (endpoint: AnyEndpoint): readonly string[] => (Array.isArray(endpoint.audit) ? endpoint.audit : []);
const methodsOf = (endpoint: AnyEndpoint): readonly string[] => (typeof endpoint.method === "string" ? [endpoint.method] : endpoint.method);

describe("the endpoint table declares every endpoint's audit rows", () => {
  it("every endpoint declares the event types it writes, or says why it writes none", () => {
    const undeclared = table.filter((endpoint) => {
      const audit = endpoint.audit as unknown;
      if (Array.isArray(audit)) return audit.length === 0;
      return (
        typeof audit !== "object" || audit === null || typeof (audit as { none?: unknown }).none !== "string" || (audit as { none: string }).none.trim() === ""
      );
    });
    expect(undeclared.map((e) => e.name)).toEqual([]);
  });

  it("every declared event type is one of shared/audit-events.ts", () => {
    const known = new Set<string>(AUDIT_EVENT_TYPES);
    const unknown = table.flatMap((endpoint) =>
      declaredEvents(endpoint)
        .filter((type) => !known.has(type))
        .map((type) => `${endpoint.name}: ${type}`),
    );
    expect(unknown).toEqual([]);
  });

  it("an endpoint that changes state (any POST, and the GET links that act) writes rows, or says why not", () => {
    // The GETs below act: a mailed link consumes its token, the provider's redirect signs in.
    const actingGETs = new Set(["verifyEmail", "deleteUserCallback", "callbackOAuth", "resetPasswordCallback", "magicLinkVerify"]);
    const changing = table.filter((endpoint) => methodsOf(endpoint).includes("POST") || actingGETs.has(endpoint.name));
    const silent = changing.filter((endpoint) => !Array.isArray(endpoint.audit)).map((endpoint) => [endpoint.name, (endpoint.audit as { none: string }).none]);
    // Each of these was decided: a reason other than "reads only" is given for every one that writes.
    const readsOnly = silent.filter(([, reason]) => reason === "reads only").map(([name]) => name);
    expect(readsOnly.sort()).toEqual(["checkOrganizationSlug", "hasPermission", "listUserSessions", "userHasPermission"]);
  });

  it("every event type is declared by some endpoint, or is the host's own (plan-changed: server/test/plans.test.ts), so none is dead vocabulary", () => {
    const written = new Set(table.flatMap(declaredEvents));
    const writtenByTheHost = ["plan-changed"];
    expect(AUDIT_EVENT_TYPES.filter((type) => !written.has(type) && !writtenByTheHost.includes(type))).toEqual([]);
  });
});

describe("the endpoint table declares every endpoint's rate limit", () => {
  const policy = { defaultRule: { window: 10, max: 100 }, byName: {}, byPath: [] };
  const limitOf = (name: string): unknown => {
    const endpoint = table.find((e) => e.name === name);
    if (!endpoint) throw new Error(`no endpoint ${name}`);
    return resolveEndpointRateLimit(endpoint, policy);
  };

  it("keeps the credential limits: 3 per 10 s for sign-in and sign-up, 3 a minute for mails, 10 invitations a minute", () => {
    // Passwordless sign-in keeps better-auth's own plugin limits: 5 a minute for magic links, 3 a minute for codes.
    const passwordless = new Set(["signInMagicLink", "signInEmailOTP"]);
    const credential = table.filter((e) => /^\/sign-(in|up)\//.test(e.path) && !passwordless.has(e.name)).map((e) => e.name);
    expect(credential.sort()).toEqual(["signInAnonymous", "signInEmail", "signInSocial", "signUpEmail"]);
    expect(limitOf("signInMagicLink")).toEqual({ window: 60, max: 5 });
    expect(limitOf("magicLinkVerify")).toEqual({ window: 60, max: 5 });
    for (const name of [
      "sendVerificationOTP",
      "signInEmailOTP",
      "verifyEmailOTP",
      "checkVerificationOTP",
      "requestPasswordResetEmailOTP",
      "resetPasswordEmailOTP",
    ])
      expect(limitOf(name), name).toEqual({ window: 60, max: 3 });
    for (const name of [...credential, "changePassword", "changeEmail", "verifyPasskeyAuthentication"])
      expect(limitOf(name), name).toEqual({ window: 10, max: 3 });
    for (const name of ["requestPasswordReset", "forgetPassword", "sendVerificationEmail"]) expect(limitOf(name), name).toEqual({ window: 60, max: 3 });
    expect(limitOf("generatePasskeyAuthenticationOptions")).toEqual({ window: 10, max: 10 });
    expect(limitOf("createInvitation")).toEqual({ window: 60, max: 10 });
    expect(limitOf("getSession")).toEqual({ window: 10, max: 100 });
  });

  it("every endpoint declares a rule, the default or none", () => {
    const bad = table.filter((e) => {
      const rule = e.rateLimit as unknown;
      if (rule === "default" || rule === false) return false;
      const { window, max } = (rule ?? {}) as { window?: unknown; max?: unknown };
      return !(Number.isInteger(window) && Number.isInteger(max) && (window as number) > 0 && (max as number) > 0);
    });
    expect(bad.map((e) => e.name)).toEqual([]);
  });

  it("options override by endpoint name, then by the deprecated path rules, then the declaration", () => {
    const override = {
      ...policy,
      byName: { signInEmail: { window: 1, max: 1 }, getSession: false as const },
      byPath: [{ path: "/sign-in/*", rule: { window: 5, max: 5 } }],
    };
    const find = (name: string): AnyEndpoint => table.find((e) => e.name === name)!;
    expect(resolveEndpointRateLimit(find("signInEmail"), override)).toEqual({ window: 1, max: 1 });
    expect(resolveEndpointRateLimit(find("signInSocial"), override)).toEqual({ window: 5, max: 5 });
    expect(resolveEndpointRateLimit(find("getSession"), override)).toBeNull();
    expect(resolveEndpointRateLimit(find("signUpEmail"), override)).toEqual({ window: 10, max: 3 });
  });
});

describe.each(testDialects())("policies applied on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => t.destroy());

  it("an override by name is applied by the router, and an unknown name is refused at start", async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { endpoints: { signUpEmail: { window: 60, max: 1 } } } } });
    const b = createTestBrowser(t.auth);
    expect((await b.post("/sign-up/email", { name: "A", email: "a@example.com", password: "larch-ribbon-123" })).status).toBe(200);
    t.clock.advance(30_000); // past the declared 10 s window, inside the override's 60 s
    const limited = await b.post("/sign-up/email", { name: "B", email: "b@example.com", password: "larch-ribbon-123" });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ code: "TOO_MANY_REQUESTS", message: "Too many requests. Please try again later." });
    await expect(createTestAuth({ dialect, options: { rateLimit: { endpoints: { signInEmial: false } } } })).rejects.toThrow(/signInEmial/);
  });

  it("the deprecated customRules still apply, matched against each endpoint's path", async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { customRules: { "/sign-up/*": { window: 60, max: 1 } } } } });
    const b = createTestBrowser(t.auth);
    expect((await b.post("/sign-up/email", { name: "A", email: "a@example.com", password: "larch-ribbon-123" })).status).toBe(200);
    t.clock.advance(30_000);
    expect((await b.post("/sign-up/email", { name: "B", email: "b@example.com", password: "larch-ribbon-123" })).status).toBe(429);
  });

  it("a change that ends without its row is rolled back and refused; an undeclared type is refused", async () => {
    t = await createTestAuth({ dialect });
    const ctx = t.auth.context;
    const audit = createAudit(ctx, { ipAddress: "203.0.113.9", userAgent: "test" }, ["organization-created"]);
    const countOrganizations = async (): Promise<number> => (await ctx.db.selectFrom("organization").select("id").execute()).length;
    const row = { name: "N", logo: null, metadata: null, plan: "free", createdAt: ctx.clock.now().toISOString() };

    await expect(
      audit.change(async (trx) => {
        await trx
          .insertInto("organization")
          .values({ ...row, id: "o1", slug: "o1" })
          .execute();
      }),
    ).rejects.toBeInstanceOf(MissingAuditRowError);
    expect(await countOrganizations()).toBe(0);

    await expect(
      audit.change(async (trx, log) => {
        await trx
          .insertInto("organization")
          .values({ ...row, id: "o2", slug: "o2" })
          .execute();
        // A type the declaration does not name: refused, and the change goes with it.
        await log.write({ userId: null, type: "plan-changed" as "organization-created" });
      }),
    ).rejects.toThrow(/not declared/);
    expect(await countOrganizations()).toBe(0);

    const unchanged = await audit.change(async (trx, log) => {
      await trx
        .insertInto("organization")
        .values({ ...row, id: "o3", slug: "o3" })
        .execute();
      log.unchanged();
      return "nothing";
    });
    expect(unchanged).toBe("nothing");
    expect(await countOrganizations()).toBe(0); // unchanged() rolls back whatever the work did

    const id = await audit.change(async (trx, log) => {
      await trx
        .insertInto("organization")
        .values({ ...row, id: "o4", slug: "o4" })
        .execute();
      return log.write({ userId: null, type: "organization-created", organizationId: "o4" });
    });
    expect(await countOrganizations()).toBe(1);
    const written = await ctx.db.selectFrom("securityEvent").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(written).toMatchObject({ type: "organization-created", outcome: "success", ipAddress: "203.0.113.9", userAgent: "test", organizationId: "o4" });

    await audit.revert(id, async (trx) => {
      await trx.deleteFrom("organization").where("id", "=", "o4").execute();
    });
    expect(await countOrganizations()).toBe(0);
    expect(await ctx.db.selectFrom("securityEvent").select("id").where("id", "=", id).execute()).toEqual([]);
  });
});

/** An endpoint's switch and its answer when off, as "name: status CODE". */
function refusalOf(endpoint: AnyEndpoint): string | null {
  const { feature } = endpoint;
  if (feature === undefined) return null;
  return typeof feature === "string" ? `${feature}: 404 NOT_FOUND` : `${feature.name}: ${feature.status} ${feature.code}`;
}

describe("the gate: feature switches and freshness rules are declarations", () => {
  it("names each endpoint's switch and the answer it gives when the switch is off (today's answers, kept)", () => {
    const declared = Object.fromEntries(table.filter((e) => e.feature !== undefined).map((e) => [e.name, refusalOf(e)]));
    expect(declared).toEqual({
      createApiKey: "apiKey: 404 NOT_FOUND",
      deleteApiKey: "apiKey: 404 NOT_FOUND",
      getApiKey: "apiKey: 404 NOT_FOUND",
      listApiKeys: "apiKey: 404 NOT_FOUND",
      updateApiKey: "apiKey: 404 NOT_FOUND",
      verifyApiKey: "apiKey: 404 NOT_FOUND",
      enableTwoFactor: "twoFactor: 404 NOT_FOUND",
      disableTwoFactor: "twoFactor: 404 NOT_FOUND",
      getTOTPURI: "twoFactor: 404 NOT_FOUND",
      verifyTOTP: "twoFactor: 404 NOT_FOUND",
      generateBackupCodes: "twoFactor: 404 NOT_FOUND",
      verifyBackupCode: "twoFactor: 404 NOT_FOUND",
      sendTwoFactorOTP: "twoFactor: 404 NOT_FOUND",
      verifyTwoFactorOTP: "twoFactor: 404 NOT_FOUND",
      forgetTrustedDevices: "twoFactor: 404 NOT_FOUND",
      // The signing keys serve session JWTs and the OpenID provider's ID tokens: on with either.
      getJwks: "jwks: 404 NOT_FOUND",
      getToken: "jwt: 404 NOT_FOUND",
      signInAnonymous: "anonymous: 404 NOT_FOUND",
      deleteUser: "deleteUser: 404 NOT_FOUND",
      deleteUserCallback: "deleteUser: 404 NOT_FOUND",
      signInEmail: "emailAndPassword: 400 EMAIL_AND_PASSWORD_IS_NOT_ENABLED",
      signUpEmail: "emailAndPassword: 400 EMAIL_AND_PASSWORD_IS_NOT_ENABLED",
      sendVerificationEmail: "emailVerification: 400 VERIFICATION_EMAIL_ISN_T_ENABLED",
      requestPasswordReset: "passwordReset: 400 RESET_PASSWORD_ISN_T_ENABLED",
      forgetPassword: "passwordReset: 400 RESET_PASSWORD_ISN_T_ENABLED",
      changeEmail: "changeEmail: 400 CHANGE_EMAIL_IS_DISABLED",
      signInMagicLink: "magicLink: 404 NOT_FOUND",
      magicLinkVerify: "magicLink: 404 NOT_FOUND",
      sendVerificationOTP: "emailOTP: 404 NOT_FOUND",
      signInEmailOTP: "emailOTP: 404 NOT_FOUND",
      verifyEmailOTP: "emailOTP: 404 NOT_FOUND",
      checkVerificationOTP: "emailOTP: 404 NOT_FOUND",
      requestPasswordResetEmailOTP: "emailOTP: 404 NOT_FOUND",
      forgetPasswordEmailOTP: "emailOTP: 404 NOT_FOUND",
      resetPasswordEmailOTP: "emailOTP: 404 NOT_FOUND",
      requestEmailChangeEmailOTP: "emailOTP: 404 NOT_FOUND",
      changeEmailEmailOTP: "emailOTP: 404 NOT_FOUND",
      getOpenIdConfig: "oauthProvider: 404 NOT_FOUND",
      getOAuthServerConfig: "oauthProvider: 404 NOT_FOUND",
      oauth2Authorize: "oauthProvider: 404 NOT_FOUND",
      oauth2Consent: "oauthProvider: 404 NOT_FOUND",
      oauth2Token: "oauthProvider: 404 NOT_FOUND",
      oauth2UserInfo: "oauthProvider: 404 NOT_FOUND",
      oauth2Introspect: "oauthProvider: 404 NOT_FOUND",
      oauth2Revoke: "oauthProvider: 404 NOT_FOUND",
      oauth2EndSession: "oauthProvider: 404 NOT_FOUND",
      adminCreateOAuthClient: "oauthProvider: 404 NOT_FOUND",
      createOAuthClient: "oauthProvider: 404 NOT_FOUND",
      getOAuthClient: "oauthProvider: 404 NOT_FOUND",
      getOAuthClients: "oauthProvider: 404 NOT_FOUND",
      getOAuthClientPublic: "oauthProvider: 404 NOT_FOUND",
      updateOAuthClient: "oauthProvider: 404 NOT_FOUND",
      adminUpdateOAuthClient: "oauthProvider: 404 NOT_FOUND",
      rotateClientSecret: "oauthProvider: 404 NOT_FOUND",
      deleteOAuthClient: "oauthProvider: 404 NOT_FOUND",
      getOAuthConsents: "oauthProvider: 404 NOT_FOUND",
      getOAuthConsent: "oauthProvider: 404 NOT_FOUND",
      deleteOAuthConsent: "oauthProvider: 404 NOT_FOUND",
      adminListOAuthClientConsents: "oauthProvider: 404 NOT_FOUND",
    });
  });

  it("asks 'fresh, or the server's own call' of api-key create always and of update when it makes a key last longer or do more", () => {
    const rules = table.filter((e) => e.freshness !== undefined).map((e) => e.name);
    expect(rules.sort()).toEqual(["createApiKey", "updateApiKey"]);
    const update = table.find((e) => e.name === "updateApiKey")!.freshness;
    const when = typeof update === "object" ? update.when : () => true;
    expect([{ name: "renamed" }, { enabled: false }].map(when)).toEqual([false, false]);
    expect([{ enabled: true }, { expiresIn: 60 }, { permissions: {} }].map(when)).toEqual([true, true, true]);
  });
});

describe.each(testDialects())("the gate on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => t.destroy());

  it("with every switch off, each endpoint that declares one answers its declared refusal, after the session gate", async () => {
    t = await createTestAuth({
      dialect,
      options: {
        apiKey: { enabled: false },
        anonymous: { enabled: false },
        emailAndPassword: { enabled: false },
        emailVerification: { enabled: false },
        passwordReset: { enabled: false },
      },
    });
    const ctx = t.auth.context;
    for (const endpoint of table.filter((e) => e.feature !== undefined)) {
      const refused = (() => {
        try {
          admitCall(ctx, endpoint, { kind: "server" }, {});
          return null;
        } catch (error) {
          return error instanceof APIError ? `${error.status} ${error.code}` : String(error);
        }
      })();
      expect(refused, endpoint.name).toBe(refusalOf(endpoint)!.split(": ")[1]);
    }

    // Over HTTP, after the session gate: a signed-out call is still 401 first, as before.
    const listKeys = await t.auth.handler(new Request("http://localhost:3000/api/auth/api-key/list"));
    expect([listKeys.status, ((await listKeys.json()) as { code: string }).code]).toEqual([401, "UNAUTHORIZED"]);
    const signIn = await createTestBrowser(t.auth).post("/sign-in/email", { email: "a@example.com", password: "larch-ribbon-123" });
    expect([signIn.status, ((await signIn.json()) as { code: string }).code]).toEqual([400, "EMAIL_AND_PASSWORD_IS_NOT_ENABLED"]);
  });

  it("'fresh-or-server': a stale session may not create a key, the server's own call (no headers) may", async () => {
    t = await createTestAuth({ dialect });
    const b = createTestBrowser(t.auth);
    const signedUp = await b.post("/sign-up/email", { name: "Ada", email: "ada@example.com", password: "larch-ribbon-123" });
    const { user } = (await signedUp.json()) as { user: { id: string } };
    t.clock.advance(2 * 24 * 60 * 60 * 1000); // past freshAge (a day), inside the session's week
    const stale = await b.post("/api-key/create", { name: "late" });
    expect([stale.status, ((await stale.json()) as { code: string }).code]).toEqual([403, "SESSION_NOT_FRESH"]);
    expect((await t.auth.api.createApiKey({ body: { userId: user.id, name: "server's" } })).name).toBe("server's");
    // A call that passes headers acts for whoever they name, as a request would: not the server's own.
    await expect(t.auth.api.createApiKey({ body: { userId: user.id }, headers: { "user-agent": "a service" } })).rejects.toMatchObject({
      status: 401,
      code: "UNAUTHORIZED_SESSION",
    });
  });
});

import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSoftwareAuthenticator, startTestOpenIDProvider, type SoftwareAuthenticator, type TestOpenIDProvider } from "@gatehouse/auth-core/testing";
import { postgresBinaryStatus, startPrivatePostgres, type PrivatePostgres } from "./support/private-postgres.js";
import { roundRobin } from "./support/round-robin.js";
import { freePort, startServerProcess, type ServerProcess } from "./support/server-process.js";

/**
 * Three server processes on one PostgreSQL, behind a round-robin proxy,
 * behave as one service. Consecutive requests land on different processes, so each flow below
 * starts on one instance and finishes on another.
 */
const postgres = postgresBinaryStatus();
const GOOGLE = { clientId: "multi-client", clientSecret: "multi-secret" };
/** The passkey options JSON the server answers, as the software authenticator takes it. */
type RegisterOptions = Parameters<SoftwareAuthenticator["createCredential"]>[0];
type AuthenticateOptions = Parameters<SoftwareAuthenticator["getAssertion"]>[0];

describe("three instances on one PostgreSQL", () => {
  if (postgres.mustFail) {
    it("has the PostgreSQL binaries this test needs (CI=true: nothing may be skipped)", () => {
      throw new Error("no PostgreSQL binaries under /usr/lib/postgresql/*/bin; run bash scripts/setup-system.sh");
    });
  }

  describe.skipIf(!postgres.bin)("behind a round-robin proxy", () => {
    let cluster: PrivatePostgres;
    let idp: TestOpenIDProvider;
    let proxy: { server: Server; hits: number[] };
    let base = "";
    const instances: ServerProcess[] = [];
    let cookie = "";

    beforeAll(async () => {
      cluster = await startPrivatePostgres(postgres.bin!);
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      idp = await startTestOpenIDProvider({ clients: [{ ...GOOGLE, redirectURIs: [`${base}/api/auth/callback/google`] }] });
      const env = {
        DATABASE_URL: cluster.url,
        BASE_URL: base,
        RATE_LIMIT: "on",
        TRUSTED_PROXY: "on",
        GOOGLE_CLIENT_ID: GOOGLE.clientId,
        GOOGLE_CLIENT_SECRET: GOOGLE.clientSecret,
        GOOGLE_ISSUER: idp.issuer,
      };
      // The first applies the migrations; the others find them applied.
      instances.push(await startServerProcess(env));
      instances.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
      proxy = await roundRobin(port, () => instances.map((i) => i.port));
    }, 120_000);

    afterAll(async () => {
      proxy?.server.close();
      await Promise.all(instances.map((i) => i.kill()));
      await idp?.close();
      cluster?.destroy();
    });

    async function call(path: string, init: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {}): Promise<Response> {
      const headers: Record<string, string> = { origin: base, ...init.headers };
      if (init.body !== undefined) headers["content-type"] = "application/json";
      if (init.cookie) headers.cookie = init.cookie;
      return fetch(`${base}${path}`, {
        method: init.body === undefined ? "GET" : "POST",
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        redirect: "manual",
      });
    }
    const sessionCookieOf = (answer: Response): string =>
      answer.headers
        .getSetCookie()
        .find((c) => c.includes("session_token="))!
        .split(";")[0]!;

    it("a session made on one instance is valid on the others", async () => {
      const signUp = await call("/api/auth/sign-up/email", { body: { name: "Multi", email: "multi@example.com", password: "unusual-phrase-7" } });
      expect(signUp.status).toBe(200);
      cookie = sessionCookieOf(signUp);
      const before = proxy.hits.length;
      for (let i = 0; i < 3; i++)
        expect(await (await call("/api/auth/get-session", { cookie })).json()).toMatchObject({ user: { email: "multi@example.com" } });
      expect(new Set(proxy.hits.slice(before))).toEqual(new Set([0, 1, 2]));
    });

    it("passkey: options from one instance, the answer verified by another, then sign-in across them", async () => {
      const authenticator = createSoftwareAuthenticator({ origin: base });
      const ask = await call("/api/auth/passkey/generate-register-options", { cookie });
      const withChallenge = [cookie, ...ask.headers.getSetCookie().map((c) => c.split(";")[0])].join("; ");
      const registered = await call("/api/auth/passkey/verify-registration", {
        cookie: withChallenge,
        body: { response: authenticator.createCredential((await ask.json()) as RegisterOptions), name: "Key" },
      });
      expect(registered.status).toBe(200);
      const challenge = await call("/api/auth/passkey/generate-authenticate-options", { body: {} });
      const challengeCookie = challenge.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const signIn = await call("/api/auth/passkey/verify-authentication", {
        cookie: challengeCookie,
        body: { response: authenticator.getAssertion((await challenge.json()) as AuthenticateOptions) },
      });
      expect(signIn.status).toBe(200);
      expect(await signIn.json()).toMatchObject({ user: { email: "multi@example.com" } });
    });

    it("Google: the state stored by one instance is taken by the callback on another", async () => {
      idp.setPerson({ sub: "g-multi", email: "g-multi@example.com", emailVerified: true, name: "G" });
      const start = await call("/api/auth/sign-in/social", { body: { provider: "google", callbackURL: "/dashboard" } });
      const stateCookie = start.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const back = await idp.authorize(((await start.json()) as { url: string }).url);
      const callback = await call(`/api/auth/callback/google${back.search}`, { cookie: stateCookie });
      expect(callback.status).toBe(302);
      expect(callback.headers.get("location")).toBe("/dashboard");
      const google = sessionCookieOf(callback);
      expect(await (await call("/api/auth/get-session", { cookie: google })).json()).toMatchObject({ user: { email: "g-multi@example.com" } });
    });

    it("a sign-out or a revocation on one instance is seen by the others at once", async () => {
      const second = sessionCookieOf(await call("/api/auth/sign-in/email", { body: { email: "multi@example.com", password: "unusual-phrase-7" } }));
      expect((await call("/api/auth/sign-out", { cookie: second, body: {} })).status).toBe(200);
      for (let i = 0; i < 3; i++) expect(await (await call("/api/auth/get-session", { cookie: second })).json()).toBeNull();
      const third = sessionCookieOf(await call("/api/auth/sign-in/email", { body: { email: "multi@example.com", password: "unusual-phrase-7" } }));
      expect((await call("/api/auth/revoke-other-sessions", { cookie: third, body: {} })).status).toBe(200);
      for (let i = 0; i < 3; i++) expect(await (await call("/api/auth/get-session", { cookie })).json()).toBeNull();
    });

    /** A sign-in attempt from another client address (127.0.0.2): its own rate-limit window, whatever the tests above used. */
    function signInFromAnotherClient(): Promise<number> {
      const body = JSON.stringify({ email: "nobody@example.com", password: "wrong-password" });
      return new Promise((resolve, reject) => {
        const request = httpRequest(
          {
            host: "127.0.0.1",
            port: Number(new URL(base).port),
            localAddress: "127.0.0.2",
            method: "POST",
            path: "/api/auth/sign-in/email",
            headers: { origin: base, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
          },
          (answer) => {
            answer.resume();
            answer.on("end", () => resolve(answer.statusCode ?? 0));
          },
        );
        request.on("error", reject);
        request.end(body);
      });
    }

    it("counts the sign-in limit across instances (3 per 10 s)", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push(await signInFromAnotherClient());
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(new Set(proxy.hits.slice(-4)).size).toBeGreaterThan(1);
    });
  });
});

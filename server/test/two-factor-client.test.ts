import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { createAuthClient } from "better-auth/client";
import { twoFactorClient } from "better-auth/client/plugins";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestAuth, testDialects, totpCodeFor, type TestAuth } from "@gatehouse/auth-core/testing";
import { silentLogger } from "@gatehouse/auth-core";
import { createApp } from "../src/app.js";
import { mountTRPC } from "../src/trpc/index.js";

const PASSWORD = "unusual-phrase-7";

const codeFor = totpCodeFor;

/**
 * Two-factor through a real HTTP server: better-auth's own twoFactorClient, unchanged, enables
 * two-factor and signs in in two steps; the pending step's cookie is no session on /api/auth
 * nor on /api/trpc.
 */
describe.each(testDialects())("better-auth's twoFactorClient against the server on %s", (dialect) => {
  let t: TestAuth;
  let server: ServerType;
  let baseURL: string;
  beforeEach(async () => {
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: (request, env) => app().fetch(request, env), port: 0, hostname: "127.0.0.1" }, () => resolve(s));
    });
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestAuth({ dialect, options: { baseURL, rateLimit: { enabled: false }, twoFactor: { enabled: true } } });
    cached = null;
  });
  afterEach(async () => {
    server.close();
    await t.auth.settled();
    await t.destroy();
  });
  let cached: ReturnType<typeof createApp> | null = null;
  const app = (): ReturnType<typeof createApp> => (cached ??= createApp({ auth: t.auth, logger: silentLogger, mount: (a) => mountTRPC(a, { auth: t.auth }) }));

  /** A client with a cookie jar, as a browser would keep one. */
  function browserClient(onTwoFactorRedirect: (methods: string[]) => void) {
    const jar = new Map<string, string>();
    const client = createAuthClient({
      baseURL,
      plugins: [twoFactorClient({ onTwoFactorRedirect: ({ twoFactorMethods }) => onTwoFactorRedirect(twoFactorMethods) })],
      fetchOptions: {
        headers: { origin: baseURL },
        onRequest: (ctx: { headers: Headers }) => {
          if (jar.size) ctx.headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
        },
        onResponse: (ctx: { response: Response }) => {
          for (const line of ctx.response.headers.getSetCookie()) {
            const [pair] = line.split(";");
            const eq = pair!.indexOf("=");
            if (/max-age=0/i.test(line)) jar.delete(pair!.slice(0, eq));
            else jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
          }
        },
      },
    });
    return { client, jar };
  }

  it("enables two-factor and signs in with the second step", async () => {
    const redirects: string[][] = [];
    const { client, jar } = browserClient((methods) => redirects.push(methods));
    expect((await client.signUp.email({ name: "Tess", email: "tess@example.com", password: PASSWORD })).error).toBeNull();

    const enabled = await client.twoFactor.enable({ password: PASSWORD });
    expect(enabled.error).toBeNull();
    expect(enabled.data?.backupCodes).toHaveLength(10);
    const totpURI = enabled.data!.totpURI!;
    const confirmed = await client.twoFactor.verifyTotp({ code: codeFor(totpURI, t.clock.now()) });
    expect(confirmed.error).toBeNull();
    expect((await client.getSession()).data?.user).toMatchObject({ email: "tess@example.com", twoFactorEnabled: true });

    const wrongPassword = await client.twoFactor.getTotpUri({ password: "wrong password here" });
    expect(wrongPassword.error).toMatchObject({ status: 400, code: "INVALID_PASSWORD" });

    expect((await client.signOut()).error).toBeNull();
    t.clock.advance(30_000);
    const first = await client.signIn.email({ email: "tess@example.com", password: PASSWORD });
    expect(first.error).toBeNull();
    expect(first.data).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(redirects).toEqual([["totp"]]);
    expect([...jar.keys()]).toEqual(["gatehouse.two_factor"]);
    expect((await client.getSession()).data).toBeNull();

    // The pending cookie is no session for tRPC either.
    const trpc = await fetch(`${baseURL}/api/trpc/auth.session`, {
      headers: { cookie: `gatehouse.two_factor=${jar.get("gatehouse.two_factor")}`, "x-trpc-source": "react-app" },
    });
    expect(trpc.status).toBe(401);
    expect(JSON.stringify(await trpc.json())).toContain("UNAUTHORIZED");

    const wrong = await client.twoFactor.verifyTotp({ code: codeFor(totpURI, new Date(t.clock.now().getTime() + 10 * 60_000)) });
    expect(wrong.error).toMatchObject({ status: 401, code: "INVALID_CODE" });
    const second = await client.twoFactor.verifyTotp({ code: codeFor(totpURI, t.clock.now()) });
    expect(second.error).toBeNull();
    expect(second.data?.user).toMatchObject({ email: "tess@example.com" });
    expect(second.data?.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect((await client.getSession()).data?.user.email).toBe("tess@example.com");
  });

  it("a backup code signs in once", async () => {
    const { client } = browserClient(() => undefined);
    await client.signUp.email({ name: "Bo", email: "bo@example.com", password: PASSWORD });
    const enabled = await client.twoFactor.enable({ password: PASSWORD });
    await client.twoFactor.verifyTotp({ code: codeFor(enabled.data!.totpURI!, t.clock.now()) });
    await client.signOut();
    await client.signIn.email({ email: "bo@example.com", password: PASSWORD });
    const code = enabled.data!.backupCodes[0]!;
    expect((await client.twoFactor.verifyBackupCode({ code })).error).toBeNull();
    await client.signOut();
    await client.signIn.email({ email: "bo@example.com", password: PASSWORD });
    expect((await client.twoFactor.verifyBackupCode({ code })).error).toMatchObject({ status: 401, code: "INVALID_BACKUP_CODE" });
  });
});

import { createAuthClient } from "better-auth/client";
import { twoFactorClient } from "better-auth/client/plugins";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDialects, totpCodeFor, type TestAuth } from "@gatehouse/auth-core/testing";
import { serveTestApp, type ServedApp } from "./support/served-app.js";
import { mountTRPC } from "../src/trpc/index.js";

const PASSWORD = "unusual-phrase-7";

const codeFor = totpCodeFor;

/**
 * Two-factor through a real HTTP server: better-auth's own twoFactorClient, unchanged, enables
 * two-factor and signs in in two steps; the pending step's cookie is no session on /api/auth
 * nor on /api/trpc.
 */
describe.each(testDialects())("better-auth's twoFactorClient against the server on %s", (dialect) => {
  let served: ServedApp;
  let t: TestAuth;
  let baseURL: string;
  beforeEach(async () => {
    served = await serveTestApp({
      dialect,
      options: { rateLimit: { enabled: false }, twoFactor: { enabled: true } },
      mount: (app, auth) => mountTRPC(app, { auth }),
    });
    ({ t, baseURL } = served);
  });
  afterEach(() => served.close());

  /** A client with a cookie jar, as a browser would keep one. */
  function browserClient(onTwoFactorRedirect: (methods: string[] | undefined) => void) {
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

  /** Enables two-factor; the server enables TOTP (better-auth's type also allows an email-OTP-only answer). */
  async function enableTOTP(client: ReturnType<typeof browserClient>["client"]): Promise<{ totpURI: string; backupCodes: string[] }> {
    const enabled = await client.twoFactor.enable({ password: PASSWORD });
    expect(enabled.error).toBeNull();
    if (enabled.data?.method !== "totp") throw new Error(`two-factor enabled without TOTP: ${JSON.stringify(enabled.data)}`);
    return enabled.data;
  }

  it("enables two-factor and signs in with the second step", async () => {
    const redirects: (string[] | undefined)[] = [];
    const { client, jar } = browserClient((methods) => redirects.push(methods));
    expect((await client.signUp.email({ name: "Tess", email: "tess@example.com", password: PASSWORD })).error).toBeNull();

    const { totpURI, backupCodes } = await enableTOTP(client);
    expect(backupCodes).toHaveLength(10);
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
    const { totpURI, backupCodes } = await enableTOTP(client);
    await client.twoFactor.verifyTotp({ code: codeFor(totpURI, t.clock.now()) });
    await client.signOut();
    await client.signIn.email({ email: "bo@example.com", password: PASSWORD });
    const code = backupCodes[0]!;
    expect((await client.twoFactor.verifyBackupCode({ code })).error).toBeNull();
    await client.signOut();
    await client.signIn.email({ email: "bo@example.com", password: PASSWORD });
    expect((await client.twoFactor.verifyBackupCode({ code })).error).toMatchObject({ status: 401, code: "INVALID_BACKUP_CODE" });
  });
});

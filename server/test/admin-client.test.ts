import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthClient } from "better-auth/client";
import { adminClient } from "better-auth/client/plugins";
import { createTestAuth, testDialects, type TestAuth } from "@gatehouse/auth-core/testing";
import { silentLogger } from "@gatehouse/auth-core";
import { createApp } from "../src/app.js";

/** A browser's cookie jar for better-auth's client: what a browser would keep and send. */
function createCookieJar(origin: string): { fetch: typeof fetch; names(): string[] } {
  const cookies = new Map<string, string>();
  return {
    names: () => [...cookies.keys()],
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set("origin", origin);
      if (cookies.size > 0) headers.set("cookie", [...cookies].map(([name, value]) => `${name}=${value}`).join("; "));
      const response = await fetch(input, { ...init, headers });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const eq = pair!.indexOf("=");
        const name = pair!.slice(0, eq);
        const value = pair!.slice(eq + 1);
        if (/max-age=0/i.test(line) || value === "") cookies.delete(name);
        else cookies.set(name, value);
      }
      return response;
    },
  };
}

/**
 * better-auth's own adminClient, unchanged, against a Gatehouse server this test
 * starts: it lists, bans and impersonates.
 */
describe.each(testDialects())("better-auth's adminClient against Gatehouse on %s", (dialect) => {
  let t: TestAuth;
  let server: ServerType;
  let baseURL: string;
  let cached: ReturnType<typeof createApp> | null = null;
  const app = (): ReturnType<typeof createApp> => (cached ??= createApp({ auth: t.auth, logger: silentLogger }));
  beforeAll(async () => {
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: (request, env) => app().fetch(request, env), port: 0, hostname: "127.0.0.1" }, () => resolve(s));
    });
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestAuth({ dialect, now: new Date(), options: { baseURL, rateLimit: { enabled: false } } });
  });
  afterAll(async () => {
    server.close();
    await t.destroy();
  });

  function client(jar = createCookieJar(baseURL)) {
    return { jar, auth: createAuthClient({ baseURL, plugins: [adminClient()], fetchOptions: { customFetchImpl: jar.fetch } }) };
  }

  it("lists, bans, unbans, impersonates and stops", async () => {
    const admin = client();
    expect((await admin.auth.signUp.email({ name: "Ada Admin", email: "ada@example.com", password: "unusual-phrase-7" })).error).toBeNull();
    const adaId = (await admin.auth.getSession()).data!.user.id;
    await t.auth.admin.setRoleByEmail("ada@example.com", "admin");

    const bea = client();
    expect((await bea.auth.signUp.email({ name: "Bea", email: "bea@example.com", password: "unusual-phrase-8" })).error).toBeNull();
    // Bea is no admin: the plugin's refusal, and nothing listed.
    const refused = await bea.auth.admin.listUsers({ query: {} });
    expect(refused.error).toMatchObject({ status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS" });

    const listed = await admin.auth.admin.listUsers({ query: { searchValue: "bea", searchField: "email", limit: 10 } });
    expect(listed.error).toBeNull();
    expect(listed.data).toMatchObject({ total: 1, limit: 10, users: [{ email: "bea@example.com", role: "user", banned: false }] });
    const beaId = listed.data!.users[0]!.id;

    const banned = await admin.auth.admin.banUser({ userId: beaId, banReason: "spam", banExpiresIn: 3600 });
    expect(banned.error).toBeNull();
    expect(banned.data?.user).toMatchObject({ id: beaId, banned: true, banReason: "spam" });
    expect((await bea.auth.getSession()).data).toBeNull();
    const signIn = await client().auth.signIn.email({ email: "bea@example.com", password: "unusual-phrase-8" });
    expect(signIn.error).toMatchObject({
      status: 403,
      code: "BANNED_USER",
      message: "You have been banned from this application. Please contact support if you believe this is an error.",
    });
    expect((await admin.auth.admin.unbanUser({ userId: beaId })).data?.user).toMatchObject({ banned: false });
    expect((await client().auth.signIn.email({ email: "bea@example.com", password: "unusual-phrase-8" })).error).toBeNull();

    const impersonated = await admin.auth.admin.impersonateUser({ userId: beaId });
    expect(impersonated.error).toBeNull();
    expect(impersonated.data?.session).toMatchObject({ userId: beaId, impersonatedBy: adaId });
    expect(admin.jar.names()).toContain("gatehouse.admin_session");
    const asBea = await admin.auth.getSession();
    expect(asBea.data?.user.email).toBe("bea@example.com");
    expect(asBea.data?.session).toMatchObject({ impersonatedBy: adaId });

    const stopped = await admin.auth.admin.stopImpersonating();
    expect(stopped.error).toBeNull();
    expect((await admin.auth.getSession()).data?.user.id).toBe(adaId);
    expect(admin.jar.names()).not.toContain("gatehouse.admin_session");

    const sessions = await admin.auth.admin.listUserSessions({ userId: beaId });
    expect(sessions.data?.sessions.length).toBeGreaterThan(0);
    expect((await admin.auth.admin.hasPermission({ permissions: { user: ["ban"] } })).data).toEqual({ error: null, success: true });
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_SECRET, type TestDatabase } from "@gatehouse/auth-core/testing";
import { silentLogger, type Auth } from "@gatehouse/auth-core";
import { createApp } from "../src/app.js";
import { createServerAuth } from "../src/auth.js";
import { startDevIdentityProvider, type DevIdentityProvider } from "../src/dev-idp/index.js";
import { readConfig } from "../src/env.js";
import { resolveServerProviders, standInFor } from "../src/providers/server-providers.js";

const BASE = "http://localhost:3000";

/** A browser's two cookie jars: the app (in-process) and the identity provider (over HTTP). */
class Jar {
  private readonly cookies = new Map<string, string>();
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      if (/max-age=0/i.test(line)) this.cookies.delete(pair!.slice(0, eq));
      else this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

let idp: DevIdentityProvider;
beforeAll(async () => {
  const started = await startDevIdentityProvider({ port: 0, standInFor: [standInFor("google", BASE), standInFor("github", BASE)], logger: silentLogger });
  if (!started) throw new Error("development identity provider did not start");
  idp = started;
});
afterAll(async () => {
  await idp.close();
});

describe("development identity provider", () => {
  let database: TestDatabase;
  let auth: Auth;
  let app: ReturnType<typeof createApp>;
  let appJar: Jar;
  let idpJar: Jar;

  beforeEach(async () => {
    appJar = new Jar();
    idpJar = new Jar();
    database = await createTestDatabase("sqlite");
    auth = createServerAuth({
      config: readConfig({ PORT: "3000", RATE_LIMIT: "off" }),
      db: database.db,
      dialect: "sqlite",
      secret: TEST_SECRET,
      mailer: { send: async () => undefined },
      logger: silentLogger,
      providers: resolveServerProviders({ socialProviders: [] }, { client: idp, ids: ["google", "github"] }),
    });
    app = createApp({ auth, logger: silentLogger });
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function appRequest(path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
    const headers: Record<string, string> = { cookie: appJar.header() };
    if (init.method === "POST") Object.assign(headers, { origin: BASE, "content-type": "application/json" });
    const response = await app.request(path.startsWith("http") ? path : `${BASE}${path}`, {
      method: init.method ?? "GET",
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    appJar.store(response);
    return response;
  }

  async function idpRequest(url: string, form?: Record<string, string>): Promise<Response> {
    const response = await fetch(url, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: { cookie: idpJar.header(), ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    idpJar.store(response);
    return response;
  }

  /** Follows the provider's redirects until it sends the browser back to the app. */
  async function followToApp(response: Response, from: string): Promise<string> {
    let current = response;
    let url = from;
    for (let hop = 0; hop < 10; hop++) {
      const location = current.headers.get("location");
      if (!location) throw new Error(`no redirect from ${url}: ${current.status}`);
      url = new URL(location, url).toString();
      if (url.startsWith(BASE)) return url;
      current = await idpRequest(url);
    }
    throw new Error("too many redirects");
  }

  async function openSignInPage(provider = "google"): Promise<{ page: string; pageURL: string }> {
    const start = await appRequest("/api/auth/sign-in/social", { method: "POST", body: { provider, callbackURL: "/dashboard" } });
    const { url } = (await start.json()) as { url: string };
    expect(url.startsWith(`${idp.issuer}/auth?`)).toBe(true);
    const authorize = await idpRequest(url);
    const pageURL = new URL(authorize.headers.get("location")!, idp.issuer).toString();
    const page = await idpRequest(pageURL);
    expect(page.status).toBe(200);
    return { page: await page.text(), pageURL };
  }

  it("publishes an OpenID discovery document at http://localhost:PORT", async () => {
    expect(idp.issuer).toMatch(/^http:\/\/localhost:\d+$/);
    const discovery = (await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json()) as {
      issuer: string;
      code_challenge_methods_supported: string[];
    };
    expect(discovery.issuer).toBe(idp.issuer);
    expect(discovery.code_challenge_methods_supported).toContain("S256");
  });

  it("creates a test person on its page and signs them in to the app, which lists the Google account", async () => {
    const { page, pageURL } = await openSignInPage();
    expect(page).toContain("Ada Lovelace");
    expect(page).toContain("Create and continue");
    const submitted = await idpRequest(`${pageURL}/login`, { email: "New.Person@example.com", name: "New Person", emailVerified: "on" });
    const callback = await followToApp(submitted, pageURL);
    expect(callback.startsWith(`${BASE}/api/auth/callback/google?code=`)).toBe(true);
    const landed = await appRequest(callback);
    expect(landed.status).toBe(302);
    expect(landed.headers.get("location")).toBe("/dashboard");
    const session = (await (await appRequest("/api/auth/get-session")).json()) as { user: { email: string; name: string; emailVerified: boolean } };
    expect(session.user).toMatchObject({ email: "new.person@example.com", name: "New Person", emailVerified: true });
    const accounts = (await (await appRequest("/api/auth/list-accounts")).json()) as Array<{ providerId: string }>;
    expect(accounts.map((a) => a.providerId)).toEqual(["google"]);
  });

  it("stands in for another provider id (DEV_IDP_PROVIDERS): GitHub signs a person in and is listed as a GitHub account", async () => {
    const { page, pageURL } = await openSignInPage("github");
    expect(page).toContain("standing in for GitHub");
    expect(page).not.toContain("Google");
    const callback = await followToApp(await idpRequest(`${pageURL}/login`, { email: "octo@example.com", name: "Octo Cat", emailVerified: "on" }), pageURL);
    expect(callback.startsWith(`${BASE}/api/auth/callback/github?code=`)).toBe(true);
    expect((await appRequest(callback)).headers.get("location")).toBe("/dashboard");
    const session = (await (await appRequest("/api/auth/get-session")).json()) as { user: { email: string; name: string; emailVerified: boolean } };
    expect(session.user).toMatchObject({ email: "octo@example.com", name: "Octo Cat", emailVerified: true });
    const accounts = (await (await appRequest("/api/auth/list-accounts")).json()) as Array<{ providerId: string }>;
    expect(accounts.map((a) => a.providerId)).toEqual(["github"]);
    expect([...auth.context.options.social.providers.values()].map((p) => [p.id, p.name])).toEqual([
      ["google", "Google"],
      ["github", "GitHub"],
    ]);
  });

  it("signs in a listed person, and a cancel ends at the error page", async () => {
    const first = await openSignInPage();
    const sub = /name="sub" value="([^"]+)"[\s\S]*?Ada Lovelace/.exec(first.page)?.[1];
    expect(sub).toBeTruthy();
    const landed = await appRequest(await followToApp(await idpRequest(`${first.pageURL}/login`, { sub: sub! }), first.pageURL));
    expect(landed.headers.get("location")).toBe("/dashboard");

    const second = await openSignInPage();
    const cancelled = await appRequest(await followToApp(await idpRequest(`${second.pageURL}/abort`, {}), second.pageURL));
    expect(cancelled.headers.get("location")).toMatch(/\/api\/auth\/error\?error=access_denied/);
  });
});

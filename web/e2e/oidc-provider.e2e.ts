import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, openBrowser, screenshot, SKIP_REASON, type TestBrowser } from "./support/browser.js";
import { signedInOperator, startServer, type RunningServer } from "./support/server.js";

if (!CHROMIUM) console.warn(SKIP_REASON);

const APP = "https://wiki.example.com";
const CALLBACK = `${APP}/callback`;
const PERSON = { name: "Mary Jackson", email: "mary@example.com", password: "wind tunnel 1958" };

/**
 * Another app signs a person in through Gatehouse in Chromium against the real server: the
 * authorize request lands on /login, the sign-in there continues it to /consent, Allow sends the
 * browser back to the app with a code that the token endpoint exchanges; Settings → Connected
 * apps disconnects the app and its refresh token stops working. The app's pages are stubbed
 * with page.route (no network).
 */
describe.skipIf(!CHROMIUM)("Gatehouse as another app's OpenID provider, in Chromium", () => {
  let server: RunningServer;
  let browser: TestBrowser;
  let registered: { client_id: string; client_secret: string };
  let issuer: string;
  beforeAll(async () => {
    server = await startServer({ EMAIL_SIGN_IN: "on", ADMIN_EMAILS: "ops@example.com" }, { devIdentityProvider: false });
    issuer = `${server.baseURL}/api/auth`;
    // The operator: the listed address, proven by its verification link opened with the account's session.
    const call = await signedInOperator(server, "ops@example.com");
    const created = await call("/admin/oauth2/create-client", {
      client_name: "Team Wiki",
      redirect_uris: [CALLBACK],
      grant_types: ["authorization_code", "refresh_token"],
    });
    expect(created.status).toBe(201);
    registered = (await created.json()) as typeof registered;
    browser = await openBrowser();
    await browser.context.route(`${APP}/**`, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Team Wiki</h1>" }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const token = (form: Record<string, string>) =>
    fetch(`${issuer}/oauth2/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${registered.client_id}:${registered.client_secret}`).toString("base64")}`,
      },
      body: new URLSearchParams(form),
    });

  it("signs a new person in through /login and /consent and back to the app with a code", async () => {
    const { page } = browser;
    await page.goto(`${server.baseURL}/login`);
    // Sign-up is its own screen, then "Check your inbox" (the identifier-first card).
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.getByLabel("Name").fill(PERSON.name);
    await page.getByLabel("Email", { exact: true }).fill(PERSON.email);
    await page.getByLabel("Password", { exact: true }).fill(PERSON.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("button", { name: "Continue to Gatehouse" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/login");

    const verifier = randomBytes(32).toString("base64url");
    const authorize = new URL(`${issuer}/oauth2/authorize`);
    for (const [key, value] of Object.entries({
      response_type: "code",
      client_id: registered.client_id,
      redirect_uri: CALLBACK,
      scope: "openid profile email offline_access",
      state: "wiki-state",
      nonce: "wiki-nonce",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
    }))
      authorize.searchParams.set(key, value);
    await page.goto(authorize.href);
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("client_id") === registered.client_id);
    // The address first, then the password among the ways in; the authorization goes on after it.
    await page.getByLabel("Email", { exact: true }).fill(PERSON.email);
    await page.getByRole("button", { name: "Continue" }).click();
    const ways = page.getByRole("region", { name: "How do you want to sign in?" });
    await ways.getByLabel("Password", { exact: true }).fill(PERSON.password);
    await ways.getByRole("button", { name: "Sign in", exact: true }).click();

    await page.waitForURL((url) => url.pathname === "/consent");
    await page.getByRole("heading", { name: "Team Wiki wants to use your Gatehouse account" }).waitFor();
    await page.getByText("See your email address and whether it is verified").waitFor();
    await page.getByText(APP, { exact: true }).waitFor();
    await screenshot(page, "oauth-consent");
    await page.getByRole("button", { name: "Allow" }).click();
    await page.waitForURL((url) => url.href.startsWith(CALLBACK));
    const back = new URL(page.url());
    expect(back.searchParams.get("state")).toBe("wiki-state");
    expect(back.searchParams.get("iss")).toBe(issuer);

    const answer = await token({ grant_type: "authorization_code", code: back.searchParams.get("code")!, redirect_uri: CALLBACK, code_verifier: verifier });
    expect(answer.status).toBe(200);
    const tokens = (await answer.json()) as { refresh_token: string; id_token: string };
    expect(tokens.id_token).toBeTruthy();

    // Settings → Connected apps: what the app may do, in words; Disconnect ends its refresh token.
    await page.goto(`${server.baseURL}/settings#connected-apps`);
    const section = page.getByRole("region", { name: "Connected apps" });
    await section.getByText("Team Wiki").waitFor();
    await section.getByText("Stay connected when you are not using it, until you disconnect it").waitFor();
    await screenshot(page, "settings-connected-apps");
    await section.getByRole("button", { name: "Disconnect Team Wiki" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
    await section.getByText("No app is connected.").waitFor();
    const refreshed = await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    expect(refreshed.status).toBe(400);
    expect(((await refreshed.json()) as { error: string }).error).toBe("invalid_grant");
  });
});

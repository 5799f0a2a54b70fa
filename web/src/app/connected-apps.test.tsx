import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createHash } from "node:crypto";
import { createAppBackend, type AppBackend } from "../test/app-backend.js";
import { call, otherBrowser, renderApp, signUp } from "../test/render-app.js";

const WAIT = { timeout: 10_000 };
const CALLBACK = "https://wiki.example.com/callback";

/**
 * Gatehouse as another app's OpenID provider, in the web app against the real auth service:
 * the consent screen names the app and its scopes in words and sends the browser back with a
 * code; /login continues the authorization; Settings → Connected apps disconnects it.
 */
describe("the consent screen and Connected apps", () => {
  let backend: AppBackend;
  let clientId: string;
  let assigned: string[];
  beforeEach(async () => {
    backend = await createAppBackend({ oauthProvider: { enabled: true } });
    const ops = otherBrowser(backend);
    await signUp(ops, "Ops", "ops@example.com");
    await backend.t.database.db.updateTable("user").set({ role: "admin" }).where("email", "=", "ops@example.com").execute();
    const created = await ops.post("/admin/oauth2/create-client", {
      client_name: "Team Wiki",
      redirect_uris: [CALLBACK],
      grant_types: ["authorization_code", "refresh_token"],
    });
    expect(created.status).toBe(201);
    ({ client_id: clientId } = (await created.json()) as { client_id: string });
    assigned = [];
    vi.spyOn(window.location, "assign").mockImplementation((url: string | URL) => void assigned.push(String(url)));
  });
  afterEach(async () => {
    cleanup();
    vi.restoreAllMocks();
    await backend.destroy();
  });

  function authorizeQuery(scope: string): string {
    return new URLSearchParams({
      response_type: "code",
      client_id: clientId,
      redirect_uri: CALLBACK,
      scope,
      state: "st",
      code_challenge: createHash("sha256").update("v".repeat(64)).digest("base64url"),
      code_challenge_method: "S256",
    }).toString();
  }

  /** The page the authorize endpoint sends the app's browser to (a 302's Location, path and query). */
  async function authorizeRedirect(scope: string): Promise<string> {
    const response = await backend.browser.request(`/oauth2/authorize?${authorizeQuery(scope)}`, {
      headers: { accept: "text/html", "sec-fetch-mode": "navigate" },
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    return `${location.pathname}${location.search}`;
  }

  it("names the app and says each scope in words; Allow goes back to the app with a code", async () => {
    await signUp(backend.browser, "Pat", "pat@example.com");
    const consentPath = await authorizeRedirect("openid profile email offline_access");
    expect(consentPath.startsWith("/consent?")).toBe(true);
    renderApp(backend, consentPath);
    expect(await screen.findByRole("heading", { name: /Team Wiki wants to use your Gatehouse account/ }, WAIT)).toBeTruthy();
    expect(screen.getByText("https://wiki.example.com")).toBeTruthy();
    expect(screen.getByText(/See your email address/)).toBeTruthy();
    expect(screen.getByText(/See your name/)).toBeTruthy();
    // No line of the page is only scope names.
    for (const element of document.body.querySelectorAll("*")) {
      const text = element.textContent?.trim() ?? "";
      if (text !== "") expect(/^(openid|email|profile|offline_access)(\s+(openid|email|profile|offline_access))*$/.test(text), text).toBe(false);
    }
    fireEvent.click(screen.getByRole("button", { name: "Allow" }));
    await waitFor(() => expect(assigned).toHaveLength(1), WAIT);
    const back = new URL(assigned[0]!);
    expect(back.origin + back.pathname).toBe(CALLBACK);
    expect(back.searchParams.get("code")).toBeTruthy();
    expect(back.searchParams.get("state")).toBe("st");
  });

  it("reads the authorization on /login as the authorize request every way in ends with", async () => {
    await signUp(otherBrowser(backend), "Pat", "pat@example.com");
    const loginPath = await authorizeRedirect("openid email");
    expect(loginPath.startsWith("/login?")).toBe(true);
    renderApp(backend, loginPath);
    // The passkey form's email field is there; the sign-in itself happens on the cookie jar, then the screen's way in finishes.
    expect(await screen.findByRole("heading", { name: "Sign in to Gatehouse" }, WAIT)).toBeTruthy();
    const params = new URLSearchParams(loginPath.slice("/login?".length));
    expect(params.get("client_id")).toBe(clientId);
    // What every way in ends with: the authorize request again, with the login page's query.
    const { authorizationURLOf } = await import("../lib/login-params.js");
    expect(authorizationURLOf(params)).toBe(`/api/auth/oauth2/authorize?${params}`);
  });

  it("lists a connected app with what it may do, and disconnects it", async () => {
    await signUp(backend.browser, "Pat", "pat@example.com");
    const consentPath = await authorizeRedirect("openid email");
    await call(backend.browser, "/oauth2/consent", { accept: true, oauth_query: consentPath.slice("/consent?".length) });
    renderApp(backend, "/settings");
    const section = await screen.findByRole("region", { name: "Connected apps" }, WAIT);
    expect(await within(section).findByText("Team Wiki", {}, WAIT)).toBeTruthy();
    expect(within(section).getByText(/See your email address/)).toBeTruthy();
    fireEvent.click(within(section).getByRole("button", { name: "Disconnect Team Wiki" }));
    fireEvent.click(await screen.findByRole("button", { name: "Disconnect" }, WAIT));
    expect(await within(section).findByText("No app is connected.", {}, WAIT)).toBeTruthy();
  });
});

describe("the admin console's apps", () => {
  let backend: AppBackend;
  beforeEach(async () => {
    backend = await createAppBackend({ oauthProvider: { enabled: true } });
    await signUp(backend.browser, "Olive Operator", "ops@example.com");
    await backend.t.database.db.updateTable("user").set({ role: "admin" }).where("email", "=", "ops@example.com").execute();
  });
  afterEach(async () => {
    cleanup();
    await backend.destroy();
  });

  it("registers an app and shows its secret once, shows who approved it, rotates the secret and deletes the app", async () => {
    renderApp(backend, "/admin");
    const panel = await screen.findByRole("region", { name: "Apps" }, WAIT);
    await within(panel).findByText("No app is registered yet.", {}, WAIT);
    fireEvent.change(within(panel).getByLabelText("Name people see"), { target: { value: "Team Wiki" } });
    fireEvent.change(within(panel).getByLabelText(/Addresses it sends people back to/), { target: { value: CALLBACK } });
    fireEvent.click(within(panel).getByRole("button", { name: "Register app" }));
    const shown = await within(panel).findByText(/Copy the secret now/, {}, WAIT);
    const firstSecret = shown.querySelectorAll("code")[1]!.textContent!;
    const clientId = shown.querySelectorAll("code")[0]!.textContent!;
    expect(firstSecret.length).toBeGreaterThan(30);
    const list = await within(panel).findByRole("list", { name: "Registered apps" }, WAIT);
    expect(within(list).getByText("Team Wiki")).toBeTruthy();
    expect(list.textContent).not.toContain(firstSecret);
    expect(within(list).getByText("Nobody has approved it yet.")).toBeTruthy();

    fireEvent.click(within(list).getByRole("button", { name: "Rotate the secret of Team Wiki" }));
    fireEvent.click(await screen.findByRole("button", { name: "Rotate secret" }, WAIT));
    await waitFor(
      () =>
        expect(
          within(panel)
            .getByText(/Copy the secret now/)
            .querySelectorAll("code")[1]!.textContent,
        ).not.toBe(firstSecret),
      WAIT,
    );
    const stored = await backend.t.database.db.selectFrom("oauthClient").select("clientId").where("clientId", "=", clientId).executeTakeFirst();
    expect(stored).toBeTruthy();

    fireEvent.click(within(list).getByRole("button", { name: "Delete Team Wiki" }));
    fireEvent.click(await screen.findByRole("button", { name: "Delete app" }, WAIT));
    await within(panel).findByText("No app is registered yet.", {}, WAIT);
  });

  it("registers an app for a relying party without EdDSA: its ID tokens are signed with RS256", async () => {
    renderApp(backend, "/admin");
    const panel = await screen.findByRole("region", { name: "Apps" }, WAIT);
    fireEvent.change(within(panel).getByLabelText("Name people see"), { target: { value: "Apache Wiki" } });
    fireEvent.change(within(panel).getByLabelText(/Addresses it sends people back to/), { target: { value: CALLBACK } });
    fireEvent.change(within(panel).getByLabelText("ID token signature"), { target: { value: "RS256" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Register app" }));
    const shown = await within(panel).findByText(/Copy the secret now/, {}, WAIT);
    const clientId = shown.querySelectorAll("code")[0]!.textContent!;
    const stored = await backend.t.database.db.selectFrom("oauthClient").select("idTokenSignedResponseAlg").where("clientId", "=", clientId).executeTakeFirst();
    expect(stored?.idTokenSignedResponseAlg).toBe("RS256");
    // The form is back to the default for the next app.
    expect((within(panel).getByLabelText("ID token signature") as HTMLSelectElement).value).toBe("EdDSA");
  });
});

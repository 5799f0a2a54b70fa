import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, openBrowser, screenshot, SKIP_REASON, type TestBrowser } from "./support/browser.js";
import { signInInBrowser, signUpInBrowser } from "./support/accounts.js";
import { startServer, type RunningServer } from "./support/server.js";

if (!CHROMIUM) console.warn(SKIP_REASON);

const PERSON = { name: "Katherine Johnson", email: "katherine@example.com", password: "orbital mechanics" };

describe.skipIf(!CHROMIUM)("sessions across two devices in Chromium", () => {
  let server: RunningServer;
  let first: TestBrowser;
  let second: TestBrowser;
  beforeAll(async () => {
    server = await startServer({}, { devIdentityProvider: false });
    first = await openBrowser();
    second = await openBrowser();
    await signUpInBrowser(first.context, server.baseURL, PERSON);
    await signInInBrowser(second.context, server.baseURL, PERSON);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await server?.stop();
  });

  it("revoking a session from another device sends the first to the Authentication Required screen", async () => {
    await first.page.goto(`${server.baseURL}/settings`);
    const firstSessions = first.page.getByRole("list", { name: "Active sessions" });
    await firstSessions.getByText("This device").waitFor();
    expect(await firstSessions.getByRole("listitem").count()).toBe(2);

    // The second device sees two sessions, its own marked, and revokes the other one.
    await second.page.goto(`${server.baseURL}/settings`);
    const secondSessions = second.page.getByRole("list", { name: "Active sessions" });
    await secondSessions.getByText("This device").waitFor();
    await secondSessions.getByRole("button", { name: /^Revoke / }).click();
    await second.page.getByRole("dialog").getByRole("button", { name: "Revoke session" }).click();
    await second.page.getByText("Session revoked.").waitFor();
    await secondSessions.getByRole("listitem").first().waitFor();
    expect(await secondSessions.getByRole("listitem").count()).toBe(1);
    await screenshot(second.page, "settings-session-revoked");

    // The first device acts on its (now revoked) session: 401 → Authentication Required.
    await first.page.getByLabel("Name", { exact: true }).fill("Katherine G. Johnson");
    await first.page.getByRole("button", { name: "Save profile" }).click();
    await first.page.getByRole("heading", { name: "Authentication Required" }).waitFor();
    await first.page.getByText("Your session has expired. Please sign in again.").waitFor();
    await screenshot(first.page, "authentication-required");

    // Sign In clears cached auth data and goes to /login (keeping where the person was).
    await first.page.getByRole("button", { name: "Sign In" }).click();
    await first.page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(first.page.url()).searchParams.get("redirect")).toBe("/settings");
    await first.page.getByRole("button", { name: "Sign in with Google" }).waitFor();
  });

  it("revoke other sessions signs every other device out", async () => {
    // The first device signs in again; the second revokes everything but itself.
    await signInInBrowser(first.context, server.baseURL, PERSON);
    await first.page.goto(`${server.baseURL}/dashboard`);
    await first.page.getByText("Signed in as").waitFor();

    await second.page.reload();
    const secondSessions = second.page.getByRole("list", { name: "Active sessions" });
    await secondSessions.getByRole("button", { name: /^Revoke / }).waitFor();
    await second.page.getByRole("button", { name: "Revoke other sessions" }).click();
    await second.page.getByRole("dialog").getByText("Every device but this one is signed out at once.").waitFor();
    await second.page.getByRole("dialog").getByRole("button", { name: "Revoke other sessions" }).click();
    await second.page.getByText("Every other session is signed out.").waitFor();

    // A new visit on the first device finds no session: the guard sends it to /login.
    await first.page.goto(`${server.baseURL}/reports?range=7d`);
    await first.page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(first.page.url()).searchParams.get("redirect")).toBe("/reports?range=7d");
  });

  it("revoke all sessions signs this device out too and ends at /login", async () => {
    // A slow device: the page it leaves renders again while the revoke settles. That page once
    // saw the session gone and sent the browser to /login?redirect=/settings over the notice.
    const cdp = await second.context.newCDPSession(second.page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    await second.page.getByRole("button", { name: "Revoke all sessions" }).click();
    await second.page.getByRole("dialog").getByRole("button", { name: "Revoke all sessions" }).click();
    await second.page.getByText("You were signed out everywhere, this device included.").waitFor();
    await second.page.waitForURL((url) => url.pathname === "/login" && url.search === "");
    await second.page.goto(`${server.baseURL}/settings`);
    await second.page.waitForURL((url) => url.pathname === "/login");
  });
});

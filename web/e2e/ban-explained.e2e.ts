import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, openBrowser, screenshot, SKIP_REASON, type TestBrowser } from "./support/browser.js";
import { signUpInBrowser } from "./support/accounts.js";
import { mailedLink, startServer, type RunningServer } from "./support/server.js";

if (!CHROMIUM) console.warn(SKIP_REASON);

const OPERATOR = { name: "Olive Operator", email: "ops@example.com", password: "lighthouse keeper" };
const SUSPENDED = "This account is suspended, so it cannot sign in. Ask the administrator if you think this is a mistake.";

/**
 * Issue 48: a banned person is told why, not "Something went wrong" or a silent bounce. In
 * Chromium against the real server: a person signed in with Google (the development identity
 * provider) is banned by the operator; their open page goes to /login with the ban's words, and
 * signing in with Google again reads the same words.
 */
describe.skipIf(!CHROMIUM)("a ban explained, in Chromium against the real server", () => {
  let server: RunningServer;
  let operator: TestBrowser;
  let ada: TestBrowser;
  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAILS: OPERATOR.email });
    operator = await openBrowser();
    ada = await openBrowser();
    await signUpInBrowser(operator.context, server.baseURL, OPERATOR);
    // ADMIN_EMAILS holds once the listed address is proven.
    await operator.page.goto(await mailedLink(server, OPERATOR.email, /verify/i));
  });
  afterAll(async () => {
    await operator?.close();
    await ada?.close();
    await server?.stop();
  });

  const signInWithGoogle = async (): Promise<void> => {
    await ada.page.getByRole("button", { name: "Sign in with Google" }).click();
    await ada.page.getByRole("heading", { name: "Development sign-in" }).waitFor();
    await ada.page.locator('[data-testid="pick-person"][data-email="ada@example.com"]').click();
  };

  it("the open session of a banned person goes to /login with the ban's words, and Google sign-in reads them too", async () => {
    const { page } = ada;
    await page.goto(`${server.baseURL}/login`);
    await signInWithGoogle();
    await page.waitForURL((url) => url.pathname === "/subscribe");
    await page.goto(`${server.baseURL}/settings`);
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    const session = (await (await ada.context.request.get(`${server.baseURL}/api/auth/get-session`)).json()) as { user: { id: string } };

    const banned = await operator.context.request.post(`${server.baseURL}/api/auth/admin/ban-user`, {
      data: { userId: session.user.id, banReason: "spam" },
      headers: { origin: server.baseURL },
    });
    expect(banned.status()).toBe(200);

    // The open page's next session check (here: the page loaded again) ends at /login, saying why.
    await page.reload();
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByText(SUSPENDED).waitFor();
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/settings");
    await screenshot(page, "ban-open-session");

    // Google again: the provider's callback is refused, in the same words.
    await page.goto(`${server.baseURL}/login`);
    await signInWithGoogle();
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByText(SUSPENDED).waitFor();
    expect(await page.getByText("Something went wrong").count()).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpInBrowser } from "./support/accounts.js";
import { addVirtualAuthenticator, CHROMIUM, openBrowser, screenshot, SKIP_REASON, type TestBrowser } from "./support/browser.js";
import { mailedLink, startServer, type RunningServer } from "./support/server.js";
import { startForFile } from "./support/start.js";

if (!CHROMIUM) console.warn(SKIP_REASON);

const OWNER = { name: "Katherine Johnson", email: "katherine@example.com", password: "orbital mechanics" };
const INVITEE = "mary.winston@example.com";

/** An invitee with no account joins through the mailed link (default setting) and ends a member. */
describe.skipIf(!CHROMIUM)("an invitation for a person without an account, in Chromium against the real server", () => {
  const started = startForFile(OWNER, ["owner", "invitee"], { devIdentityProvider: false });
  let invitationLink = "";

  it("the owner invites an address that has no account", async () => {
    const { page, context } = started.owner;
    const created = await context.request.post(`${started.server.baseURL}/api/auth/organization/create`, {
      data: { name: "Langley Research", slug: "langley-research" },
      headers: { origin: started.server.baseURL },
    });
    expect(created.status()).toBe(200);
    await page.goto(`${started.server.baseURL}/users`);
    const invite = page.getByRole("form", { name: "Invite a person" });
    await invite.getByLabel("Email").fill(INVITEE);
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await invite.getByText("Invitation sent.").waitFor();
    invitationLink = await mailedLink(started.server, INVITEE, /invited you to join Langley Research/);
  });

  it("opened signed out, the link tells the invitation and offers an account for the invited address", async () => {
    const { page } = started.invitee;
    await page.goto(invitationLink);
    await page.waitForURL((url) => url.pathname === "/login");
    const panel = page.getByRole("region", { name: "Join Langley Research" });
    await panel.getByText(`${OWNER.name} (${OWNER.email}) invited`).waitFor();
    await panel.getByText(INVITEE).first().waitFor();
    await panel.getByText(/as member/).waitFor();
    await panel.getByText(/The invitation works until/).waitFor();
    // Issue 48: the card's email field holds the invited address.
    await expect.poll(() => page.locator("#login-email").inputValue()).toBe(INVITEE);
    // The sign-in methods stay on offer (default setting: no password field).
    await page.getByRole("button", { name: "Sign in with Google" }).waitFor();
    expect(await page.locator('input[type="password"]').count()).toBe(0);
    await screenshot(page, "invitation-signed-out");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "invitation-signed-out-mobile");
    await page.setViewportSize({ width: 1280, height: 860 });

    await panel.getByRole("button", { name: `Create an account for ${INVITEE}` }).click();
    await panel.getByText(`Check ${INVITEE}: we sent a link that creates your account`, { exact: false }).waitFor();
  });

  it("the mailed link signs the person in with a verified address on the accept page; they accept, add a passkey and are a member", async () => {
    const { page } = started.invitee;
    const authenticator = await addVirtualAuthenticator(page);
    const link = await mailedLink(started.server, INVITEE, /^Create your Gatehouse account to join Langley Research/);
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === new URL(invitationLink).pathname);
    await page.getByTestId("outcome-notice").getByText("Your account is ready and your email address is verified.", { exact: false }).waitFor();
    await page.getByRole("heading", { name: "Join Langley Research" }).waitFor();
    await screenshot(page, "invitation-accept-new-account");
    await page.getByRole("button", { name: "Accept invitation" }).click();

    await page.getByRole("heading", { name: "Add a passkey so you can come back" }).waitFor();
    await screenshot(page, "invitation-passkey-prompt");
    await page.getByRole("button", { name: "Add passkey" }).click();
    await page.getByText("Passkey added.", { exact: false }).waitFor();
    expect(await authenticator.credentials()).toHaveLength(1);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((url) => url.pathname === "/users");
    await page
      .getByRole("list", { name: "Members", exact: true })
      .getByRole("listitem")
      .filter({ hasText: INVITEE })
      .locator(".badge", { hasText: "member" })
      .waitFor();

    // The link worked once.
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === "/login" || url.pathname === "/subscribe");
  });
});

/** Issue 48, with the card's own email ways on: the invited address filled in, and ONE way to make the account. */
describe.skipIf(!CHROMIUM)("an invitation opened signed out with EMAIL_SIGN_IN=on, in Chromium", () => {
  let server: RunningServer;
  let owner: TestBrowser;
  let invitee: TestBrowser;
  beforeAll(async () => {
    server = await startServer({ EMAIL_SIGN_IN: "on" }, { devIdentityProvider: false });
    owner = await openBrowser();
    invitee = await openBrowser();
    await signUpInBrowser(owner.context, server.baseURL, OWNER);
  });
  afterAll(async () => {
    await invitee?.close();
    await owner?.close();
    await server?.stop();
  });

  it("fills in the invited address and offers the invitation's Create an account only", async () => {
    const headers = { origin: server.baseURL };
    expect(
      (
        await owner.context.request.post(`${server.baseURL}/api/auth/organization/create`, {
          data: { name: "Langley Research", slug: "langley-research" },
          headers,
        })
      ).status(),
    ).toBe(200);
    const invited = await owner.context.request.post(`${server.baseURL}/api/auth/organization/invite-member`, {
      data: { email: INVITEE, role: "member" },
      headers,
    });
    expect(invited.status()).toBe(200);
    const { page } = invitee;
    await page.goto(await mailedLink(server, INVITEE, /invited you to join Langley Research/));
    await page.waitForURL((url) => url.pathname === "/login");
    const panel = page.getByRole("region", { name: "Join Langley Research" });
    await panel.getByRole("button", { name: `Create an account for ${INVITEE}` }).waitFor();
    await expect.poll(() => page.locator("#login-email").inputValue()).toBe(INVITEE);
    // The card's own "Create an account" (a link to /sign-up, asked of the server after the first
    // paint) is not a second way: counted once the page has nothing more to load.
    await page.waitForLoadState("networkidle");
    expect(await page.getByRole("link", { name: /create an account/i }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /create an account/i }).count()).toBe(1);
    await screenshot(page, "invitation-signed-out-email-sign-in");
  });
});

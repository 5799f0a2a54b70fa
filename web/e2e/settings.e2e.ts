import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, openBrowser, screenshot, SKIP_REASON, type TestBrowser } from "./support/browser.js";
import { signUpInBrowser } from "./support/accounts.js";
import { mailedLink, startServer, type RunningServer } from "./support/server.js";

if (!CHROMIUM) console.warn(SKIP_REASON);

const PERSON = { name: "Annie Easley", email: "annie@example.com", password: "centaur rocket" };

describe.skipIf(!CHROMIUM)("the Settings security center in Chromium against the real server", () => {
  let server: RunningServer;
  let browser: TestBrowser;
  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
    await signUpInBrowser(browser.context, server.baseURL, PERSON);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const section = (name: string) => browser.page.getByRole("region", { name });

  it("verifies the email address through the mailed link", async () => {
    const { page } = browser;
    await page.goto(`${server.baseURL}/settings`);
    const email = section("Email");
    await email.getByText("Not verified").waitFor();
    await email.getByRole("button", { name: "Send verification email" }).click();
    await email.getByText(`A verification link is on its way to ${PERSON.email}.`).waitFor();
    const verifyLink = await mailedLink(server, PERSON.email, /^Verify your email/);
    await page.goto(verifyLink);
    await page.waitForURL((url) => url.pathname === "/settings");
    await section("Email").getByText("Verified", { exact: true }).waitFor();
    // Told in words where the person lands; the parameter leaves the address.
    await page.getByTestId("outcome-notice").getByText("Your email address is verified.").waitFor();
    await page.waitForURL((url) => url.pathname === "/settings" && url.search === "");
    await screenshot(page, "outcome-email-verified");
    // The same link again: invalid_token, told as a sentence (spec §8 verify-email errors).
    await page.goto(verifyLink);
    await page.getByTestId("outcome-notice").getByText("This link is invalid or was already used. Ask for a new one if you still need it.").waitFor();
    await page.waitForURL((url) => url.pathname === "/settings" && url.search === "");
  });

  it("saves the profile name and shows it in the header", async () => {
    const { page } = browser;
    const profile = section("Profile");
    await profile.getByLabel("Name", { exact: true }).fill("Annie J. Easley");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await profile.getByText("Profile saved.").waitFor();
    // The header's picture (initials here) carries the name; the name itself shows from 1440 px.
    await page.locator('.account-menu .who-with-avatar[title^="Annie J. Easley ("]').waitFor();
    expect(await page.getByTestId("avatar-initials").textContent()).toBe("AE");
  });

  it("changes the password, refusing a wrong current one with the server's message", async () => {
    const password = section("Password");
    await password.getByLabel("Current password").fill("not my password");
    await password.getByLabel("New password").fill("new centaur rocket");
    await password.getByRole("button", { name: "Change password" }).click();
    await password.getByRole("alert").waitFor();
    expect(await password.getByRole("alert").textContent()).toMatch(/password/i);

    await password.getByLabel("Current password").fill(PERSON.password);
    await password.getByRole("button", { name: "Change password" }).click();
    await password.getByText("Password changed.").waitFor();
    // The new password signs in; the old one does not.
    const signIn = (pw: string) =>
      fetch(`${server.baseURL}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.baseURL },
        body: JSON.stringify({ email: PERSON.email, password: pw }),
      });
    expect((await signIn("new centaur rocket")).status).toBe(200);
    expect((await signIn(PERSON.password)).status).toBe(401);
  });

  it("links Google with the same email through the development provider, then unlinks it", async () => {
    const { page } = browser;
    await section("Linked accounts").getByRole("button", { name: "Link Google" }).click();
    await page.getByRole("heading", { name: "Development sign-in" }).waitFor();
    const create = page.getByTestId("create-person");
    await create.getByLabel("Email", { exact: true }).fill(PERSON.email);
    await create.getByLabel("Name", { exact: true }).fill("Annie (Google)");
    await create.getByRole("button", { name: "Create and continue" }).click();
    await page.waitForURL((url) => url.pathname === "/settings");
    await page.getByTestId("outcome-notice").getByText("The account was linked. You can now sign in with it too.").waitFor();
    const accounts = page.getByRole("list", { name: "Linked accounts" });
    await accounts.getByText("Google").waitFor();
    await accounts.getByText("Email and password").waitFor();
    await screenshot(page, "settings-google-linked");

    await accounts.getByRole("button", { name: "Unlink Google" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Unlink Google" }).click();
    await section("Linked accounts").getByText("Account unlinked.").waitFor();
    await accounts.getByText("Google").waitFor({ state: "detached" });
  });

  it("changes a verified email through the confirmation mailed to the current address", async () => {
    const { page } = browser;
    const email = section("Email");
    await email.getByLabel("New email address").fill("annie.easley@example.com");
    await email.getByRole("button", { name: "Change email" }).click();
    await email.getByText(`Check ${PERSON.email}: confirm the change from the link we sent.`).waitFor();
    await page.goto(await mailedLink(server, PERSON.email, /^Confirm your new email/));
    await page.waitForURL((url) => url.pathname === "/settings");
    await page.getByTestId("outcome-notice").getByText("Your email address was changed. Check the new address for a link to verify it.").waitFor();
    await section("Email").getByText("annie.easley@example.com").waitFor();
    await section("Email").getByText("Not verified").waitFor();
    // The new address's link comes back to the same page: it says the address is verified now,
    // not again that it was changed and a link is on its way (issue 48).
    await page.goto(await mailedLink(server, "annie.easley@example.com", /^Verify your email/));
    await page.waitForURL((url) => url.pathname === "/settings" && url.search === "");
    await section("Email").getByText("Verified", { exact: true }).waitFor();
    await page.getByTestId("outcome-notice").getByText("Your new email address, annie.easley@example.com, is verified.").waitFor();
    expect(await page.getByText("Check the new address for a link to verify it.").count()).toBe(0);
  });

  it("deletes the account through the emailed confirmation, ending at /login", async () => {
    const { page } = browser;
    const danger = section("Delete account");
    await danger.getByRole("button", { name: "Delete my account…" }).click();
    // Asked in the app's one confirmation (issue 48), the password in it.
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByLabel("Your password").fill("new centaur rocket");
    await dialog.getByRole("button", { name: "Delete account permanently" }).click();
    await danger.getByText("Check your email: confirm the deletion from the link we sent.").waitFor();
    await screenshot(page, "settings-delete-requested");

    await page.goto(await mailedLink(server, "annie.easley@example.com", /^Confirm the deletion/));
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByTestId("outcome-notice").getByText("Your account was deleted, with everything in it. Goodbye.").waitFor();
    await page.waitForURL((url) => url.pathname === "/login" && url.search === "");
    await screenshot(page, "outcome-account-deleted");
    await page.goto(`${server.baseURL}/dashboard`);
    await page.waitForURL((url) => url.pathname === "/login");
    const gone = await fetch(`${server.baseURL}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.baseURL },
      body: JSON.stringify({ email: "annie.easley@example.com", password: "new centaur rocket" }),
    });
    expect(gone.status).toBe(401);
  });
});

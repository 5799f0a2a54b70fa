import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { CHROMIUM, openBrowser, screenshot, SKIP_REASON, type TestBrowser } from "./support/browser.js";
import { signUpInBrowser } from "./support/accounts.js";
import { mailedLink, startServer, type RunningServer } from "./support/server.js";

if (!CHROMIUM) console.warn(SKIP_REASON);

const OWNER = { name: "Katherine Johnson", email: "katherine@example.com", password: "orbital mechanics" };
const INVITEE = { name: "Grace Hopper", email: "grace@example.com" };

/**
 * The Users page end to end in a real browser: an owner creates an organization, invites a person by
 * email (the mail read from DATA_DIR/outbox), who follows the link, signs in, accepts and appears
 * as a member; each side sees only the controls spec §6 gives their role.
 */
describe.skipIf(!CHROMIUM)("the Users page in Chromium against the real server", () => {
  let server: RunningServer;
  let owner: TestBrowser;
  let invitee: TestBrowser;
  let invitationLink = "";
  beforeAll(async () => {
    server = await startServer();
    owner = await openBrowser();
    invitee = await openBrowser();
    await signUpInBrowser(owner.context, server.baseURL, OWNER);
  });
  afterAll(async () => {
    await invitee?.close();
    await owner?.close();
    await server?.stop();
  });

  const members = (page: Page) => page.getByRole("list", { name: "Members", exact: true });
  const row = (page: Page, name: string) => members(page).getByRole("listitem", { name });
  const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

  it("offers an owner-to-be the create form, and the new organization becomes active", async () => {
    const { page } = owner;
    await page.goto(`${server.baseURL}/users`);
    await page.getByRole("heading", { name: "No active organization" }).waitFor();
    await page.getByLabel("Organization name").fill("Langley Research");
    expect(await page.getByLabel("Slug").inputValue()).toBe("langley-research");
    await page.getByRole("button", { name: "Create organization" }).click();
    await members(page).waitFor();
    await row(page, OWNER.name).locator(".badge", { hasText: "owner" }).waitFor();
    expect(await page.locator("#org-switcher-select option:checked").textContent()).toBe("Langley Research");
  });

  it("invites a person by email; the mail carries the accept link", async () => {
    const { page } = owner;
    const invite = page.getByRole("form", { name: "Invite a person" });
    expect(await invite.getByLabel("Role").locator("option").allTextContents()).toEqual(["owner", "admin", "member"]);
    await invite.getByLabel("Email").fill(INVITEE.email);
    await invite.getByLabel("Role").selectOption("member");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await invite.getByText("Invitation sent.").waitFor();
    await page.getByRole("list", { name: "Pending invitations" }).getByRole("listitem", { name: INVITEE.email }).waitFor();
    invitationLink = await mailedLink(server, INVITEE.email, /invited you to join Langley Research/);
    expect(new URL(invitationLink).pathname).toMatch(/^\/accept-invitation\/[^/]+$/);
  });

  it("sends the signed-out invitee through sign-in and back to the invitation, which they accept", async () => {
    const { page } = invitee;
    await page.goto(invitationLink);
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe(new URL(invitationLink).pathname);
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await page.getByRole("heading", { name: "Development sign-in" }).waitFor();
    const create = page.getByTestId("create-person");
    await create.getByLabel("Email", { exact: true }).fill(INVITEE.email);
    await create.getByLabel("Name", { exact: true }).fill(INVITEE.name);
    await create.getByRole("button", { name: "Create and continue" }).click();

    await page.waitForURL((url) => url.pathname === new URL(invitationLink).pathname);
    await page.getByRole("heading", { name: "Join Langley Research" }).waitFor();
    await page.getByText(`${OWNER.email} invited you`).waitFor();
    await button(page, "Accept invitation").click();
    await page.waitForURL((url) => url.pathname === "/users");
    await row(page, INVITEE.name).locator(".badge", { hasText: "member" }).waitFor();
    await row(page, OWNER.name).waitFor();
  });

  it("shows a member none of the managing controls", async () => {
    const { page } = invitee;
    await button(page, "Leave organization").waitFor();
    expect(await page.getByRole("form", { name: "Invite a person" }).count()).toBe(0);
    expect(await page.getByRole("form", { name: "Create team" }).count()).toBe(0);
    expect(await button(page, `Remove ${OWNER.name}`).count()).toBe(0);
    expect(await button(page, `Change role of ${OWNER.name}`).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^(Remove|Change role of|Cancel invitation for) / }).count()).toBe(0);
    await screenshot(page, "users-member");
  });

  it("lets the owner make the member an admin and create a team with them in it", async () => {
    const { page } = owner;
    await page.reload();
    const grace = row(page, INVITEE.name);
    await grace.waitFor();
    expect(await page.getByRole("list", { name: "Pending invitations" }).count()).toBe(0);
    await grace.getByLabel(`Role for ${INVITEE.name}`).selectOption("admin");
    await grace.getByRole("button", { name: `Change role of ${INVITEE.name}` }).click();
    await grace.getByText("Role changed.").waitFor();
    await grace.locator(".badge", { hasText: "admin" }).waitFor();

    const teams = page.getByRole("region", { name: "Teams" });
    await teams.getByLabel("New team name").fill("Flight Dynamics");
    await teams.getByRole("button", { name: "Create team" }).click();
    await teams.getByText("Team created.").waitFor();
    const team = teams.getByRole("listitem", { name: "Team Flight Dynamics" });
    await team.getByLabel("Person to add to Flight Dynamics").selectOption({ label: INVITEE.name });
    await team.getByRole("button", { name: "Add to Flight Dynamics" }).click();
    await team.getByRole("list", { name: "Members of Flight Dynamics" }).getByText(INVITEE.name).waitFor();
    // The owner cannot remove themselves from the members list; leaving is its own control.
    expect(await button(page, `Remove ${OWNER.name}`).count()).toBe(0);
    await screenshot(page, "users-owner");
  });

  it("shows the new admin the admin's controls but none over the owner", async () => {
    const { page } = invitee;
    await page.reload();
    await row(page, INVITEE.name).locator(".badge", { hasText: "admin" }).waitFor();
    const invite = page.getByRole("form", { name: "Invite a person" });
    await invite.waitFor();
    expect(await invite.getByLabel("Role").locator("option").allTextContents()).toEqual(["admin", "member"]);
    await page.getByRole("form", { name: "Create team" }).waitFor();
    await button(page, "Rename Flight Dynamics").waitFor();
    expect(await button(page, `Remove ${OWNER.name}`).count()).toBe(0);
    expect(await button(page, `Change role of ${OWNER.name}`).count()).toBe(0);
    await screenshot(page, "users-admin");
  });

  it("switches organizations from the navigation", async () => {
    const { page } = invitee;
    await button(page, "New organization").click();
    const popover = page.locator("#org-switcher-create");
    await popover.getByLabel("Organization name").fill("Grace's Compilers");
    await popover.getByRole("button", { name: "Create organization" }).click();
    await page.locator(".lead", { hasText: "Grace's Compilers" }).waitFor();
    await row(page, INVITEE.name).locator(".badge", { hasText: "owner" }).waitFor();

    await page.getByLabel("Active organization").selectOption({ label: "Langley Research" });
    await page.locator(".lead", { hasText: "Langley Research" }).waitFor();
    await row(page, OWNER.name).waitFor();
    expect(await page.locator("#org-switcher-select option").allTextContents()).toEqual(expect.arrayContaining(["Langley Research", "Grace's Compilers"]));
  });

  it("fits a phone: the switcher sits in the header's menu, no horizontal scrolling", async () => {
    const { page } = invitee;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await members(page).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await button(page, "Menu").click();
    await button(page, "New organization").click();
    await page.locator("#org-switcher-create").getByLabel("Organization name").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, "users-mobile");
    await page.setViewportSize({ width: 1280, height: 860 });
  });
});

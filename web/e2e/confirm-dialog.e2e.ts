import { describe, expect, it } from "vitest";
import { CHROMIUM, screenshot, SKIP_REASON } from "./support/browser.js";
import { startForFile } from "./support/start.js";
import { mailedLink } from "./support/server.js";
import { request as playwrightRequest } from "playwright-core";

if (!CHROMIUM) console.warn(SKIP_REASON);

const OWNER = { name: "Dorothy Vaughan", email: "dorothy@example.com", password: "fortran programmer" };

/** Every destructive action asks first, in an accessible dialog that says what will happen. */
describe.skipIf(!CHROMIUM)("destructive actions ask first, in Chromium against the real server", () => {
  const started = startForFile(OWNER, ["browser"], { devIdentityProvider: false });

  const focusedName = () =>
    started.browser.page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? "");

  it("deletes a team only after the dialog's confirm button: Escape and Cancel do nothing and give focus back", async () => {
    const { page } = started.browser;
    await page.goto(`${started.server.baseURL}/users`);
    await page.getByLabel("Organization name").fill("West Computing");
    await page.getByRole("button", { name: "Create organization" }).click();
    const teams = page.getByRole("region", { name: "Teams" });
    await teams.getByLabel("New team name").fill("Analysts");
    await teams.getByRole("button", { name: "Create team" }).click();
    const team = teams.getByRole("listitem", { name: "Team Analysts" });
    await team.waitFor();
    const trigger = page.getByRole("button", { name: "Delete team Analysts" });
    const removals: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/organization/remove-team")) removals.push(request.url());
    });

    // Escape cancels; focus goes back to the button that opened the dialog.
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Delete the team Analysts?" });
    await dialog.waitFor();
    await dialog.getByText("The team has no members.").waitFor();
    await dialog.getByText("This cannot be undone.").waitFor();
    // Focus moved into the dialog, on the safe choice.
    expect(await focusedName()).toBe("Cancel");
    await screenshot(page, "confirm-delete-team");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "confirm-delete-team-mobile");
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await focusedName()).toBe("Delete team Analysts");

    // Cancel likewise.
    await trigger.click();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await focusedName()).toBe("Delete team Analysts");
    expect(removals).toEqual([]);
    await page.reload();
    await team.waitFor();

    // Confirmed: the team goes.
    await trigger.click();
    await dialog.getByRole("button", { name: "Delete team" }).click();
    await teams.getByText("Team deleted.").waitFor();
    await team.waitFor({ state: "detached" });
    expect(removals).toHaveLength(1);
  });

  it("the only owner is told why they cannot leave, with no Leave to be refused after confirming (issue 48)", async () => {
    const { page } = started.browser;
    const membership = page.getByRole("region", { name: "Your membership" });
    await membership.getByText("You are the only owner, so you cannot leave").waitFor();
    expect(await membership.getByRole("button", { name: "Leave organization" }).count()).toBe(0);
  });

  it("Leave organization says what will happen and does nothing when cancelled (once there is another owner)", async () => {
    const { page, context } = started.browser;
    const base = started.server.baseURL;
    // A second owner: Mary signs up on her own device, verifies her address and accepts an owner's invitation.
    const mary = await playwrightRequest.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
    try {
      const signedUp = await mary.post("/api/auth/sign-up/email", {
        data: { name: "Mary Jackson", email: "mary@example.com", password: "wind tunnel engineer" },
      });
      expect(signedUp.status()).toBe(200);
      expect((await mary.get(await mailedLink(started.server, "mary@example.com", /^Verify your email/))).status()).toBeLessThan(400);
      const invited = await context.request.post(`${base}/api/auth/organization/invite-member`, {
        data: { email: "mary@example.com", role: "owner" },
        headers: { origin: base },
      });
      expect(invited.status()).toBe(200);
      const { id } = (await invited.json()) as { id: string };
      expect((await mary.post("/api/auth/organization/accept-invitation", { data: { invitationId: id } })).status()).toBe(200);
    } finally {
      await mary.dispose();
    }
    await page.reload();
    await page.getByRole("button", { name: "Leave organization" }).click();
    const dialog = page.getByRole("dialog", { name: "Leave West Computing?" });
    await dialog.getByText(/You lose access to West Computing, its members, teams and reports at once/).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("list", { name: "Members", exact: true }).getByRole("listitem", { name: OWNER.name }).waitFor();
  });

  it("Revoke other sessions asks first", async () => {
    const { page } = started.browser;
    await page.goto(`${started.server.baseURL}/settings`);
    await page.getByRole("button", { name: "Revoke other sessions" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign out every other session?" });
    await dialog.getByText("Every device but this one is signed out at once. You stay signed in here.").waitFor();
    await screenshot(page, "confirm-revoke-other-sessions");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await page.getByText("Every other session is signed out.").count()).toBe(0);
  });
});

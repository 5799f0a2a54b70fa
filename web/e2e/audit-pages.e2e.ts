import { text as readText } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { signInInBrowser, signUpInBrowser } from "./support/accounts.js";
import { CHROMIUM, openBrowser, screenshot, SKIP_REASON, type TestBrowser } from "./support/browser.js";
import { mailedLink, startServer, type RunningServer } from "./support/server.js";

if (!CHROMIUM) console.warn(SKIP_REASON);

const OWNER = { name: "Olive Owner", email: "olive@example.com" };
const PERSON = { name: "Dorothy Vaughan", email: "dorothy@example.com", password: "west computing seven" };

/**
 * The audit log's pages (Dashboard, Reports, Analytics, Subscribe) in Chromium against the
 * built server: an organization owner signs in with Google (the development provider) and lands
 * on /subscribe, where she creates the organization and picks its plan; a person signs in with a
 * password (after two failed attempts) and joins it. Each page shows what the database holds for
 * each of them, the filters narrow the Reports table, and the CSV download holds exactly the
 * filtered rows.
 */
describe.skipIf(!CHROMIUM)("the audit pages in Chromium against the real server", () => {
  let server: RunningServer;
  let owner: TestBrowser;
  let person: TestBrowser;
  const violations: string[] = [];

  async function watchCSP(browser: TestBrowser): Promise<void> {
    await browser.context.exposeBinding("__reportCSPViolation", (_source, report: string) => void violations.push(report));
    await browser.context.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        (window as unknown as { __reportCSPViolation(r: string): void }).__reportCSPViolation(`${event.violatedDirective} on ${document.location.pathname}`);
      });
    });
  }

  beforeAll(async () => {
    server = await startServer();
    owner = await openBrowser();
    person = await openBrowser();
    await watchCSP(owner);
    await watchCSP(person);
  });
  afterAll(async () => {
    await person?.close();
    await owner?.close();
    await server?.stop();
  });

  const post = async (browser: TestBrowser, path: string, data: unknown): Promise<{ status: number; body: Record<string, unknown> }> => {
    const response = await browser.context.request.post(`${server.baseURL}/api/auth${path}`, { data, headers: { origin: server.baseURL } });
    return { status: response.status(), body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
  };

  const eventsTable = (page: Page) => page.getByRole("table", { name: /^Events of/ });
  const eventRows = (page: Page) => eventsTable(page).locator("tbody tr");

  async function downloadCSV(page: Page): Promise<string[][]> {
    // Chromium's save picker would open a dialog no one answers here: without it, Reports streams
    // the export with its progress and hands the file to the browser's own download at the end.
    await page.evaluate(() => Object.defineProperty(window, "showSaveFilePicker", { value: undefined, configurable: true }));
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV" }).click();
    // The run's Chromium is reached over a connection (support/browser.ts): the file comes through it.
    const stream = await (await download).createReadStream();
    const text = (await readText(stream)).trim();
    const rows = text.split(/\r?\n/).length - 1;
    await expect
      .poll(() =>
        page
          .getByRole("status")
          .filter({ hasText: /^Done:/ })
          .textContent(),
      )
      .toBe(`Done: ${rows} ${rows === 1 ? "row" : "rows"} (0 MB) downloaded.`);
    // Only the user agent holds commas (quoted): a plain split reads the columns before it, and
    // the last column (the reason) is what follows the line's last comma.
    return text.split(/\r?\n/).map((line) => line.split(","));
  }

  it("signs the owner in with Google, lands on /subscribe, creates the organization and picks its plan", async () => {
    const { page } = owner;
    await page.goto(`${server.baseURL}/login`);
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await page.getByRole("heading", { name: "Development sign-in" }).waitFor();
    const create = page.getByTestId("create-person");
    await create.getByLabel("Email", { exact: true }).fill(OWNER.email);
    await create.getByLabel("Name", { exact: true }).fill(OWNER.name);
    await create.getByRole("button", { name: "Create and continue" }).click();

    await page.waitForURL((url) => url.origin === server.baseURL && url.pathname === "/subscribe");
    await page.getByRole("heading", { name: "Create your organization" }).waitFor();
    await page.getByLabel("Organization name").fill("West Computing");
    await page.getByRole("button", { name: "Create organization" }).click();
    await page.getByRole("heading", { level: 2, name: "West Computing" }).waitFor();
    expect(await page.getByTestId("current-plan").textContent()).toBe("Free");
    expect(await page.getByTestId("seats").textContent()).toBe("1 of 3 seats taken (1 member)");
    await page.getByRole("radio", { name: "Team" }).check();
    await page.getByRole("button", { name: "Change plan" }).click();
    await page.getByRole("dialog", { name: "Change West Computing to Team?" }).getByRole("button", { name: "Change plan" }).click();
    await page.getByText("Plan changed.").waitFor();
    expect(await page.getByTestId("current-plan").textContent()).toBe("Team");
    await screenshot(page, "subscribe-owner");
  });

  it("signs the person in with a password after two failed attempts; they join the organization", async () => {
    await signUpInBrowser(person.context, server.baseURL, PERSON);
    for (let i = 0; i < 2; i++) expect((await post(person, "/sign-in/email", { email: PERSON.email, password: "not the password" })).status).toBe(401);
    await signInInBrowser(person.context, server.baseURL, PERSON);
    // Joining an organization needs a verified address: the link of the sign-up mail.
    await person.page.goto(await mailedLink(server, PERSON.email, /^Verify your email/));
    await person.page.getByRole("heading", { level: 1 }).first().waitFor();
    const invitation = await post(owner, "/organization/invite-member", { email: PERSON.email, role: "member" });
    expect(invitation.status).toBe(200);
    const accepted = await post(person, "/organization/accept-invitation", { invitationId: invitation.body.id });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  });

  it("shows the person their own figures on the dashboard, with recent activity linking to Reports", async () => {
    const { page } = person;
    await page.goto(`${server.baseURL}/dashboard`);
    await page.getByRole("list", { name: "Recent activity" }).waitFor();
    expect(await page.getByTestId("sign-ins-30d").textContent()).toBe("1");
    expect(await page.getByTestId("failed-sign-ins-30d").textContent()).toBe("2 failed attempts");
    expect(await page.getByTestId("organization-name").textContent()).toBe("West Computing");
    expect(await page.getByTestId("organization-plan").textContent()).toBe("member · Team plan · 2 of 25 seats");
    const recent = page.getByRole("list", { name: "Recent activity" });
    await recent.getByRole("link", { name: "Invitation accepted" }).waitFor();
    await screenshot(page, "dashboard-person");
    await recent.getByRole("link", { name: "Signed in" }).first().click();
    await page.waitForURL((url) => url.pathname === "/reports" && url.searchParams.get("type") === "sign-in");
    await eventsTable(page).waitFor();
    expect(await eventRows(page).count()).toBe(3);
  });

  it("narrows the person's Reports table with the filters, and the CSV holds exactly those rows", async () => {
    const { page } = person;
    await page.goto(`${server.baseURL}/reports`);
    await eventsTable(page).waitFor();
    expect(await page.getByRole("radio", { name: /^Organization/ }).count()).toBe(0); // a member reads only their own
    const everything = await eventRows(page).count();
    expect(everything).toBeGreaterThanOrEqual(6); // sign-up, 2 failed and 1 good sign-in, email verified, invitation accepted
    await page.getByLabel("Outcome").selectOption("failure");
    await page.waitForURL((url) => url.searchParams.get("outcome") === "failure");
    await expect.poll(async () => [await eventRows(page).count(), await eventRows(page).getByText("Failed").count()]).toEqual([2, 2]);
    await screenshot(page, "reports-person-failed");

    const csv = await downloadCSV(page);
    expect(csv[0]).toEqual(["time", "type", "outcome", "method", "actor", "email", "organization", "ip", "user agent", "reason"]);
    // Both failures were a wrong password for the person's own account: the last column says so.
    expect(csv.slice(1).map((row) => [...row.slice(1, 4), row.at(-1)])).toEqual([
      ["sign-in", "failure", "password", "Wrong password"],
      ["sign-in", "failure", "password", "Wrong password"],
    ]);
  });

  it("draws the person's analytics with a table behind each chart, within the CSP", async () => {
    const { page } = person;
    await page.goto(`${server.baseURL}/analytics`);
    await page.getByTestId("total-sign-ins").waitFor();
    expect(await page.getByTestId("total-sign-ins").textContent()).toBe("1");
    expect(await page.getByTestId("total-failures").textContent()).toBe("2");
    expect(await page.getByTestId("failure-rate").textContent()).toBe("66.7%");
    expect(await page.getByTestId("total-sign-ups").textContent()).toBe("1");
    await page.getByRole("img", { name: "Sign-ins by outcome: 3 sign-in attempts, 2 failed." }).locator(".recharts-wrapper > svg.recharts-surface").waitFor();
    await page.locator(".recharts-bar-rectangle").first().waitFor();
    await page.getByText("Table: sign-ins by outcome").click();
    const today = await page.evaluate(() => new Date().toLocaleDateString(undefined, { month: "short", day: "numeric", timeZone: "UTC" }));
    const row = page.getByRole("table", { name: "Sign-ins per day by outcome" }).getByRole("row", { name: new RegExp(`^${today}`) });
    expect(await row.locator("td").allTextContents()).toEqual(["1", "2"]);
    expect(await page.getByRole("radio", { name: /^Organization/ }).count()).toBe(0);
    await screenshot(page, "analytics-person");
  });

  it("shows the person the plan read-only", async () => {
    const { page } = person;
    await page.goto(`${server.baseURL}/subscribe`);
    await page.getByText("Only an owner of West Computing can change its plan.").waitFor();
    expect(await page.getByTestId("current-plan").textContent()).toBe("Team");
    expect(await page.getByTestId("seats").textContent()).toBe("2 of 25 seats taken (2 members)");
    expect(await page.getByRole("button", { name: "Change plan" }).count()).toBe(0);
  });

  it("lets the owner read the organization's log, narrow it to the member's failed sign-ins and download them", async () => {
    // The organization's log holds its members' personal rows since they joined: two more failures.
    for (let i = 0; i < 2; i++) expect((await post(person, "/sign-in/email", { email: PERSON.email, password: "still not it" })).status).toBe(401);
    const { page } = owner;
    await page.goto(`${server.baseURL}/reports`);
    await eventsTable(page).waitFor();
    await page.getByRole("radio", { name: /^Organization/ }).click();
    await page.getByRole("table", { name: "Events of West Computing, newest first" }).waitFor();
    await eventRows(page).filter({ hasText: PERSON.name }).first().waitFor();
    await page.getByLabel("Event", { exact: true }).selectOption("sign-in");
    await page.waitForURL((url) => url.searchParams.get("type") === "sign-in");
    await page.getByLabel("Outcome").selectOption("failure");
    // The sign-in filter alone also shows these two rows; wait for the outcome's own answer, counted in one look.
    await page.waitForURL((url) => url.searchParams.get("outcome") === "failure");
    await page.getByRole("status").filter({ hasText: "2 events shown" }).waitFor();
    await expect.poll(async () => [await eventRows(page).count(), await eventRows(page).filter({ hasText: PERSON.name }).count()]).toEqual([2, 2]);
    await screenshot(page, "reports-organization");

    const csv = await downloadCSV(page);
    expect(csv.slice(1).map((row) => [row[1], row[2], row[3], row[4], row[5]])).toEqual([
      ["sign-in", "failure", "password", PERSON.name, PERSON.email],
      ["sign-in", "failure", "password", PERSON.name, PERSON.email],
    ]);
  });

  it("shows the owner the organization's analytics and the dashboard's organization", async () => {
    const { page } = owner;
    await page.goto(`${server.baseURL}/analytics?scope=organization`);
    await page.getByText("Sign-in activity of West Computing", { exact: false }).waitFor();
    await expect.poll(async () => page.getByTestId("total-failures").textContent()).toBe("2");
    await page.locator(".recharts-bar-rectangle").first().waitFor();
    await screenshot(page, "analytics-organization");

    await page.goto(`${server.baseURL}/dashboard`);
    await page.getByRole("list", { name: "Recent activity" }).waitFor();
    expect(await page.getByTestId("organization-plan").textContent()).toBe("owner · Team plan · 2 of 25 seats");
    await page.getByRole("list", { name: "Recent activity" }).getByRole("link", { name: "Plan changed" }).waitFor();
    await screenshot(page, "dashboard-owner");
    expect(violations).toEqual([]);
  });
});

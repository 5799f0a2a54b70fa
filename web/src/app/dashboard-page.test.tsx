import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createAppBackend, type AppBackend } from "../test/app-backend.js";
import { call, otherBrowser, renderApp, signIn, signUp, type RenderedApp } from "../test/render-app.js";
import { formatDateTime } from "../components/ui.js";

/** /dashboard against the real auth service and tRPC router: audit.overview's figures and recent activity. */
describe("the dashboard (audit.overview)", () => {
  let backend: AppBackend;
  let app: RenderedApp | undefined;
  beforeEach(async () => {
    // The service's clock at the browser's time, as in a real deployment (the 30-day window).
    backend = await createAppBackend({}, { now: new Date() });
  });
  afterEach(async () => {
    cleanup();
    app?.queryClient.clear();
    await backend.destroy();
  });

  it("shows loading, then the person's figures and recent activity linking to Reports", async () => {
    await signUp(backend.browser, "Dorothy Vaughan", "dorothy@example.com");
    expect(await signIn(otherBrowser(backend), "dorothy@example.com", "wrong password")).toBe(401);
    expect(await signIn(backend.browser, "dorothy@example.com")).toBe(200);
    const release = backend.holdRemoteCalls();
    app = renderApp(backend, "/dashboard");
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    await screen.findByText("Loading your overview…");
    release();

    await waitFor(() => expect(screen.getByTestId("sign-ins-30d").textContent).toBe("1"));
    expect(screen.getByTestId("failed-sign-ins-30d").textContent).toBe("1 failed attempt");
    const sessions = await call<unknown[]>(backend.browser, "/list-sessions");
    expect(screen.getByTestId("active-sessions").textContent).toBe(String(sessions.length));
    expect(screen.getByTestId("passkeys").textContent).toBe("0");
    // As Settings lists them: the email-and-password account counts.
    const accounts = await call<unknown[]>(backend.browser, "/list-accounts");
    expect(accounts).toHaveLength(1);
    expect(screen.getByTestId("linked-accounts").textContent).toBe("1");
    const recent = screen.getByRole("list", { name: "Recent activity" });
    const links = within(recent)
      .getAllByRole("link")
      .map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toContainEqual(["Signed in", "/reports?type=sign-in"]);
    expect(links).toContainEqual(["Signed up", "/reports?type=sign-up"]);
    expect(within(recent).getAllByText("Failed").length).toBe(1);
    expect(screen.getByRole("link", { name: "All activity in Reports" }).getAttribute("href")).toBe("/reports");
    expect(screen.getByText("None active")).toBeTruthy();
  });

  it("greets a new account on its first dashboard: this session, Check your inbox, not 'None recorded' or 'Not verified' (issue 48)", async () => {
    await signUp(backend.browser, "Dorothy Vaughan", "dorothy@example.com");
    app = renderApp(backend, "/dashboard");
    await waitFor(() => expect(screen.getByTestId("failed-sign-ins-30d").textContent).toBe("Counted from your next sign-in: signing up is not one."));
    const session = await call<{ session: { createdAt: string } }>(backend.browser, "/get-session");
    const started = new Date(session.session.createdAt);
    const lastSignIn = screen.getByRole("region", { name: "Last sign-in" });
    expect(within(lastSignIn).getByTestId("last-sign-in").textContent).toBe(formatDateTime(started));
    expect(lastSignIn.textContent).toContain("This session");
    const email = screen.getByRole("region", { name: "Email" });
    expect(email.textContent).toContain("Check your inbox");
    expect(email.textContent).toContain("Open the link we sent to dorothy@example.com to verify it.");
    expect(within(email).getByRole("link", { name: "Send a new link" }).getAttribute("href")).toBe("/settings#email");
    expect(document.body.textContent).not.toMatch(/None recorded|Not verified/);
  });

  it("shows the active organization with its plan and seats", async () => {
    await signUp(backend.browser, "Dorothy Vaughan", "dorothy@example.com");
    await call(backend.browser, "/organization/create", { name: "West Computing", slug: "west-computing" });
    app = renderApp(backend, "/dashboard");
    expect((await screen.findByTestId("organization-name")).textContent).toBe("West Computing");
    expect(screen.getByTestId("organization-plan").textContent).toBe("owner · Free plan · 1 of 3 seats");
    await within(screen.getByRole("list", { name: "Recent activity" })).findByText("Organization created");
  });

  it("says so when no event is recorded", async () => {
    await signUp(backend.browser, "Dorothy Vaughan", "dorothy@example.com");
    await backend.t.database.db.deleteFrom("securityEvent").execute();
    app = renderApp(backend, "/dashboard");
    await screen.findByText("No security events are recorded for your account.");
    expect(screen.getByTestId("sign-ins-30d").textContent).toBe("0");
  });

  it("shows the error with Try Again, which loads the overview once the server answers", async () => {
    await signUp(backend.browser, "Dorothy Vaughan", "dorothy@example.com");
    backend.failRemoteCalls(/^audit\.overview$/);
    app = renderApp(backend, "/dashboard");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading").textContent).toBe("Your overview could not be loaded");
    // Spec §8's Network message, never the transport's own words.
    expect(alert.textContent).toContain("Network error. Please check your connection and try again.");
    expect(alert.textContent).not.toContain("Failed to fetch");
    backend.failRemoteCalls(null);
    fireEvent.click(within(alert).getByRole("button", { name: "Try Again" }));
    await screen.findByRole("list", { name: "Recent activity" });
  });
});

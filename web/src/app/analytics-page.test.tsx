import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createAppBackend, type AppBackend } from "../test/app-backend.js";
import { call, otherBrowser, renderApp, signIn, signUp, type RenderedApp } from "../test/render-app.js";
import { dayLabel } from "../features/audit/components/analytics-charts.js";

/** /analytics against the real tRPC router: audit.analytics' figures in the totals and in each chart's table. */
describe("the Analytics page (audit.analytics)", () => {
  let backend: AppBackend;
  let app: RenderedApp | undefined;
  beforeEach(async () => {
    backend = await createAppBackend({ mailer: { send: async () => undefined } }, { now: new Date() });
  });
  afterEach(async () => {
    cleanup();
    app?.queryClient.clear();
    await backend.destroy();
  });

  const today = () => new Date().toISOString().slice(0, 10);
  const tableRow = (caption: string, day: string) =>
    within(screen.getByRole("table", { name: caption, hidden: true }))
      .getAllByRole("row", { hidden: true })
      .find((row) => within(row).queryByRole("rowheader", { hidden: true })?.textContent === dayLabel(day));
  const cells = (row: HTMLElement | undefined) => [...(row?.querySelectorAll("td") ?? [])].map((td) => td.textContent);

  it("shows loading, then today's sign-ins by outcome and method, sign-ups and the failure rate", async () => {
    await signUp(backend.browser, "Mary Jackson", "mary@example.com");
    expect(await signIn(otherBrowser(backend, "10.0.0.1"), "mary@example.com", "wrong password")).toBe(401);
    expect(await signIn(otherBrowser(backend, "10.0.0.2"), "mary@example.com")).toBe(200);
    expect(await signIn(otherBrowser(backend, "10.0.0.3"), "mary@example.com")).toBe(200);

    const release = backend.holdRemoteCalls();
    app = renderApp(backend, "/analytics");
    await screen.findByText("Loading analytics…");
    release();
    expect((await screen.findByTestId("total-sign-ins")).textContent).toBe("2");
    expect(screen.getByTestId("total-failures").textContent).toBe("1");
    expect(screen.getByTestId("failure-rate").textContent).toBe("33.3%");
    expect(screen.getByTestId("total-sign-ups").textContent).toBe("1");
    // The default range is the last 30 days: 30 rows, today the last.
    const outcome = within(screen.getByRole("table", { name: "Sign-ins per day by outcome", hidden: true })).getAllByRole("row", { hidden: true });
    expect(outcome).toHaveLength(31);
    expect(cells(tableRow("Sign-ins per day by outcome", today()))).toEqual(["2", "1"]);
    expect(
      within(screen.getByRole("table", { name: "Sign-ins per day by method", hidden: true }))
        .getAllByRole("columnheader", { hidden: true })
        .map((th) => th.textContent),
    ).toEqual(["Day", "Password"]);
    // By method: the successful ones.
    expect(cells(tableRow("Sign-ins per day by method", today()))).toEqual(["2"]);
    expect(cells(tableRow("Sign-ups per day", today()))).toEqual(["1"]);
    expect(cells(tableRow("Failed sign-ins per day, as a share of attempts", today()))).toEqual(["3", "1", "33.3%"]);
    // Each chart is a described picture with its table behind it.
    expect(screen.getByRole("img", { name: "Sign-ins by outcome: 3 sign-in attempts, 1 failed." })).toBeTruthy();
    expect(screen.getAllByText(/^Table: /).map((s) => s.textContent)).toEqual([
      "Table: sign-ins by outcome",
      "Table: sign-ins by method",
      "Table: sign-ups",
      "Table: failure rate",
    ]);
    // A plain person has no organization scope to switch to.
    expect(screen.queryByRole("radio", { name: /^Organization/ })).toBeNull();

    // The 7-day preset asks again with 7 days.
    fireEvent.click(screen.getByRole("radio", { name: "Last 7 days" }));
    await waitFor(() =>
      expect(within(screen.getByRole("table", { name: "Sign-ups per day", hidden: true })).getAllByRole("row", { hidden: true })).toHaveLength(8),
    );
    expect(app.router.state.location.search).toBe("?days=7");
  });

  it("says so for a custom range without activity, and refuses a range that ends before it starts", async () => {
    await signUp(backend.browser, "Mary Jackson", "mary@example.com");
    app = renderApp(backend, "/analytics");
    await screen.findByTestId("total-sign-ins");
    fireEvent.click(screen.getByRole("radio", { name: "Custom" }));
    const form = screen.getByRole("form", { name: "Custom range" });
    fireEvent.change(within(form).getByLabelText("From"), { target: { value: "2025-03-10" } });
    fireEvent.change(within(form).getByLabelText("To"), { target: { value: "2025-03-01" } });
    expect(within(form).getByText("The start day must not be after the end day.")).toBeTruthy();
    expect((within(form).getByRole("button", { name: "Show range" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText("To"), { target: { value: "2025-03-20" } });
    fireEvent.click(within(form).getByRole("button", { name: "Show range" }));
    await screen.findByText("No sign-ins or sign-ups for your account between 2025-03-10 and 2025-03-20.");
    expect(app.router.state.location.search).toBe("?from=2025-03-10&to=2025-03-20");
    expect(screen.getByTestId("total-sign-ins").textContent).toBe("0");
  });

  it("lets an organization owner see the organization's sign-ins", async () => {
    const grace = otherBrowser(backend, "10.0.0.9");
    await signUp(backend.browser, "Mary Jackson", "mary@example.com");
    await signUp(grace, "Grace Hopper", "grace@example.com");
    await call(backend.browser, "/organization/create", { name: "Langley", slug: "langley" });
    const invitation = await call<{ id: string }>(backend.browser, "/organization/invite-member", { email: "grace@example.com", role: "member" });
    await call(grace, "/organization/accept-invitation", { invitationId: invitation.id });
    expect(await signIn(otherBrowser(backend, "10.0.0.10"), "grace@example.com")).toBe(200);
    expect(await signIn(otherBrowser(backend, "10.0.0.11"), "grace@example.com", "wrong password")).toBe(401);

    app = renderApp(backend, "/analytics");
    expect((await screen.findByTestId("total-sign-ins")).textContent).toBe("0");
    fireEvent.click(await screen.findByRole("radio", { name: /^Organization/ }));
    // Grace's sign-in and her failed attempt (sign-ups are not sign-ins).
    await waitFor(() => expect(screen.getByTestId("total-failures").textContent).toBe("1"));
    expect(screen.getByTestId("total-sign-ins").textContent).toBe("1");
    expect(app.router.state.location.search).toBe("?scope=organization");
    await screen.findByText(/Sign-in activity of Langley/);
  });

  it("shows the error with Try Again when the analytics cannot be loaded", async () => {
    await signUp(backend.browser, "Mary Jackson", "mary@example.com");
    backend.failRemoteCalls(/^audit\.analytics$/);
    app = renderApp(backend, "/analytics");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading").textContent).toBe("The analytics could not be loaded");
    // A dropped connection is told with spec §8's Network message, not the transport's words.
    within(alert).getByText("Network error. Please check your connection and try again.");
    backend.failRemoteCalls(null);
    fireEvent.click(within(alert).getByRole("button", { name: "Try Again" }));
    await screen.findByTestId("total-sign-ins");
  });
});

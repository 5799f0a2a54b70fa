import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createAppBackend, type AppBackend } from "../test/app-backend.js";
import { call, otherBrowser, renderApp, signIn, signUp, type RenderedApp } from "../test/render-app.js";

/** /reports against the real tRPC router: audit.events with filters, cursor paging and the CSV link. */
describe("the Reports page (audit.events)", () => {
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

  const table = () => screen.getByRole("table", { name: /^Events of/ });
  const bodyRows = () => within(table()).getAllByRole("row").slice(1);
  const csvLink = () => new URL(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")!, "http://localhost");

  async function loadAll(): Promise<void> {
    await screen.findByRole("table", { name: /^Events of/ });
    for (;;) {
      const more = screen.queryByRole("button", { name: "Load more" });
      if (!more) return;
      const before = bodyRows().length;
      fireEvent.click(more);
      await waitFor(() => expect(bodyRows().length).toBeGreaterThan(before));
    }
  }

  it("pages through the person's events and narrows them with the filters; the CSV link carries the same filters", async () => {
    await signUp(backend.browser, "Dorothy Vaughan", "dorothy@example.com");
    // 27 failed attempts, in runs of three with a good sign-in between (the per-account throttle
    // would delay a longer run), then the person's own sign-in: 37 sign-in events in all.
    // Each attempt from its own address: the per-address rate limit allows few sign-ins at once.
    let address = 0;
    const device = () => {
      backend.t.clock.advance(1000); // one event per second: "newest first" is well defined
      return otherBrowser(backend, `10.0.0.${++address}`);
    };
    for (let i = 0; i < 9; i++) {
      for (let j = 0; j < 3; j++) expect(await signIn(device(), "dorothy@example.com", "wrong password")).toBe(401);
      expect(await signIn(device(), "dorothy@example.com")).toBe(200);
    }
    backend.t.clock.advance(1000);
    expect(await signIn(backend.browser, "dorothy@example.com")).toBe(200);

    const release = backend.holdRemoteCalls();
    app = renderApp(backend, "/reports");
    await screen.findByText("Loading events…");
    release();
    await screen.findByRole("table", { name: "Events of your account, newest first" });
    // First page: 25 rows, newest first (the successful sign-in), and more to load.
    expect(bodyRows()).toHaveLength(25);
    expect(within(bodyRows()[0]!).getByRole("rowheader").textContent).toBe("Signed in");
    expect(within(bodyRows()[0]!).getByText("Succeeded")).toBeTruthy();
    expect(screen.getByRole("status", { name: "" }).textContent ?? "").toContain("there are more");
    await loadAll();
    const all = bodyRows().length;
    expect(all).toBeGreaterThanOrEqual(38); // the sign-up and the 37 sign-ins (and whatever else was recorded)
    expect(bodyRows().filter((row) => row.dataset.eventType === "sign-in")).toHaveLength(37);
    // No filters: the CSV export is the person's whole log.
    expect(csvLink().pathname).toBe("/api/reports/events.csv");
    expect([...csvLink().searchParams]).toEqual([["scope", "self"]]);

    // Outcome: failed only.
    fireEvent.change(screen.getByLabelText("Outcome"), { target: { value: "failure" } });
    await waitFor(() => expect(bodyRows().every((row) => within(row).queryByText("Failed"))).toBe(true));
    await loadAll();
    expect(bodyRows()).toHaveLength(27);
    // Each says why (issue 48): the password was wrong.
    expect(bodyRows().every((row) => within(row).queryByText("Wrong password"))).toBe(true);
    expect(app.router.state.location.search).toBe("?outcome=failure");

    // Kind and method too: the CSV link asks for exactly these filters.
    fireEvent.change(screen.getByLabelText("Event"), { target: { value: "sign-in" } });
    await waitFor(() => expect(csvLink().searchParams.get("type")).toBe("sign-in"));
    fireEvent.change(screen.getByLabelText("Method"), { target: { value: "password" } });
    await waitFor(() => expect(csvLink().searchParams.get("method")).toBe("password"));
    expect(Object.fromEntries(csvLink().searchParams)).toEqual({ scope: "self", type: "sign-in", outcome: "failure", method: "password" });
    await loadAll();
    expect(bodyRows()).toHaveLength(27);

    // A day range that ends before today holds nothing.
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2020-01-31" } });
    await screen.findByText("No events match these filters.", {}, { timeout: 5000 });
    expect(csvLink().searchParams.get("to")).toBe("2020-02-01T00:00:00.000Z"); // exclusive: the whole 31st

    // Back to no filters: the whole log again (the pages already loaded stay loaded).
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(bodyRows()).toHaveLength(all));
    expect([...csvLink().searchParams]).toEqual([["scope", "self"]]);
  }, 30_000);

  it("lets an organization admin switch to the organization's events; a member gets no switch", async () => {
    const olive = otherBrowser(backend);
    const milo = otherBrowser(backend);
    await signUp(olive, "Olive Owner", "olive@example.com");
    await signUp(backend.browser, "Dorothy Vaughan", "dorothy@example.com");
    await signUp(milo, "Milo Member", "milo@example.com");
    await call(olive, "/organization/create", { name: "West Computing", slug: "west-computing" });
    const forDorothy = await call<{ id: string }>(olive, "/organization/invite-member", { email: "dorothy@example.com", role: "admin" });
    await call(backend.browser, "/organization/accept-invitation", { invitationId: forDorothy.id });

    app = renderApp(backend, "/reports");
    const organization = await screen.findByRole("radio", { name: /^Organization/ });
    expect(screen.queryByRole("table", { name: /West Computing/ })).toBeNull();
    fireEvent.click(organization);
    await screen.findByRole("table", { name: "Events of West Computing, newest first" });
    await waitFor(() => expect(bodyRows().some((row) => row.dataset.eventType === "organization-created")).toBe(true));
    const created = bodyRows().find((row) => row.dataset.eventType === "organization-created")!;
    expect(within(created).getByText("Olive Owner")).toBeTruthy();
    expect(csvLink().searchParams.get("scope")).toBe("organization");

    // Milo is a plain member: no switch, and an address asking for the organization shows his own.
    cleanup();
    app.queryClient.clear();
    const forMilo = await call<{ id: string }>(olive, "/organization/invite-member", { email: "milo@example.com", role: "member" });
    await act(async () => {
      await call(backend.browser, "/sign-out", {});
      await call(backend.browser, "/sign-in/email", { email: "milo@example.com", password: "correct horse battery" });
      await call(backend.browser, "/organization/accept-invitation", { invitationId: forMilo.id });
    });
    app = renderApp(backend, "/reports?scope=organization");
    await screen.findByRole("table", { name: "Events of your account, newest first" });
    expect(screen.queryByRole("radio", { name: /^Organization/ })).toBeNull();
    expect(bodyRows().some((row) => row.dataset.eventType === "organization-created")).toBe(false);
    expect(csvLink().searchParams.get("scope")).toBe("self");
    expect(backend.remoteCalls.filter((path) => path === "audit.events").length).toBeGreaterThan(0);
  }, 15_000);

  it("shows the error with Try Again when the events cannot be loaded", async () => {
    await signUp(backend.browser, "Dorothy Vaughan", "dorothy@example.com");
    backend.failRemoteCalls(/^audit\.events$/);
    app = renderApp(backend, "/reports");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading").textContent).toBe("The events could not be loaded");
    backend.failRemoteCalls(null);
    fireEvent.click(within(alert).getByRole("button", { name: "Try Again" }));
    await screen.findByRole("table", { name: "Events of your account, newest first" });
  });

  it("says so when From is after To, and asks for nothing (as Analytics does)", async () => {
    await signUp(backend.browser, "Mary Jackson", "mary@example.com");
    app = renderApp(backend, "/reports?from=2025-03-10&to=2025-03-01");
    const alert = await screen.findByRole("alert", {}, { timeout: 5000 });
    expect(alert.textContent).toBe("The start day must not be after the end day.");
    expect(screen.queryByText("No events match these filters.")).toBeNull();
    expect(backend.remoteCalls).not.toContain("audit.events");
  });
});

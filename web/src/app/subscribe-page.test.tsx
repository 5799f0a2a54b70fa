import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createAppBackend, type AppBackend } from "../test/app-backend.js";
import { call, otherBrowser, renderApp, signUp, type RenderedApp } from "../test/render-app.js";

/** /subscribe against the real tRPC router: plan.get and plan.set, the owner's choice and everyone else's view. */
describe("the Subscribe page (plan.get, plan.set)", () => {
  let backend: AppBackend;
  let app: RenderedApp | undefined;
  beforeEach(async () => {
    backend = await createAppBackend();
    backend.t.auth.context.mailer = { send: async () => undefined };
  });
  afterEach(async () => {
    cleanup();
    app?.queryClient.clear();
    await backend.destroy();
  });

  it("offers a person without an organization to create one, then shows its Free plan and lets the owner change it", async () => {
    await signUp(backend.browser, "Katherine Johnson", "katherine@example.com");
    const release = backend.holdRemoteCalls();
    app = renderApp(backend, "/subscribe");
    await screen.findByText("Loading the plan…");
    release();
    await screen.findByRole("heading", { name: "Create your organization" });
    fireEvent.change(screen.getByLabelText("Organization name"), { target: { value: "Langley Research" } });
    expect((screen.getByLabelText("Slug") as HTMLInputElement).value).toBe("langley-research");
    fireEvent.click(screen.getByRole("button", { name: "Create organization" }));

    // The new organization is active: the page follows it without a reload.
    await screen.findByRole("heading", { level: 2, name: "Langley Research" });
    expect(screen.getByTestId("current-plan").textContent).toBe("Free");
    expect(screen.getByTestId("seats").textContent).toBe("1 of 3 seats taken (1 member)");
    const plans = within(screen.getByRole("list", { name: "Plans" })).getAllByRole("listitem");
    expect(plans.map((li) => li.getAttribute("aria-label"))).toEqual(["Free", "Team", "Business"]);
    expect(within(plans[0]!).getByText("Current plan")).toBeTruthy();
    const change = screen.getByRole("button", { name: "Change plan" }) as HTMLButtonElement;
    expect(change.disabled).toBe(true);

    fireEvent.click(screen.getByRole("radio", { name: "Team" }));
    fireEvent.click(change);
    // Issue 48: asked first, in the app's one confirmation; nothing changes until confirmed.
    const dialog = await screen.findByRole("dialog", { name: "Change Langley Research to Team?" });
    expect(dialog.textContent).toContain("up to 25 seats (1 taken now)");
    expect((await backend.t.database.db.selectFrom("organization").select("plan").executeTakeFirstOrThrow()).plan).toBe("free");
    fireEvent.click(within(dialog).getByRole("button", { name: "Change plan" }));
    await screen.findByText("Plan changed.");
    await waitFor(() => expect(screen.getByTestId("current-plan").textContent).toBe("Team"));
    expect(screen.getByTestId("seats").textContent).toBe("1 of 25 seats taken (1 member)");
    // Stored: the server says so too.
    const stored = await backend.t.database.db.selectFrom("organization").select("plan").executeTakeFirstOrThrow();
    expect(stored.plan).toBe("team");
  });

  it("shows the server's refusal when the organization has more members than the new plan's seats", async () => {
    await signUp(backend.browser, "Katherine Johnson", "katherine@example.com");
    await call(backend.browser, "/organization/create", { name: "Langley Research", slug: "langley" });
    await backend.t.database.db.updateTable("organization").set({ plan: "team" }).execute();
    for (const [index, name] of ["a", "b", "c"].entries()) {
      const person = otherBrowser(backend, `10.0.1.${index + 1}`); // under the per-address sign-up limit
      await signUp(person, name, `${name}@example.com`);
      const invitation = await call<{ id: string }>(backend.browser, "/organization/invite-member", { email: `${name}@example.com`, role: "member" });
      await call(person, "/organization/accept-invitation", { invitationId: invitation.id });
    }
    await call(backend.browser, "/organization/invite-member", { email: "d@example.com", role: "member" });
    app = renderApp(backend, "/subscribe");
    expect((await screen.findByTestId("seats")).textContent).toBe("5 of 25 seats taken (4 members, 1 pending invitation)");
    expect(within(screen.getByRole("listitem", { name: "Free" })).getByText("Fewer seats than the 4 members")).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "Free" }));
    fireEvent.click(screen.getByRole("button", { name: "Change plan" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Change plan" }));
    const refusal = await screen.findByRole("alert");
    expect(refusal.textContent).toMatch(/seat/i);
    expect(screen.getByTestId("current-plan").textContent).toBe("Team");
    // A refusal is not a lost session.
    expect(screen.queryByText("Authentication Required")).toBeNull();
  });

  it("is read-only for a member", async () => {
    const olive = otherBrowser(backend);
    await signUp(olive, "Olive Owner", "olive@example.com");
    await signUp(backend.browser, "Milo Member", "milo@example.com");
    await call(olive, "/organization/create", { name: "West Computing", slug: "west" });
    const invitation = await call<{ id: string }>(olive, "/organization/invite-member", { email: "milo@example.com", role: "member" });
    await call(backend.browser, "/organization/accept-invitation", { invitationId: invitation.id });
    app = renderApp(backend, "/subscribe");
    expect((await screen.findByTestId("seats")).textContent).toBe("2 of 3 seats taken (2 members)");
    expect(screen.getByText("Only an owner of West Computing can change its plan.")).toBeTruthy();
    expect(screen.queryByRole("radio")).toBeNull();
    expect(screen.queryByRole("button", { name: "Change plan" })).toBeNull();
  });

  it("shows the error with Try Again when the plan cannot be loaded", async () => {
    await signUp(backend.browser, "Katherine Johnson", "katherine@example.com");
    backend.failRemoteCalls(/^plan\.get$/);
    app = renderApp(backend, "/subscribe");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading").textContent).toBe("The plan could not be loaded");
    backend.failRemoteCalls(null);
    fireEvent.click(within(alert).getByRole("button", { name: "Try Again" }));
    await screen.findByRole("heading", { name: "Create your organization" });
  });
});

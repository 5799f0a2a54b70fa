import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createAppBackend, type AppBackend } from "../test/app-backend.js";
import { otherBrowser, renderApp, signUp, type RenderedApp } from "../test/render-app.js";

/** The console against the real tRPC router and /api/auth/admin: its states, search, a person's page. */
describe("the admin console", () => {
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

  async function signUpAdmin(): Promise<void> {
    await signUp(backend.browser, "Olive Operator", "ops@example.com");
    await backend.t.auth.admin.setRoleByEmail("ops@example.com", "admin");
  }

  it("is not there for people who are not admins, and their header has no link to it", async () => {
    await signUp(backend.browser, "Pat Person", "pat@example.com");
    app = renderApp(backend, "/admin");
    await screen.findByRole("heading", { name: "Page not found" });
    expect(within(screen.getByRole("navigation", { name: "Main" })).queryByRole("link", { name: "Admin" })).toBeNull();
    expect(backend.remoteCalls.filter((path) => path.startsWith("admin."))).toEqual([]);
  });

  it("loads, lists, searches with an empty result, and shows a failed load with Try Again", async () => {
    await signUpAdmin();
    await signUp(otherBrowser(backend, "10.0.0.2"), "Pat Person", "pat@example.com");
    const release = backend.holdRemoteCalls();
    app = renderApp(backend, "/admin");
    await screen.findByText("Loading people…");
    release();
    const table = await screen.findByRole("table", { name: "Everyone, newest first" });
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Admin" })).toBeTruthy();
    expect(screen.getByTestId("stat-people").textContent).toBe("2");

    fireEvent.change(screen.getByLabelText("Address or name"), { target: { value: "nobody" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await screen.findByText("Nobody matches this search.");

    backend.failRemoteCalls(/^admin\.users$/);
    fireEvent.change(screen.getByLabelText("Address or name"), { target: { value: "pat" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await screen.findByRole("heading", { name: "The people could not be loaded" });
    backend.failRemoteCalls(null);
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    const found = await screen.findByRole("table", { name: "People matching “pat”" });
    expect(within(found).getByRole("link", { name: "pat@example.com" })).toBeTruthy();
  });

  it("shows a person's page and revokes their sessions after confirmation", async () => {
    await signUpAdmin();
    const pat = otherBrowser(backend, "10.0.0.3");
    await signUp(pat, "Pat Person", "pat@example.com");
    const user = await backend.t.database.db.selectFrom("user").select("id").where("email", "=", "pat@example.com").executeTakeFirstOrThrow();
    app = renderApp(backend, `/admin/users/${user.id}`);
    await screen.findByRole("heading", { level: 1, name: "Pat Person" });
    expect(within(screen.getByRole("list", { name: "Their sessions" })).getAllByRole("listitem")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Revoke all sessions" }));
    // The dialog asks first (happy-dom has no modal layer: the confirm button is in the document).
    const confirm = screen.getAllByRole("button", { name: "Revoke all sessions", hidden: true }).find((b) => b.getAttribute("type") === "submit")!;
    fireEvent.click(confirm);
    await screen.findByText("Every session is revoked.");
    await screen.findByText("Signed in nowhere.");
    await waitFor(async () => expect(await (await pat.get("/get-session")).json()).toBeNull());
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { RouterProvider } from "react-router/dom";
import type { QueryClient } from "@tanstack/react-query";
import { createTestBrowser, type TestBrowser } from "@gatehouse/auth-core/testing";
import { createTestQueryClient } from "../test/query-client.js";
import { SESSION_QUERY_KEY } from "../features/auth/api/get-session.js";
import { createAuthBackend, type AuthBackend } from "../test/auth-backend.js";
import type { AuthClient } from "../lib/auth-client.js";
import { createAuthFailureStore, type AuthFailureStore } from "./auth-failure.js";
import { AppProvider } from "./provider.js";
import { createTestRouter } from "./router.js";

/** /accept-invitation/:id against the real auth service: accept, decline, and someone else's link. */
describe("the accept-invitation page", () => {
  let backend: AuthBackend;
  let queryClient: QueryClient;
  let authFailures: AuthFailureStore;
  let invitationId: string;
  beforeEach(async () => {
    // Expiry is judged by the service's clock; keep it at the browser's time (see the Users page test).
    backend = await createAuthBackend({ mailer: { send: async () => undefined } }, { now: new Date() });
    const olive = createTestBrowser(backend.t.auth);
    await call(olive, "/sign-up/email", { name: "Olive Owner", email: "olive@example.com", password: "correct horse battery" });
    await call(olive, "/organization/create", { name: "Acme", slug: "acme" });
    invitationId = (await call<{ id: string }>(olive, "/organization/invite-member", { email: "vera@example.com", role: "admin" })).id;
  });
  afterEach(async () => {
    cleanup();
    queryClient?.clear();
    await backend.destroy();
  });

  async function call<T>(browser: TestBrowser, path: string, body?: unknown): Promise<T> {
    const response = body === undefined ? await browser.get(path) : await browser.post(path, body);
    const text = await response.text();
    expect(response.status, `${path}: ${text}`).toBe(200);
    return JSON.parse(text) as T;
  }

  /** `held` paths are answered only once release() is called (a slow list on a loaded server). */
  function renderAt(path: string, held: readonly string[] = [], release: Promise<void> = Promise.resolve()): ReturnType<typeof createTestRouter> {
    authFailures = createAuthFailureStore();
    queryClient = createTestQueryClient({ onAuthError: (error) => authFailures.set(error) });
    const client = backend.client({ onSessionChange: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }) });
    const authClient: AuthClient = {
      request: (requestPath, body, options) =>
        held.includes(requestPath) ? release.then(() => client.request(requestPath, body, options)) : client.request(requestPath, body, options),
    };
    const router = createTestRouter({ queryClient, authClient, authFailures, build: { version: "test", builtAt: "now" } }, [path]);
    render(
      <AppProvider services={{ queryClient, authClient, authFailures, trpcClient: backend.trpcClient() }}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    return router;
  }

  it("shows the invitation, accepts it and lands on /users in the joined organization", async () => {
    await call(backend.browser, "/sign-up/email", { name: "Vera Viewer", email: "vera@example.com", password: "correct horse battery" });
    const router = renderAt(`/accept-invitation/${invitationId}`);
    await screen.findByRole("heading", { name: "Join Acme" });
    screen.getByText(/olive@example\.com invited you \(vera@example\.com\)/);
    fireEvent.click(screen.getByRole("button", { name: "Accept invitation" }));
    // A password is a way back in: no passkey prompt (that is for accounts made from the mailed
    // invitation link, web/e2e/invitation-sign-up.e2e.ts).
    await screen.findByRole("heading", { level: 2, name: "Members" }, { timeout: 5000 });
    expect(screen.queryByRole("heading", { name: "Add a passkey so you can come back" })).toBeNull();
    expect(router.state.location.pathname).toBe("/users");
    expect(screen.getByRole("listitem", { name: "Vera Viewer" }).querySelector(".badge")?.textContent).toBe("admin");
  });

  it("waits for the person's linked accounts before asking for a passkey, however late they answer", async () => {
    // Vera's password is one of her linked accounts (a Google sign-in would be another); her list
    // answers only after she has accepted, as on a loaded server. She was once asked for a
    // passkey "because you joined with a link from your mailbox" (web/e2e/users.e2e.ts, under load).
    await call(backend.browser, "/sign-up/email", { name: "Vera Viewer", email: "vera@example.com", password: "correct horse battery" });
    let answerAccounts = (): void => undefined;
    const accountsHeld = new Promise<void>((resolve) => (answerAccounts = resolve));
    const router = renderAt(`/accept-invitation/${invitationId}`, ["/list-accounts"], accountsHeld);
    fireEvent.click(await screen.findByRole("button", { name: "Accept invitation" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Accept invitation" })).toBeNull());
    expect(screen.queryByRole("heading", { name: "Add a passkey so you can come back" })).toBeNull();
    answerAccounts();
    await screen.findByRole("heading", { level: 2, name: "Members" }, { timeout: 5000 });
    expect(screen.queryByRole("heading", { name: "Add a passkey so you can come back" })).toBeNull();
    expect(router.state.location.pathname).toBe("/users");
  });

  it("declines, and the invitation cannot be used again", async () => {
    await call(backend.browser, "/sign-up/email", { name: "Vera Viewer", email: "vera@example.com", password: "correct horse battery" });
    const router = renderAt(`/accept-invitation/${invitationId}`);
    fireEvent.click(await screen.findByRole("button", { name: "Decline" }));
    fireEvent.click(await screen.findByRole("button", { name: "Decline invitation" }));
    await screen.findByRole("heading", { name: "No active organization" }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe("/users");
    const again = await backend.browser.get(`/organization/get-invitation?id=${invitationId}`);
    expect(again.status).toBe(400);
  });

  it("tells a person signed in with another address, without the sign-in screen", async () => {
    await call(backend.browser, "/sign-up/email", { name: "Someone Else", email: "else@example.com", password: "correct horse battery" });
    renderAt(`/accept-invitation/${invitationId}`);
    await screen.findByRole("heading", { name: "This invitation cannot be used" });
    screen.getByText("You are not the recipient of the invitation");
    expect(screen.queryByRole("button", { name: "Accept invitation" })).toBeNull();
    await waitFor(() => expect(authFailures.get()).toBeNull());
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { RouterProvider } from "react-router/dom";
import type { QueryClient } from "@tanstack/react-query";
import { totpCodeFor } from "@gatehouse/auth-core/testing";
import { createAppQueryClient } from "../lib/query-client.js";
import { SESSION_QUERY_KEY } from "../features/auth/api/get-session.js";
import { createAuthBackend, type AuthBackend } from "../test/auth-backend.js";
import { createAuthFailureStore } from "./auth-failure.js";
import { AppProvider } from "./provider.js";
import { createTestRouter } from "./router.js";

const PASSWORD = "correct horse battery";
const WAIT = { timeout: 10_000 };

/**
 * The /two-factor page finishes a password sign-in that answered twoFactorRedirect,
 * against the real auth service (the pending step lives in the cookie jar, as in a browser).
 */
describe("the second-step page against the real auth service", () => {
  let backend: AuthBackend;
  let queryClient: QueryClient;
  let totpURI = "";
  beforeEach(async () => {
    backend = await createAuthBackend({ twoFactor: { enabled: true } });
    const { browser, t } = backend;
    await browser.post("/sign-up/email", { name: "Kath", email: "kath@example.com", password: PASSWORD });
    ({ totpURI } = (await (await browser.post("/two-factor/enable", { password: PASSWORD })).json()) as { totpURI: string });
    expect((await browser.post("/two-factor/verify-totp", { code: totpCodeFor(totpURI, t.clock.now()) })).status).toBe(200);
    await browser.post("/sign-out");
    t.clock.advance(30_000);
    expect(await (await browser.post("/sign-in/email", { email: "kath@example.com", password: PASSWORD })).json()).toMatchObject({ twoFactorRedirect: true });
  });
  afterEach(async () => {
    cleanup();
    queryClient?.clear();
    await backend.destroy();
  });

  function renderAt(path: string): ReturnType<typeof createTestRouter> {
    const authFailures = createAuthFailureStore();
    queryClient = createAppQueryClient({ log: () => undefined, onAuthError: (error) => authFailures.set(error) });
    const authClient = backend.client({ onSessionChange: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }) });
    const router = createTestRouter({ queryClient, authClient, authFailures, build: { version: "test", builtAt: "now" } }, [path]);
    render(
      <AppProvider services={{ queryClient, authClient, authFailures, trpcClient: backend.trpcClient() }}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    return router;
  }

  it("a wrong code shows the page's message (no Authentication Required screen); the right one goes to the destination", async () => {
    const router = renderAt("/two-factor?redirect=%2Fsettings");
    const code = await screen.findByLabelText("Code", { exact: true }, WAIT);
    const right = totpCodeFor(totpURI, backend.t.clock.now());
    fireEvent.change(code, { target: { value: right === "123456" ? "654321" : "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await screen.findByText("That code is not right. Try again.", {}, WAIT);

    fireEvent.change(code, { target: { value: right } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await screen.findByRole("heading", { level: 1, name: "Settings" }, WAIT);
    expect(router.state.location.pathname).toBe("/settings");
  });

  it("a step that has ended says so and links back to sign-in", async () => {
    backend.t.clock.advance(10 * 60_000 + 1000);
    renderAt("/two-factor");
    fireEvent.change(await screen.findByLabelText("Code", { exact: true }, WAIT), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await screen.findByText("This sign-in has ended (too many tries, or more than 10 minutes). Sign in again.", {}, WAIT);
    expect(screen.getByRole("link", { name: "Sign in again" }).getAttribute("href")).toMatch(/^\/login/);
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { RouterProvider } from "react-router/dom";
import type { QueryClient } from "@tanstack/react-query";
import { createTestQueryClient } from "../test/query-client.js";
import { SESSION_QUERY_KEY } from "../features/auth/api/get-session.js";
import { createAuthBackend, type AuthBackend } from "../test/auth-backend.js";
import { createAuthFailureStore } from "./auth-failure.js";
import { AppProvider } from "./provider.js";
import { createTestRouter } from "./router.js";

describe("route guards (spec §2, §4) against the real auth service", () => {
  let backend: AuthBackend;
  let queryClient: QueryClient;
  beforeEach(async () => {
    backend = await createAuthBackend();
  });
  afterEach(async () => {
    cleanup();
    queryClient?.clear();
    await backend.destroy();
  });

  function renderAt(path: string): ReturnType<typeof createTestRouter> {
    queryClient = createTestQueryClient();
    const authClient = backend.client({ onSessionChange: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }) });
    const authFailures = createAuthFailureStore();
    const router = createTestRouter({ queryClient, authClient, authFailures, build: { version: "test", builtAt: "now" } }, [path]);
    render(
      <AppProvider services={{ queryClient, authClient, authFailures, trpcClient: backend.trpcClient() }}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    return router;
  }

  async function signUp(): Promise<void> {
    const res = await backend.browser.post("/sign-up/email", { name: "Mary Jackson", email: "mary@example.com", password: "wind tunnel" });
    expect(res.status).toBe(200);
  }

  it("sends a signed-out visit to /login with the path and query as redirect", async () => {
    const router = renderAt("/settings?tab=sessions");
    // The first render of the file starts the in-process service and loads the screen: on a busy
    // machine that takes longer than findBy's 1 s.
    await screen.findByRole("button", { name: "Sign in with Google" }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe("/login");
    expect(new URLSearchParams(router.state.location.search).get("redirect")).toBe("/settings?tab=sessions");
    expect(screen.getByRole("button", { name: "Sign in with passkey" })).toBeTruthy();
  });

  it("checks the session before sending / to /dashboard", async () => {
    const router = renderAt("/");
    await screen.findByRole("button", { name: "Sign in with Google" });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/login?redirect=%2F");
  });

  it("sends a signed-in person from / to /dashboard and from /login to /subscribe", async () => {
    await signUp();
    const router = renderAt("/");
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    expect(router.state.location.pathname).toBe("/dashboard");
    await act(() => router.navigate("/login?redirect=%2Fsettings"));
    await screen.findByRole("heading", { level: 1, name: "Subscribe" });
    expect(router.state.location.pathname).toBe("/subscribe");
  });

  it("goes to /login, keeping the page, when the session disappears while the page is open", async () => {
    await signUp();
    const router = renderAt("/reports?range=7d");
    await screen.findByRole("heading", { level: 1, name: "Reports" });
    // Signed out elsewhere (the cookie is gone); the next session check finds nobody.
    expect((await backend.browser.post("/sign-out")).status).toBe(200);
    await act(() => queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY }));
    await screen.findByRole("button", { name: "Sign in with Google" });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/login?redirect=%2Freports%3Frange%3D7d");
  });

  it("goes to /login with the ban's words when a ban ends the open session (issue 48)", async () => {
    await signUp();
    const router = renderAt("/reports?range=7d");
    await screen.findByRole("heading", { level: 1, name: "Reports" });
    const db = backend.t.database.db;
    await db.updateTable("user").set({ banned: 1 }).where("email", "=", "mary@example.com").execute();
    await act(() => queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY }));
    await screen.findByText("This account is suspended, so it cannot sign in. Ask the administrator if you think this is a mistake.");
    expect(router.state.location.pathname).toBe("/login");
    expect(new URLSearchParams(router.state.location.search).get("redirect")).toBe("/reports?range=7d");
  });

  it("says so on /login when the ban came before the page was opened again (the guard's first session check)", async () => {
    await signUp();
    await backend.t.database.db.updateTable("user").set({ banned: 1 }).where("email", "=", "mary@example.com").execute();
    const router = renderAt("/settings");
    await screen.findByText("This account is suspended, so it cannot sign in. Ask the administrator if you think this is a mistake.", {}, { timeout: 5000 });
    // /login takes the outcome out of the address once shown; the redirect stays.
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/login?redirect=%2Fsettings");
  });
});

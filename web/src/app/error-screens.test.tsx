import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { RouterProvider } from "react-router/dom";
import { createMemoryRouter } from "react-router";
import { useQuery, type QueryClient } from "@tanstack/react-query";
import { createTestBrowser } from "@gatehouse/auth-core/testing";
import { AuthRequestError } from "../lib/auth-errors.js";
import { createTestQueryClient } from "../test/query-client.js";
import { SESSION_QUERY_KEY } from "../features/auth/api/get-session.js";
import { createAuthBackend, type AuthBackend } from "../test/auth-backend.js";
import { createAuthFailureStore, type AuthFailureStore } from "./auth-failure.js";
import { AppErrorFallback, ErrorBoundary, RouteErrorScreen } from "./error-boundary.js";
import { AuthRequiredScreen, GenericErrorScreen } from "./error-screens.js";
import { AppProvider } from "./provider.js";
import { createTestRouter } from "./router.js";

afterEach(() => cleanup());

describe("the error screens (spec §2)", () => {
  it("Authentication Required: the session-expired text for Unauthorized or 401, and both buttons", () => {
    const calls: string[] = [];
    render(
      <AuthRequiredScreen
        error={new AuthRequestError(401, "UNAUTHORIZED", "Unauthorized")}
        onTryAgain={() => calls.push("try")}
        onSignIn={() => calls.push("sign-in")}
      />,
    );
    expect(screen.getByRole("heading", { name: "Authentication Required" })).toBeTruthy();
    expect(screen.getByText("Your session has expired. Please sign in again.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(calls).toEqual(["try", "sign-in"]);
  });

  it("Authentication Required: the unauthorized text otherwise", () => {
    render(
      <AuthRequiredScreen error={new AuthRequestError(403, "INVALID_ORIGIN", "Invalid origin")} onTryAgain={() => undefined} onSignIn={() => undefined} />,
    );
    expect(screen.getByText("You need to sign in to access this page.")).toBeTruthy();
  });

  it("Generic: the error's message, or 'An unexpected error occurred', and Try Again", () => {
    let tries = 0;
    render(<GenericErrorScreen error={new Error("Database unreachable")} onTryAgain={() => (tries += 1)} />);
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByText("Database unreachable")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(tries).toBe(1);
    cleanup();
    render(<GenericErrorScreen error={{}} onTryAgain={() => undefined} />);
    expect(screen.getByText("An unexpected error occurred")).toBeTruthy();
  });
});

describe("error boundaries with the app's providers", () => {
  let queryClient: QueryClient;
  let authFailures: AuthFailureStore;
  let backend: AuthBackend;
  beforeEach(async () => {
    backend = await createAuthBackend();
    queryClient = createTestQueryClient({ onAuthError: (e) => authFailures.set(e) });
    authFailures = createAuthFailureStore();
  });
  afterEach(async () => {
    queryClient.clear();
    await backend.destroy();
  });

  function renderRoutes(router: ReturnType<typeof createMemoryRouter>, authClient = backend.client()): void {
    render(
      <AppProvider services={{ queryClient, authClient, authFailures, trpcClient: backend.trpcClient() }}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
  }

  it("shows the generic screen for a failed query, and Try Again resets the query and the boundary", async () => {
    let attempts = 0;
    function Flaky(): React.ReactElement {
      const query = useQuery({
        queryKey: ["flaky"],
        retry: false,
        queryFn: async () => {
          attempts += 1;
          if (attempts === 1) throw new Error("Reports are unavailable");
          return "loaded";
        },
      });
      return <p>{query.data ?? "loading"}</p>;
    }
    const router = createMemoryRouter([
      {
        path: "/",
        element: (
          <ErrorBoundary fallback={(error, reset) => <AppErrorFallback error={error} reset={reset} />}>
            <Flaky />
          </ErrorBoundary>
        ),
      },
    ]);
    renderRoutes(router);
    await screen.findByRole("heading", { name: "Something went wrong" });
    expect(screen.getByText("Reports are unavailable")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    await screen.findByText("loaded");
    expect(attempts).toBe(2);
  });

  it("shows a loader's error on the route's error screen", async () => {
    const router = createMemoryRouter([
      {
        path: "/",
        loader: () => {
          throw new Error("Loader broke");
        },
        element: <p>never</p>,
        errorElement: <RouteErrorScreen />,
      },
    ]);
    renderRoutes(router);
    await screen.findByRole("heading", { name: "Something went wrong" });
    expect(screen.getByText("Loader broke")).toBeTruthy();
  });

  it("turns a 401 from a revoked session into Authentication Required; Sign In goes to /login", async () => {
    await backend.browser.post("/sign-up/email", { name: "Dorothy Vaughan", email: "dorothy@example.com", password: "fortran rules" });
    const authClient = backend.client({ onSessionChange: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }) });
    const router = createTestRouter({ queryClient, authClient, authFailures, build: { version: "test", builtAt: "now" } }, ["/settings"]);
    renderRoutes(router, authClient);
    await screen.findByRole("heading", { level: 1, name: "Settings" });

    // Another device of the same person revokes every other session, this one included.
    const other = createTestBrowser(backend.t.auth);
    expect((await other.post("/sign-in/email", { email: "dorothy@example.com", password: "fortran rules" })).status).toBe(200);
    expect((await other.post("/revoke-other-sessions")).status).toBe(200);

    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    await screen.findByRole("heading", { name: "Authentication Required" });
    expect(screen.getByText("Your session has expired. Please sign in again.")).toBeTruthy();
    // Issue 48: no longer under the signed-in header (its pages, switcher and Sign out).
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Sign out" })).toBeNull();
    // Cached auth queries are gone (spec §8).
    expect(queryClient.getQueryData(["auth", "sessions"])).toBeUndefined();

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign In" })));
    await screen.findByRole("button", { name: "Sign in with Google" });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/login?redirect=%2Fsettings");
    expect(authFailures.get()).toBeNull();
  });

  it("Try Again on Authentication Required retries: with the session gone, the guard sends the person to /login", async () => {
    await backend.browser.post("/sign-up/email", { name: "Dorothy Vaughan", email: "dorothy@example.com", password: "fortran rules" });
    const router = createTestRouter({ queryClient, authClient: backend.client(), authFailures, build: { version: "test", builtAt: "now" } }, ["/analytics"]);
    renderRoutes(router);
    await screen.findByRole("heading", { level: 1, name: "Analytics" });
    expect((await backend.browser.post("/sign-out")).status).toBe(200);
    act(() => authFailures.set(new AuthRequestError(401, "UNAUTHORIZED", "Unauthorized")));
    await screen.findByRole("heading", { name: "Authentication Required" });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Try Again" })));
    await screen.findByRole("button", { name: "Sign in with Google" });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/login?redirect=%2Fanalytics");
  });
});

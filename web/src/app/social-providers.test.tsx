import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { RouterProvider } from "react-router/dom";
import type { QueryClient } from "@tanstack/react-query";
import type { AuthOptions } from "@gatehouse/auth-core";
import { createTestQueryClient } from "../test/query-client.js";
import { SESSION_QUERY_KEY } from "../features/auth/api/get-session.js";
import { createAuthBackend, type AuthBackend } from "../test/auth-backend.js";
import { createAuthFailureStore } from "./auth-failure.js";
import { AppProvider } from "./provider.js";
import { createTestRouter } from "./router.js";

/**
 * The login screen's and Settings' provider buttons, drawn from the server's auth.providers
 * query (the real server app over the real auth service, in-process).
 */
const GOOGLE = { clientId: "google-client", clientSecret: "google-secret", issuer: "http://127.0.0.1:9" };
const GITHUB = { clientId: "github-client", clientSecret: "github-secret" };

describe("social provider buttons from the server's list", () => {
  let backend: AuthBackend;
  let queryClient: QueryClient;
  let assigned: string[];

  beforeEach(() => {
    assigned = [];
    // The browser leaving for the provider's page: recorded, not followed.
    vi.spyOn(window.location, "assign").mockImplementation((url: string | URL) => void assigned.push(String(url)));
  });
  afterEach(async () => {
    cleanup();
    vi.restoreAllMocks();
    queryClient?.clear();
    await backend.destroy();
  });

  async function startBackend(socialProviders: AuthOptions["socialProviders"]): Promise<void> {
    backend = await createAuthBackend({ socialProviders });
  }

  async function signUp(): Promise<void> {
    expect((await backend.browser.post("/sign-up/email", { name: "Ada", email: "ada@example.com", password: "analytical engine" })).status).toBe(200);
  }

  async function renderAt(path: string, socialProviders: AuthOptions["socialProviders"], before?: () => Promise<void>): Promise<void> {
    await startBackend(socialProviders);
    await before?.();
    queryClient = createTestQueryClient();
    const authClient = backend.client({ onSessionChange: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }) });
    const router = createTestRouter({ queryClient, authClient, authFailures: createAuthFailureStore(), build: { version: "test", builtAt: "now" } }, [path]);
    render(
      <AppProvider services={{ queryClient, authClient, authFailures: createAuthFailureStore(), trpcClient: backend.trpcClient() }}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
  }

  function signInButtons(): string[] {
    return within(screen.getByLabelText("Sign in with an account you have"))
      .getAllByRole("button")
      .map((button) => button.textContent ?? "");
  }

  it("shows Google first, then one button per other enabled provider, and signs in with the one clicked", async () => {
    await renderAt("/login?redirect=%2Fsettings", { google: GOOGLE, github: GITHUB });
    await screen.findByRole("button", { name: "Sign in with GitHub" });
    expect(signInButtons()).toEqual(["Sign in with Google", "Sign in with GitHub"]);
    expect(screen.getByText("Use your Google or GitHub account or a passkey saved on this device.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign in with passkey" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Sign in with GitHub" }));
    await waitFor(() => expect(assigned).toHaveLength(1));
    const url = new URL(assigned[0]!);
    expect(`${url.origin}${url.pathname}`).toBe("https://github.com/login/oauth/authorize");
    expect(url.searchParams.get("client_id")).toBe("github-client");
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/github");
  });

  it("keeps the screen as it was for a deployment with Google alone", async () => {
    await renderAt("/login", { google: GOOGLE });
    await screen.findByRole("button", { name: "Sign in with Google" });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(signInButtons()).toEqual(["Sign in with Google"]);
    expect(screen.getByText("Use your Google account or a passkey saved on this device.")).toBeTruthy();
  });

  it("Settings offers a Link button per enabled provider not linked yet, and links the one clicked", async () => {
    await renderAt("/settings", { google: GOOGLE, github: GITHUB }, signUp);
    const section = await screen.findByRole("region", { name: "Linked accounts" });
    await within(section).findByRole("button", { name: "Link GitHub" });
    expect(
      within(section)
        .getAllByRole("button", { name: /^Link / })
        .map((b) => b.textContent),
    ).toEqual(["Link Google", "Link GitHub"]);
    expect(within(section).getByText("Email and password")).toBeTruthy();

    fireEvent.click(within(section).getByRole("button", { name: "Link GitHub" }));
    await waitFor(() => expect(assigned).toHaveLength(1));
    expect(new URL(assigned[0]!).origin).toBe("https://github.com");
  });

  it("Settings offers no Link button for a provider already linked", async () => {
    await renderAt("/settings", { google: GOOGLE, github: GITHUB }, async () => {
      await signUp();
      const user = await backend.t.database.db.selectFrom("user").select("id").executeTakeFirstOrThrow();
      const now = backend.t.clock.now().toISOString();
      // A GitHub account linked earlier (how it got there is the auth service's own tests' business).
      await backend.t.database.db
        .insertInto("account")
        .values({
          id: "acc-github",
          userId: user.id,
          providerId: "github",
          accountId: "4242",
          accessToken: null,
          refreshToken: null,
          idToken: null,
          accessTokenExpiresAt: null,
          refreshTokenExpiresAt: null,
          scope: null,
          password: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    });
    const section = await screen.findByRole("region", { name: "Linked accounts" });
    await within(section).findByText("GitHub");
    await within(section).findByRole("button", { name: "Link Google" });
    expect(within(section).queryByRole("button", { name: "Link GitHub" })).toBeNull();
    expect(within(section).getByRole("button", { name: "Unlink GitHub" })).toBeTruthy();
  });
});

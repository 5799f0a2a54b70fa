import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { RouterProvider } from "react-router/dom";
import type { QueryClient } from "@tanstack/react-query";
import { seedOrganization, signUpPerson, totpCodeFor } from "@gatehouse/auth-core/testing";
import { createAppQueryClient } from "../lib/query-client.js";
import { SESSION_QUERY_KEY } from "../features/auth/api/get-session.js";
import { createAuthBackend, type AuthBackend } from "../test/auth-backend.js";
import { createAuthFailureStore } from "./auth-failure.js";
import { AppProvider } from "./provider.js";
import { createTestRouter } from "./router.js";

const PASSWORD = "correct horse battery";

/**
 * An owner requires two-factor on the Users page; a member who signs in with a password and has
 * none (here the owner too) is asked to set it up before the organization's pages, and sees them
 * once it is on. The server refuses such a member the organization's calls, so the pages read
 * the rule first and leave the member the way out.
 */
describe("an organization's two-factor rule on the Users page, against the real auth service", () => {
  let backend: AuthBackend;
  let queryClient: QueryClient;
  beforeEach(async () => {
    backend = await createAuthBackend({ twoFactor: { enabled: true } }, { now: new Date() });
  });
  afterEach(async () => {
    cleanup();
    queryClient?.clear();
    await backend.destroy();
  });

  function renderAt(path: string): void {
    const authFailures = createAuthFailureStore();
    queryClient = createAppQueryClient({ log: () => undefined, onAuthError: (error) => authFailures.set(error) });
    const authClient = backend.client({ onSessionChange: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }) });
    const router = createTestRouter({ queryClient, authClient, authFailures, build: { version: "test", builtAt: "now" } }, [path]);
    render(
      <AppProvider services={{ queryClient, authClient, authFailures, trpcClient: backend.trpcClient() }}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
  }

  it("the owner turns the rule on, is asked for two-factor, and sees the page once it is on", async () => {
    const { browser } = backend;
    expect((await browser.post("/sign-up/email", { name: "Olive", email: "olive@example.com", password: PASSWORD })).status).toBe(200);
    expect((await browser.post("/organization/create", { name: "Acme", slug: "acme" })).status).toBe(200);

    renderAt("/users");
    await screen.findByRole("heading", { level: 2, name: "Members" }, { timeout: 10_000 });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Require two-factor authentication" }));
    // Olive signs in with a password and has no two-factor: the rule holds for her too.
    await screen.findByRole("heading", { name: "Two-factor authentication required" }, { timeout: 10_000 });
    expect(screen.queryByRole("heading", { level: 2, name: "Members" })).toBeNull();
    expect(screen.getByRole("link", { name: "Set up two-factor in Settings" }).getAttribute("href")).toBe("/settings#two-factor");

    const { totpURI } = (await (await browser.post("/two-factor/enable", { password: PASSWORD })).json()) as { totpURI: string };
    expect((await browser.post("/two-factor/verify-totp", { code: totpCodeFor(totpURI, backend.t.clock.now()) })).status).toBe(200);
    cleanup();
    queryClient.clear();
    renderAt("/users");
    await screen.findByRole("heading", { level: 2, name: "Members" }, { timeout: 10_000 });
    expect((screen.getByRole("checkbox", { name: "Require two-factor authentication" }) as HTMLInputElement).checked).toBe(true);
  });

  it("a member stopped by the rule sees neither the people nor the plan, and may leave", async () => {
    const { browser } = backend;
    const owner = await signUpPerson(backend.t.auth, "Olive", "olive@example.com");
    expect((await browser.post("/sign-up/email", { name: "Mia", email: "mia@example.com", password: PASSWORD })).status).toBe(200);
    const mia = await backend.t.database.db.selectFrom("user").select("id").where("email", "=", "mia@example.com").executeTakeFirstOrThrow();
    const { organizationId } = await seedOrganization(backend.t.auth, { [owner.userId]: "owner", [mia.id]: "member" });
    await backend.t.database.db.updateTable("organization").set({ requireTwoFactor: 1 }).where("id", "=", organizationId).execute();
    expect((await browser.post("/organization/set-active", { organizationId })).status).toBe(200);

    renderAt("/subscribe");
    await screen.findByRole("heading", { name: "Two-factor authentication required" }, { timeout: 10_000 });
    expect(screen.queryByText("Loading the plan…")).toBeNull();
    cleanup();
    queryClient.clear();

    renderAt("/users");
    await screen.findByRole("heading", { name: "Two-factor authentication required" }, { timeout: 10_000 });
    expect(screen.queryByRole("heading", { level: 2, name: "Members" })).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: "Leave organization" }, { timeout: 10_000 }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Leave organization" }));
    await screen.findByText("You left the organization.", {}, { timeout: 10_000 });
    expect(await backend.t.database.db.selectFrom("member").select("id").where("userId", "=", mia.id).execute()).toEqual([]);
  });
});

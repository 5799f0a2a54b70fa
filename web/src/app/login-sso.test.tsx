import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { RouterProvider } from "react-router/dom";
import type { QueryClient } from "@tanstack/react-query";
import { makeSigningKeyPair } from "@gatehouse/auth-core/testing";
import { createTestQueryClient } from "../test/query-client.js";
import { SESSION_QUERY_KEY } from "../features/auth/api/get-session.js";
import { createAuthBackend, type AuthBackend } from "../test/auth-backend.js";
import { createAuthFailureStore } from "./auth-failure.js";
import { AppProvider } from "./provider.js";
import { createTestRouter } from "./router.js";

/**
 * /login's one email field and an organization's single sign-on (issue 47): an address at a
 * domain the organization verified offers its identity provider; any other address, nothing.
 */
const IDP_SSO_URL = "https://idp.acme.test/sso";

describe("/login routes an address of a verified domain to its organization's provider", () => {
  let backend: AuthBackend;
  let queryClient: QueryClient;
  let assigned: string[];
  let asked: Array<{ path: string; body: unknown }>;

  beforeEach(async () => {
    assigned = [];
    vi.spyOn(window.location, "assign").mockImplementation((url: string | URL) => void assigned.push(String(url)));
    backend = await createAuthBackend();
    const owner = await backend.browser.post("/sign-up/email", { name: "Olive", email: "olive@example.com", password: "analytical engine" });
    expect(owner.status).toBe(200);
    const organization = (await (await backend.browser.post("/organization/create", { name: "Acme", slug: "acme" })).json()) as { id: string };
    const registered = await backend.browser.post("/sso/register", {
      providerId: "acme-saml",
      issuer: "https://gatehouse.example/saml/sp",
      domain: "acme.test",
      organizationId: organization.id,
      samlConfig: { entryPoint: IDP_SSO_URL, cert: makeSigningKeyPair("idp.acme.test").cert, idpMetadata: { entityID: "https://idp.acme.test" } },
    });
    expect(registered.status).toBe(200);
    // The TXT record's check is the server's (sso-domains.test.ts); here the domain is simply verified.
    await backend.t.auth.context.db.updateTable("ssoProvider").set({ domainVerified: 1 }).where("providerId", "=", "acme-saml").execute();
    await backend.browser.post("/sign-out", {});
    asked = [];
    const request = backend.browser.request.bind(backend.browser);
    vi.spyOn(backend.browser, "request").mockImplementation((path, init) => {
      asked.push({ path, body: init?.body });
      return request(path, init);
    });
  });
  afterEach(async () => {
    cleanup();
    vi.restoreAllMocks();
    queryClient?.clear();
    await backend.destroy();
  });

  function renderLogin(path: string): void {
    queryClient = createTestQueryClient();
    const authClient = backend.client({ onSessionChange: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }) });
    const router = createTestRouter({ queryClient, authClient, authFailures: createAuthFailureStore(), build: { version: "test", builtAt: "now" } }, [path]);
    render(
      <AppProvider services={{ queryClient, authClient, authFailures: createAuthFailureStore(), trpcClient: backend.trpcClient() }}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
  }

  async function type(address: string): Promise<void> {
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: address } });
  }

  it("offers 'Continue with Acme's single sign-on' for erin@acme.test and goes to the IdP with the redirect; the server is told the domain only", async () => {
    renderLogin("/login?redirect=%2Fsettings");
    await type("erin@acme.test");
    fireEvent.click(await screen.findByRole("button", { name: "Continue with Acme's single sign-on" }));
    await waitFor(() => expect(assigned).toHaveLength(1));
    const url = new URL(assigned[0]!);
    expect(`${url.origin}${url.pathname}`).toBe(IDP_SSO_URL);
    expect(url.searchParams.get("SAMLRequest")).toBeTruthy();
    const lookups = asked.filter((call) => call.path === "/sso/domain-lookup");
    expect(lookups.map((call) => call.body)).toEqual([{ domain: "acme.test" }]);
    expect(asked.find((call) => call.path === "/sign-in/sso")?.body).toEqual({ email: "erin@acme.test", callbackURL: "/settings", errorCallbackURL: "/login" });
  });

  it("offers nothing for an address at another domain, nor while the address is still being typed", async () => {
    renderLogin("/login");
    await type("erin@acme");
    await type("erin@example.com");
    // The answer is in (no single sign-on there), and the card shows nothing for it.
    await waitFor(() => expect(queryClient.getQueryState(["auth", "sso-domain", "example.com"])?.status).toBe("success"));
    expect(screen.queryByRole("button", { name: /single sign-on/ })).toBeNull();
    expect(asked.filter((call) => call.path === "/sso/domain-lookup").map((call) => call.body)).toEqual([{ domain: "example.com" }]);
  });
});

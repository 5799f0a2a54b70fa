import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createAppBackend, type AppBackend } from "../test/app-backend.js";
import { call, otherBrowser, renderApp, signUp, type RenderedApp } from "../test/render-app.js";

const CERT = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";

/** The Users page's Single sign-on and Provisioning sections, and /login's SSO button, against the real auth service in-process. */
describe("enterprise sign-in in the web app", () => {
  let backend: AppBackend;
  let app: RenderedApp | undefined;
  let assigned: string[];
  beforeEach(async () => {
    backend = await createAppBackend();
    backend.t.auth.context.mailer = { send: async () => undefined };
    assigned = [];
    vi.spyOn(window.location, "assign").mockImplementation((url: string | URL) => void assigned.push(String(url)));
  });
  afterEach(async () => {
    cleanup();
    vi.restoreAllMocks();
    app?.queryClient.clear();
    await backend.destroy();
  });

  it("lets an owner add a SAML provider, shows what to paste into the IdP and the TXT record, and makes a provisioning token once", async () => {
    await signUp(backend.browser, "Olive Owner", "olive@example.com");
    await call(backend.browser, "/organization/create", { name: "Acme", slug: "acme" });
    app = renderApp(backend, "/users");
    const section = await screen.findByRole("region", { name: "Single sign-on" });
    fireEvent.click(within(section).getByLabelText("SAML 2.0"));
    fireEvent.change(within(section).getByLabelText("Provider id (letters, digits, dots, dashes)"), { target: { value: "acme-saml" } });
    fireEvent.change(within(section).getByLabelText("Email domain"), { target: { value: "acme.test" } });
    fireEvent.change(within(section).getByLabelText("Our entity ID (the audience you give the IdP)"), { target: { value: "https://acme.test/sp" } });
    fireEvent.change(within(section).getByLabelText("IdP single sign-on URL"), { target: { value: "https://idp.acme.test/sso" } });
    fireEvent.change(within(section).getByLabelText("IdP entity ID (issuer)"), { target: { value: "https://idp.acme.test" } });
    fireEvent.change(within(section).getByLabelText("IdP signing certificate (PEM)"), { target: { value: CERT } });
    fireEvent.click(within(section).getByRole("button", { name: "Add provider" }));

    const row = await within(section).findByRole("listitem", { name: "Identity provider acme-saml" });
    expect(within(row).getByTestId("sso-status-acme-saml").textContent).toBe("domain not verified: no sign-in yet");
    expect(row.textContent).toContain("_better-auth-token-acme-saml.acme.test");
    expect(row.textContent).toContain("http://localhost:3000/api/auth/sso/saml2/sp/acs/acme-saml");
    const stored = await backend.t.database.db.selectFrom("ssoProvider").select("domainVerificationToken").executeTakeFirstOrThrow();
    expect(within(row).getByTestId("sso-token-acme-saml").textContent).toBe(stored.domainVerificationToken);

    const provisioning = screen.getByRole("region", { name: "Provisioning" });
    fireEvent.click(within(provisioning).getByRole("button", { name: "Make a provisioning token" }));
    const token = (await within(provisioning).findByLabelText("Provisioning token")) as HTMLInputElement;
    expect(token.value).toMatch(/^scim_[A-Za-z0-9]{48}$/);
    const hashes = await backend.t.database.db.selectFrom("scimToken").select("tokenHash").execute();
    expect(hashes).toHaveLength(1);
    expect(hashes[0]!.tokenHash).not.toBe(token.value);
    // Listed with its last sync, and revoked.
    const list = await within(provisioning).findByRole("list", { name: "Provisioning tokens" });
    expect(within(list).getByTestId("last-sync").textContent).toBe("never used");
    fireEvent.click(within(list).getByRole("button", { name: /^Revoke the token made / }));
    // Asked first, in the app's one confirmation (issue 48): nothing is revoked before its button.
    const dialog = await screen.findByRole("dialog", { name: "Revoke this provisioning token?" });
    expect(await backend.t.database.db.selectFrom("scimToken").select("id").execute()).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole("button", { name: "Revoke token" }));
    await within(provisioning).findByText("Token revoked: the directory's requests with it are refused.");
    await waitFor(() => expect(within(provisioning).queryByRole("list", { name: "Provisioning tokens" })).toBeNull());
    expect(await backend.t.database.db.selectFrom("scimToken").select("id").execute()).toEqual([]);

    // Removing the provider asks first too.
    fireEvent.click(within(row).getByRole("button", { name: "Remove provider acme-saml" }));
    const removal = await screen.findByRole("dialog", { name: "Remove the provider acme-saml?" });
    expect(await backend.t.database.db.selectFrom("ssoProvider").select("id").execute()).toHaveLength(1);
    fireEvent.click(within(removal).getByRole("button", { name: "Remove provider" }));
    await waitFor(async () => expect(await backend.t.database.db.selectFrom("ssoProvider").select("id").execute()).toEqual([]));
  });

  it("shows neither section to a plain member", async () => {
    await signUp(backend.browser, "Mia Member", "mia@example.com");
    const owner = otherBrowser(backend, "10.0.0.2");
    await signUp(owner, "Olive Owner", "olive@example.com");
    await call(owner, "/organization/create", { name: "Acme", slug: "acme" });
    const invitation = await call<{ id: string }>(owner, "/organization/invite-member", { email: "mia@example.com", role: "member" });
    await call(backend.browser, "/organization/accept-invitation", { invitationId: invitation.id });
    app = renderApp(backend, "/users");
    await screen.findByRole("region", { name: "Members" });
    expect(screen.queryByRole("region", { name: "Single sign-on" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Provisioning" })).toBeNull();
  });
});

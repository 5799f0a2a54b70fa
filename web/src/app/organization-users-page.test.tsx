import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { RouterProvider } from "react-router/dom";
import type { QueryClient } from "@tanstack/react-query";
import { canGrantRoles } from "@gatehouse/auth-core/shared";
import { createTestBrowser, type TestBrowser } from "@gatehouse/auth-core/testing";
import { createTestQueryClient } from "../test/query-client.js";
import { SESSION_QUERY_KEY } from "../features/auth/api/get-session.js";
import { createAuthBackend, type AuthBackend } from "../test/auth-backend.js";
import { createAuthFailureStore, type AuthFailureStore } from "./auth-failure.js";
import { AppProvider } from "./provider.js";
import { createTestRouter } from "./router.js";
import { organizationControls } from "../features/organization/permissions.js";

/**
 * The Users page against the real auth service in-process: an organization with an owner (Olive),
 * the viewer in the role under test, a plain member (Milo, in team "Core") and one pending
 * invitation. What the viewer sees must be what spec §6 allows, decided by the shared functions.
 */

interface Expected {
  invite: boolean;
  roles: string[];
  cancelInvitation: boolean;
  createTeam: boolean;
  renameTeam: boolean;
  deleteTeam: boolean;
  addTeamMember: boolean;
  removeTeamMember: boolean;
  /** Spec §6 organization: update (owner, admin), delete (owner). */
  updateOrganization: boolean;
  deleteOrganization: boolean;
  owner: { changeRole: boolean; remove: boolean };
  member: { changeRole: boolean; remove: boolean };
}

const ALL = { invite: true, cancelInvitation: true, createTeam: true, renameTeam: true, deleteTeam: true, addTeamMember: true, removeTeamMember: true };
const NONE = { invite: false, cancelInvitation: false, createTeam: false, renameTeam: false, deleteTeam: false, addTeamMember: false, removeTeamMember: false };

// Spec §6, typed in from the spec (not from the code under test), per viewer role.
const TABLE: Array<[string, Expected]> = [
  [
    "owner",
    {
      ...ALL,
      updateOrganization: true,
      deleteOrganization: true,
      roles: ["owner", "admin", "member"],
      owner: { changeRole: true, remove: true },
      member: { changeRole: true, remove: true },
    },
  ],
  [
    "admin",
    {
      ...ALL,
      updateOrganization: true,
      deleteOrganization: false,
      roles: ["admin", "member"],
      owner: { changeRole: false, remove: false },
      member: { changeRole: true, remove: true },
    },
  ],
  [
    "member",
    {
      ...NONE,
      updateOrganization: false,
      deleteOrganization: false,
      roles: [],
      owner: { changeRole: false, remove: false },
      member: { changeRole: false, remove: false },
    },
  ],
  [
    "admin,member",
    {
      ...ALL,
      updateOrganization: true,
      deleteOrganization: false,
      roles: ["admin", "member"],
      owner: { changeRole: false, remove: false },
      member: { changeRole: true, remove: true },
    },
  ],
];

interface Mail {
  to: string;
  subject: string;
  text: string;
}

describe("Users page controls per role (spec §6) against the real auth service", () => {
  let backend: AuthBackend;
  let queryClient: QueryClient;
  let authFailures: AuthFailureStore;
  let mails: Mail[];
  beforeEach(async () => {
    mails = [];
    // The page hides invitations that expired by the browser's clock: the service's clock starts
    // at the browser's time, as in a real deployment.
    backend = await createAuthBackend({ mailer: { send: async (message) => void mails.push(message) } }, { now: new Date() });
  });
  afterEach(async () => {
    cleanup();
    queryClient?.clear();
    await backend.destroy();
  });

  function renderAt(path: string): ReturnType<typeof createTestRouter> {
    authFailures = createAuthFailureStore();
    queryClient = createTestQueryClient({ onAuthError: (error) => authFailures.set(error) });
    const authClient = backend.client({ onSessionChange: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }) });
    const router = createTestRouter({ queryClient, authClient, authFailures, build: { version: "test", builtAt: "now" } }, [path]);
    render(
      <AppProvider services={{ queryClient, authClient, authFailures, trpcClient: backend.trpcClient() }}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    return router;
  }

  async function call<T>(browser: TestBrowser, path: string, body?: unknown): Promise<T> {
    const response = body === undefined ? await browser.get(path) : await browser.post(path, body);
    const text = await response.text();
    expect(response.status, `${path}: ${text}`).toBe(200);
    return JSON.parse(text) as T;
  }

  async function signUp(browser: TestBrowser, name: string, email: string): Promise<void> {
    await call(browser, "/sign-up/email", { name, email, password: "correct horse battery" });
  }

  /** Olive's organization with the viewer as `role`, Milo as member (in team Core), one pending invitation. */
  async function seed(role: string): Promise<{ olive: TestBrowser; veraMemberId: string }> {
    const olive = createTestBrowser(backend.t.auth);
    const milo = createTestBrowser(backend.t.auth);
    await signUp(olive, "Olive Owner", "olive@example.com");
    await signUp(backend.browser, "Vera Viewer", "vera@example.com");
    await signUp(milo, "Milo Member", "milo@example.com");
    const acme = await call<{ id: string }>(olive, "/organization/create", { name: "Acme", slug: "acme" });
    // Four seats (three members and a pending invitation): more than the free plan's three.
    await backend.t.database.db.updateTable("organization").set({ plan: "team" }).where("id", "=", acme.id).execute();
    const team = await call<{ id: string }>(olive, "/organization/create-team", { name: "Core" });
    const firstRole = role.split(",")[0]!;
    const forVera = await call<{ id: string }>(olive, "/organization/invite-member", { email: "vera@example.com", role: firstRole });
    const forMilo = await call<{ id: string }>(olive, "/organization/invite-member", { email: "milo@example.com", role: "member" });
    expect(mails.map((m) => m.to)).toEqual(["vera@example.com", "milo@example.com"]);
    const vera = await call<{ member: { id: string } }>(backend.browser, "/organization/accept-invitation", { invitationId: forVera.id });
    const miloJoined = await call<{ member: { userId: string } }>(milo, "/organization/accept-invitation", { invitationId: forMilo.id });
    if (role !== firstRole) await call(olive, "/organization/update-member-role", { memberId: vera.member.id, role: role.split(",") });
    await call(olive, "/organization/add-team-member", { teamId: team.id, userId: miloJoined.member.userId });
    await call(olive, "/organization/invite-member", { email: "pending@example.com", role: "member" });
    const me = await call<{ role: string }>(backend.browser, "/organization/get-active-member");
    expect(me.role).toBe(role);
    return { olive, veraMemberId: vera.member.id };
  }

  const button = (name: string) => screen.queryByRole("button", { name });
  const form = (name: string) => screen.queryByRole("form", { name });

  it.each(TABLE)("shows a %s only what spec §6 allows", async (role, expected) => {
    // The page's decisions (made by the shared functions) agree with the spec table typed in above.
    const { grantableRoles, ...controls } = organizationControls(role);
    expect(controls).toEqual({
      invite: expected.invite,
      cancelInvitation: expected.cancelInvitation,
      createTeam: expected.createTeam,
      renameTeam: expected.renameTeam,
      deleteTeam: expected.deleteTeam,
      addTeamMember: expected.addTeamMember,
      removeTeamMember: expected.removeTeamMember,
      leave: true,
      updateOrganization: expected.updateOrganization,
      deleteOrganization: expected.deleteOrganization,
    });
    // The role picker only exists with the invite control.
    expect(controls.invite ? grantableRoles : []).toEqual(expected.roles);
    expect(canGrantRoles(role, "owner")).toBe(expected.owner.changeRole);

    await seed(role);
    renderAt("/users");
    // The first render loads the page's chunk: on a busy machine that takes longer than findBy's 1 s.
    await screen.findByRole("heading", { level: 2, name: "Members" }, { timeout: 5000 });
    await screen.findByRole("list", { name: "Members of Core" });

    const members = screen.getByRole("list", { name: "Members" });
    expect(
      within(members)
        .getAllByRole("listitem")
        .map((li) => li.getAttribute("aria-label"))
        .sort(),
    ).toEqual(["Milo Member", "Olive Owner", "Vera Viewer"]);
    expect([...screen.getByRole("listitem", { name: "Vera Viewer" }).querySelectorAll(".badge")].map((b) => b.textContent)).toEqual(role.split(","));
    screen.getByRole("listitem", { name: "pending@example.com" });

    expect(Boolean(form("Invite a person"))).toBe(expected.invite);
    if (expected.invite) {
      const picker = screen.getByLabelText("Role") as HTMLSelectElement;
      expect([...picker.options].map((o) => o.value)).toEqual(expected.roles);
    }
    expect(Boolean(button("Cancel invitation for pending@example.com"))).toBe(expected.cancelInvitation);
    expect(Boolean(button("Resend invitation to pending@example.com"))).toBe(expected.invite);
    expect(Boolean(form("Create team"))).toBe(expected.createTeam);
    expect(Boolean(button("Rename Core"))).toBe(expected.renameTeam);
    expect(Boolean(button("Delete team Core"))).toBe(expected.deleteTeam);
    expect(Boolean(button("Add to Core"))).toBe(expected.addTeamMember);
    expect(Boolean(button("Remove Milo Member from Core"))).toBe(expected.removeTeamMember);
    expect(Boolean(button("Change role of Olive Owner"))).toBe(expected.owner.changeRole);
    expect(Boolean(button("Remove Olive Owner"))).toBe(expected.owner.remove);
    expect(Boolean(button("Change role of Milo Member"))).toBe(expected.member.changeRole);
    expect(Boolean(button("Remove Milo Member"))).toBe(expected.member.remove);
    // Nobody gets role controls on their own row; everybody may try to leave.
    expect(button("Change role of Vera Viewer")).toBeNull();
    expect(button("Remove Vera Viewer")).toBeNull();
    expect(button("Leave organization")).not.toBeNull();
    expect(Boolean(form("Name and slug"))).toBe(expected.updateOrganization);
    expect(Boolean(button("Delete organization"))).toBe(expected.deleteOrganization);
    // Spec §8: no select item has an empty-string value (the switcher, roles, teams, members).
    const selects = [...document.querySelectorAll("select")];
    expect(selects.length).toBeGreaterThan(0);
    expect(
      selects
        .flatMap((select) => [...select.options])
        .filter((option) => option.value === "")
        .map((o) => o.textContent),
    ).toEqual([]);
  });

  it("changes a role and refreshes the list; a refusal shows the server's words, not the sign-in screen", async () => {
    const { olive, veraMemberId } = await seed("admin");
    renderAt("/users");
    const milo = await screen.findByRole("listitem", { name: "Milo Member" });
    fireEvent.change(within(milo).getByLabelText("Role for Milo Member"), { target: { value: "admin" } });
    fireEvent.click(within(milo).getByRole("button", { name: "Change role of Milo Member" }));
    await within(milo).findByText("Role changed.");
    await waitFor(() =>
      expect([...screen.getByRole("listitem", { name: "Milo Member" }).querySelectorAll(".badge")].map((b) => b.textContent)).toEqual(["admin"]),
    );

    // Olive demotes Vera elsewhere; Vera's page is stale and still offers Remove.
    await call(olive, "/organization/update-member-role", { memberId: veraMemberId, role: "member" });

    fireEvent.click(screen.getByRole("button", { name: "Remove Milo Member" }));
    // Asks first, saying what will happen.
    await screen.findByText(/loses access to .* and leaves its teams at once/);
    fireEvent.click(screen.getByRole("button", { name: "Remove member" }));
    await screen.findByText(/You are not allowed to delete this member/);
    expect(authFailures.get()).toBeNull();
    // The lists refresh after the refusal: Vera's controls follow her new role.
    await waitFor(() => expect(button("Remove Milo Member")).toBeNull());
    expect(form("Invite a person")).toBeNull();
  });

  it("resends and cancels an invitation, refreshing the list", async () => {
    await seed("owner");
    renderAt("/users");
    fireEvent.click(await screen.findByRole("button", { name: "Resend invitation to pending@example.com" }));
    await screen.findByText("Invitation sent again; the link works for another 48 hours.");
    expect(mails.filter((m) => m.to === "pending@example.com")).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: "Cancel invitation for pending@example.com" }));
    // Nothing happens until the dialog's confirm button.
    fireEvent.click(await screen.findByRole("button", { name: "Keep invitation" }));
    expect(screen.getByRole("listitem", { name: "pending@example.com" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel invitation for pending@example.com" }));
    fireEvent.click(await screen.findByRole("button", { name: "Cancel invitation" }));
    await screen.findByText("Invitation cancelled.");
    await waitFor(() => expect(screen.queryByRole("listitem", { name: "pending@example.com" })).toBeNull());
    screen.getByText("No pending invitations.");
  });

  it("offers to create an organization when there is none, and shows it once created", async () => {
    await signUp(backend.browser, "Vera Viewer", "vera@example.com");
    renderAt("/users");
    await screen.findByRole("heading", { name: "No active organization" });
    fireEvent.change(screen.getByLabelText("Organization name"), { target: { value: "Vera's Lab" } });
    expect((screen.getByLabelText("Slug") as HTMLInputElement).value).toBe("vera-s-lab");
    fireEvent.click(screen.getByRole("button", { name: "Create organization" }));
    await screen.findByRole("heading", { level: 2, name: "Members" });
    expect(screen.getByRole("listitem", { name: "Vera Viewer" }).querySelector(".badge")?.textContent).toBe("owner");
    await waitFor(() => expect((screen.getByLabelText("Active organization") as HTMLSelectElement).selectedOptions[0]?.textContent).toBe("Vera's Lab"));
  });

  it("keeps the invitation link as the redirect of a signed-out visit", async () => {
    const router = renderAt("/accept-invitation/abc123");
    await screen.findByRole("button", { name: "Sign in with Google" });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/login?redirect=%2Faccept-invitation%2Fabc123");
  });
});

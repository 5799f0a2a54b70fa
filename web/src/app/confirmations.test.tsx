import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { totpCodeFor } from "@gatehouse/auth-core/testing";
import { createAppBackend, type AppBackend } from "../test/app-backend.js";
import { call, otherBrowser, renderApp, signUp, type RenderedApp } from "../test/render-app.js";

const PASSWORD = "correct horse battery";

/** Issue 48: one confirmation style everywhere; turning two-factor off was not confirmed at all. */
describe("turning two-factor off asks first, in the app's one confirmation", () => {
  let backend: AppBackend;
  let app: RenderedApp | undefined;
  beforeEach(async () => {
    backend = await createAppBackend({ twoFactor: { enabled: true }, mailer: { send: async () => undefined } }, { now: new Date() });
  });
  afterEach(async () => {
    cleanup();
    app?.queryClient.clear();
    await backend.destroy();
  });

  async function twoFactorEnabled(): Promise<boolean> {
    const row = await backend.t.database.db.selectFrom("user").select("twoFactorEnabled").where("email", "=", "ada@example.com").executeTakeFirstOrThrow();
    return Boolean(row.twoFactorEnabled);
  }

  it("changes nothing until the dialog's Turn off two-factor, then turns it off", async () => {
    await signUp(backend.browser, "Ada Lovelace", "ada@example.com");
    const { totpURI } = await call<{ totpURI: string }>(backend.browser, "/two-factor/enable", { password: PASSWORD });
    await call(backend.browser, "/two-factor/verify-totp", { code: totpCodeFor(totpURI, backend.t.clock.now()) });
    expect(await twoFactorEnabled()).toBe(true);

    app = renderApp(backend, "/settings");
    const section = await screen.findByRole("region", { name: "Two-factor authentication" }, { timeout: 10_000 });
    const turnOff = await within(section).findByRole("button", { name: "Turn off two-factor" });
    fireEvent.change(section.querySelector("#two-factor-disable-password")!, { target: { value: PASSWORD } });
    fireEvent.click(turnOff);
    const dialog = await screen.findByRole("dialog", { name: "Turn off two-factor?" });
    expect(dialog.textContent).toContain("Signing in will ask for one factor only");
    expect(await twoFactorEnabled()).toBe(true);
    fireEvent.click(within(dialog).getByRole("button", { name: "Turn off two-factor" }));
    await waitFor(async () => expect(await twoFactorEnabled()).toBe(false));
  });
});

/** The dialog's buttons in order: the app's one confirmation puts Cancel first (and focuses it). */
function buttonsOf(dialog: HTMLElement): string[] {
  return within(dialog)
    .getAllByRole("button", { hidden: true })
    .map((button) => button.textContent ?? "");
}

describe("the admin console confirms in the app's one dialog (it had one of its own, buttons the other way round)", () => {
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

  it("bans only after the dialog's Ban, with the reason typed in it", async () => {
    await signUp(backend.browser, "Olive Operator", "ops@example.com");
    await backend.t.auth.admin.setRoleByEmail("ops@example.com", "admin");
    await signUp(otherBrowser(backend, "10.0.0.3"), "Pat Person", "pat@example.com");
    const banned = async () =>
      (await backend.t.database.db.selectFrom("user").select(["banned", "banReason"]).where("email", "=", "pat@example.com").executeTakeFirstOrThrow()) as {
        banned: unknown;
        banReason: string | null;
      };
    const { id } = await backend.t.database.db.selectFrom("user").select("id").where("email", "=", "pat@example.com").executeTakeFirstOrThrow();
    app = renderApp(backend, `/admin/users/${id}`);
    await screen.findByRole("heading", { level: 1, name: "Pat Person" });
    fireEvent.click(screen.getByRole("button", { name: "Ban" }));
    const dialog = await screen.findByRole("dialog", { name: "Ban Pat Person?" });
    expect(dialog.className).toContain("confirm-dialog");
    expect(buttonsOf(dialog)).toEqual(["Cancel", "Ban"]);
    expect(document.activeElement?.textContent).toBe("Cancel");
    expect(Boolean((await banned()).banned)).toBe(false);
    fireEvent.change(within(dialog).getByLabelText("Reason (shown to admins)"), { target: { value: "spam" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Ban" }));
    await waitFor(async () => expect(await banned()).toMatchObject({ banReason: "spam" }));
    expect(Boolean((await banned()).banned)).toBe(true);
  });
});

describe("Settings asks in the app's one dialog before deleting an API key or the account (each had a form of its own)", () => {
  let backend: AppBackend;
  let app: RenderedApp | undefined;
  beforeEach(async () => {
    backend = await createAppBackend({ mailer: { send: async () => undefined }, user: { deleteUser: { enabled: true } } }, { now: new Date() });
  });
  afterEach(async () => {
    cleanup();
    app?.queryClient.clear();
    await backend.destroy();
  });

  const count = async (table: "apikey" | "user"): Promise<number> => (await backend.t.database.db.selectFrom(table).select("id").execute()).length;

  it("deletes an API key only after the dialog's Delete key", async () => {
    await signUp(backend.browser, "Ada Lovelace", "ada@example.com");
    await call(backend.browser, "/api-key/create", { name: "Nightly export" });
    app = renderApp(backend, "/settings");
    fireEvent.click(await screen.findByRole("button", { name: "Delete Nightly export" }, { timeout: 10_000 }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this API key?" });
    expect(dialog.className).toContain("confirm-dialog");
    expect(buttonsOf(dialog)).toEqual(["Cancel", "Delete key"]);
    expect(dialog.textContent).toContain("Everything using it stops working at once.");
    expect(await count("apikey")).toBe(1);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete key" }));
    await waitFor(async () => expect(await count("apikey")).toBe(0));
  });

  it("deletes the account only after the dialog's button, with the password typed in it", async () => {
    await signUp(backend.browser, "Ada Lovelace", "ada@example.com");
    app = renderApp(backend, "/settings");
    fireEvent.click(await screen.findByRole("button", { name: "Delete my account…" }, { timeout: 10_000 }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    expect(dialog.className).toContain("confirm-dialog");
    expect(buttonsOf(dialog)).toEqual(["Cancel", "Delete account permanently"]);
    expect(await count("user")).toBe(1);
    fireEvent.change(within(dialog).getByLabelText("Your password"), { target: { value: PASSWORD } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete account permanently" }));
    await waitFor(async () => expect(await count("user")).toBe(0));
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { totpCodeFor } from "@gatehouse/auth-core/testing";
import { createAppBackend, type AppBackend } from "../test/app-backend.js";
import { renderApp, signUp, type RenderedApp } from "../test/render-app.js";

/**
 * Issue 48, Build 5: a person without a password (here: their password account removed, as a
 * Google- or passkey-only person has none) sets two-factor up in Settings with their recent
 * sign-in; Settings said "Set a password first".
 */
describe("Settings → Two-factor for a person without a password", () => {
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

  it("offers Set up two-factor without a password field, and the app's first code turns it on", async () => {
    await signUp(backend.browser, "Ada Lovelace", "ada@example.com");
    const db = backend.t.database.db;
    const user = await db.selectFrom("user").select(["id"]).where("email", "=", "ada@example.com").executeTakeFirstOrThrow();
    await db.deleteFrom("account").where("userId", "=", user.id).where("providerId", "=", "credential").execute();

    app = renderApp(backend, "/settings");
    const section = await screen.findByRole("region", { name: "Two-factor authentication" }, { timeout: 10_000 });
    const setUp = await within(section).findByRole("button", { name: "Set up two-factor" });
    expect(section.textContent).not.toContain("Set a password first");
    expect(section.querySelector('input[type="password"]')).toBeNull();
    fireEvent.click(setUp);
    const key = await within(section).findByTestId("totp-secret", {}, { timeout: 10_000 });
    const secret = (key.textContent ?? "").replace(/\s/g, "");
    const uri = `otpauth://totp/x?secret=${secret}`;
    fireEvent.change(within(section).getByLabelText("2. Enter the 6-digit code the app shows"), { target: { value: totpCodeFor(uri, backend.t.clock.now()) } });
    fireEvent.click(within(section).getByRole("button", { name: "Turn on two-factor" }));
    await waitFor(
      async () => {
        const row = await db.selectFrom("user").select("twoFactorEnabled").where("id", "=", user.id).executeTakeFirstOrThrow();
        expect(row.twoFactorEnabled).toBe(1);
      },
      { timeout: 10_000 },
    );
    await within(section).findByRole("button", { name: "Turn off two-factor" }, { timeout: 10_000 });
    expect(section.querySelector('input[type="password"]')).toBeNull();
  });
});

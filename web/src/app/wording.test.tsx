import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { createAppBackend, type AppBackend } from "../test/app-backend.js";
import { renderApp, signUp, type RenderedApp } from "../test/render-app.js";
import { teamMembersLeaving } from "../features/organization/components/teams-section.js";

/** Issue 48's wording findings, each as a person reads it. */
describe("wording", () => {
  it("names who stays when a team is deleted, in a sentence (not 'Its member (nora) stay…')", () => {
    expect(teamMembersLeaving(["Nora Nash"])).toBe("Nora Nash stays in the organization but leaves the team.");
    expect(teamMembersLeaving(["Nora Nash", "Ida Rhodes"])).toBe("Its 2 members, Nora Nash and Ida Rhodes, stay in the organization but leave the team.");
    expect(teamMembersLeaving(["A", "B", "C"])).toBe("Its 3 members, A, B and C, stay in the organization but leave the team.");
  });

  describe("Settings → Profile", () => {
    let backend: AppBackend;
    let app: RenderedApp | undefined;
    beforeEach(async () => {
      backend = await createAppBackend();
    });
    afterEach(async () => {
      cleanup();
      app?.queryClient.clear();
      await backend.destroy();
    });

    it("refuses a name of spaces in words instead of 'Profile saved.' for a change the server ignores", async () => {
      await signUp(backend.browser, "Ada Lovelace", "ada@example.com");
      app = renderApp(backend, "/settings");
      const profile = await screen.findByRole("region", { name: "Profile" }, { timeout: 10_000 });
      const name = within(profile).getByLabelText("Name");
      fireEvent.change(name, { target: { value: "   " } });
      fireEvent.submit(name.closest("form")!);
      expect((await within(profile).findByRole("alert")).textContent).toBe("Enter a name: it is how others see you. Nothing was saved.");
      expect(within(profile).queryByText("Profile saved.")).toBeNull();
      const row = await backend.t.database.db.selectFrom("user").select("name").where("email", "=", "ada@example.com").executeTakeFirstOrThrow();
      expect(row.name).toBe("Ada Lovelace");
    });
  });
});

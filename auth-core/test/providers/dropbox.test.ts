/** Dropbox: token_access_type decides refresh; a refresh answers no new refresh token, so the stored one stays. */
import { afterEach, describe, expect, it } from "vitest";
import { fixture } from "./fixtures/dropbox.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";

describe("dropbox", () => {
  let h: ProviderFlow | undefined;
  afterEach(async () => {
    await h?.destroy();
    h = undefined;
  });

  it("refreshes twice with the refresh token of the sign-in, which Dropbox does not rotate", async () => {
    h = await startProviderFlow(fixture);
    await h.run();
    expect((await h.browser.post("/refresh-token", { providerId: "dropbox" })).status).toBe(200);
    expect((await h.browser.post("/refresh-token", { providerId: "dropbox" })).status).toBe(200);
    const refreshes = h.standIn.requests.filter((r) => r.body.grant_type === "refresh_token");
    expect(refreshes).toHaveLength(2);
    expect(refreshes[0]?.body.refresh_token).toMatch(/^rt-/);
    expect(refreshes[1]?.body.refresh_token).toBe(refreshes[0]?.body.refresh_token);
  });

  it("accessType online: token_access_type=online, and no refresh", async () => {
    h = await startProviderFlow({ ...fixture, refresh: false }, { ...fixture.options, accessType: "online" });
    const { authorizationURL } = await h.run();
    expect(authorizationURL.searchParams.get("token_access_type")).toBe("online");
    const refused = await h.browser.post("/refresh-token", { providerId: "dropbox" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: "Provider dropbox does not support token refreshing." });
  });
});

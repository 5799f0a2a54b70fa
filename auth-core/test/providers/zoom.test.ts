/**
 * Zoom's own rules: refresh tokens are single-use, so each refresh must send the one
 * the previous answer carried; the app authenticates with HTTP Basic; PKCE can be turned off.
 */
import { afterEach, describe, expect, it } from "vitest";
import { fixture, ZOOM_USER } from "./fixtures/zoom.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";

let flow: ProviderFlow | undefined;
afterEach(async () => {
  await flow?.destroy();
  flow = undefined;
});

describe("zoom", () => {
  it("sends the newest refresh token each time (Zoom's are single-use)", async () => {
    const issued: string[] = [];
    flow = await startProviderFlow({
      ...fixture,
      token: {
        ...fixture.token,
        answer: (input) => {
          issued.push(input.refreshToken);
          return fixture.token.answer(input);
        },
      },
    });
    expect(await flow.run()).toMatchObject({ location: "/dashboard" });
    for (let i = 0; i < 2; i += 1) expect((await flow.browser.post("/refresh-token", { providerId: "zoom" })).status).toBe(200);
    const sent = flow.standIn.requests.filter((r) => r.body.grant_type === "refresh_token").map((r) => r.body.refresh_token);
    expect(issued).toHaveLength(3);
    expect(sent).toEqual([issued[0], issued[1]]);
    const refresh = flow.standIn.requests.find((r) => r.body.grant_type === "refresh_token");
    expect(refresh?.headers.get("authorization")).toMatch(/^Basic /);
    expect(refresh?.body).not.toHaveProperty("client_secret");
  });

  it("leaves PKCE out when the app turns it off (pkce: false)", async () => {
    flow = await startProviderFlow({ ...fixture, token: { ...fixture.token, pkce: false } }, { ...fixture.options, pkce: false });
    const { authorizationURL, location } = await flow.run();
    expect(location).toBe("/dashboard");
    expect(authorizationURL.searchParams.has("code_challenge")).toBe(false);
  });

  it("does not vouch for an address Zoom has not verified (verified: 0)", async () => {
    flow = await startProviderFlow({ ...fixture, api: { "https://api.zoom.us/v2/users/me": () => ({ ...ZOOM_USER, verified: 0 }) } });
    await flow.run();
    const session = (await (await flow.browser.get("/get-session")).json()) as { user: { email: string; emailVerified: boolean } };
    expect(session.user).toMatchObject({ email: "jill.chill@example.com", emailVerified: false });
  });
});

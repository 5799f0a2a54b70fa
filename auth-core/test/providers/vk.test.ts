/**
 * VK ID's own rules: the `device_id` VK adds to the callback goes back with the code
 * (with the state and the PKCE verifier), and user info is a form POST carrying the token and the client id.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DEVICE_ID, fixture } from "./fixtures/vk.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";

let flow: ProviderFlow | undefined;
afterEach(async () => {
  await flow?.destroy();
  flow = undefined;
});

function errorOf(location: string): string | null {
  return new URL(location, "http://x").searchParams.get("error");
}

describe("vk", () => {
  it("sends the callback's device_id and the flow's state to the token endpoint with the code verifier", async () => {
    flow = await startProviderFlow(fixture);
    const { authorizationURL, location } = await flow.run({ device_id: DEVICE_ID, type: "code_v2" });
    expect(location).toBe("/dashboard");
    const exchange = flow.standIn.requests.find((r) => r.body.grant_type === "authorization_code");
    expect(exchange?.body).toMatchObject({
      device_id: DEVICE_ID,
      state: authorizationURL.searchParams.get("state"),
      client_id: "51234567",
      client_secret: "vk-protected-key",
      redirect_uri: authorizationURL.searchParams.get("redirect_uri"),
    });
    expect(exchange?.body.code_verifier).toMatch(/^[A-Za-z0-9\-._~]{128}$/);
  });

  it("fails with invalid_code, creating nobody, when the callback carries no device_id", async () => {
    flow = await startProviderFlow(fixture);
    const { location } = await flow.run();
    expect(errorOf(location)).toBe("invalid_code");
    const exchange = flow.standIn.requests.find((r) => r.body.grant_type === "authorization_code");
    expect(exchange?.body).not.toHaveProperty("device_id");
    expect(await flow.t.database.db.selectFrom("user").selectAll().execute()).toEqual([]);
  });

  it("asks for the profile with a form POST carrying the token and the client id, not a Bearer header", async () => {
    flow = await startProviderFlow(fixture);
    await flow.run({ device_id: DEVICE_ID });
    const info = flow.standIn.requests.find((r) => r.url.href === "https://id.vk.com/oauth2/user_info");
    expect(info?.method).toBe("POST");
    expect(info?.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(info?.body).toEqual({ access_token: flow.standIn.issuedAccessTokens[0], client_id: "51234567" });
    expect(info?.headers.has("authorization")).toBe(false);
  });

  it("sends the consent screen's scheme when configured", async () => {
    flow = await startProviderFlow(fixture, { ...fixture.options, scheme: "dark" });
    const { authorizationURL } = await flow.run({ device_id: DEVICE_ID });
    expect(authorizationURL.searchParams.get("scheme")).toBe("dark");
  });

  it("refuses a person without an address (VK gives one only with the email scope): email_not_found", async () => {
    flow = await startProviderFlow({
      ...fixture,
      api: { "https://id.vk.com/oauth2/user_info": () => ({ user: { user_id: "1234567890", first_name: "Ivan", last_name: "Ivanov" } }) },
    });
    const { location } = await flow.run({ device_id: DEVICE_ID });
    expect(errorOf(location)).toBe("email_not_found");
    expect(await flow.t.database.db.selectFrom("user").selectAll().execute()).toEqual([]);
  });
});

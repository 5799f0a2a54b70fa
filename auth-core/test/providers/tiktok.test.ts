/**
 * TikTok's own rules: the client is a `client_key` in the authorization URL and in
 * every token request, scopes are comma-separated, the refresh token's lifetime is
 * `refresh_expires_in`, and the profile is `data.user` of a call that names its `fields`.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createTikTokProvider } from "../../src/oauth/providers/tiktok.js";
import { fixture } from "./fixtures/tiktok.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";

const KEY = String(fixture.options.clientKey);
let flow: ProviderFlow | undefined;
afterEach(async () => {
  await flow?.destroy();
  flow = undefined;
});

describe("tiktok", () => {
  it("names the client client_key (never client_id) in the authorization URL, the code exchange and the refresh", async () => {
    flow = await startProviderFlow(fixture, { clientKey: KEY, clientSecret: "tiktok-secret", scope: ["user.info.basic"] }, "fixture");
    const { authorizationURL, location } = await flow.run();
    expect(location).toBe("/dashboard");
    expect(authorizationURL.searchParams.get("client_key")).toBe(KEY);
    expect(authorizationURL.searchParams.has("client_id")).toBe(false);
    expect(authorizationURL.searchParams.get("scope")).toBe("user.info.profile,user.info.basic");

    const exchange = flow.standIn.requests.find((r) => r.body.grant_type === "authorization_code");
    expect(exchange?.body).toMatchObject({ client_key: KEY, client_secret: "tiktok-secret" });
    expect(exchange?.body).not.toHaveProperty("client_id");
    expect(exchange?.headers.has("authorization")).toBe(false);

    const info = flow.standIn.requests.find((r) => r.url.pathname === "/v2/user/info/");
    expect(info?.url.searchParams.get("fields")?.split(",").sort()).toEqual(["avatar_large_url", "display_name", "open_id", "username"]);
    expect(info?.headers.get("authorization")).toMatch(/^Bearer at-/);

    const refreshed = await flow.browser.post("/refresh-token", { providerId: "tiktok" });
    expect(refreshed.status).toBe(200);
    const refresh = flow.standIn.requests.find((r) => r.body.grant_type === "refresh_token");
    expect(refresh?.body).toMatchObject({ client_key: KEY, client_secret: "tiktok-secret" });
    expect(refresh?.body).not.toHaveProperty("client_id");
  });

  it("takes clientKey before clientId, and refuses to start with neither", () => {
    expect(createTikTokProvider({ clientKey: KEY, clientId: "other", clientSecret: "s" }).clientId).toBe(KEY);
    expect(createTikTokProvider({ clientId: KEY, clientSecret: "s" }).clientId).toBe(KEY);
    expect(() => createTikTokProvider({ clientSecret: "s" })).toThrow("TikTok sign-in needs clientKey");
  });

  it("keeps the refresh token's lifetime from refresh_expires_in", async () => {
    flow = await startProviderFlow(fixture);
    await flow.run();
    const account = await flow.t.database.db.selectFrom("account").selectAll().where("providerId", "=", "tiktok").executeTakeFirstOrThrow();
    const now = flow.t.clock.now().getTime();
    expect(Date.parse(account.refreshTokenExpiresAt ?? "")).toBe(now + 31536000 * 1000);
    expect(Date.parse(account.accessTokenExpiresAt ?? "")).toBe(now + 86400 * 1000);
  });

  it("refuses a profile whose error code is not ok, even with a user in it", async () => {
    flow = await startProviderFlow({
      ...fixture,
      api: {
        "https://open.tiktokapis.com/v2/user/info/": () => ({
          data: { user: { open_id: "723f24d7-e717-40f8-a2b6-cb8464cd23b4", display_name: "Tik Toker" } },
          error: {
            code: "scope_not_authorized",
            message: "The user did not authorize the scope required for completing this request.",
            log_id: "20260101000000C3",
          },
        }),
      },
    });
    const { location } = await flow.run();
    expect(new URL(location, "http://x").searchParams.get("error")).toBe("unable_to_get_user_info");
    expect(await flow.t.database.db.selectFrom("user").selectAll().execute()).toEqual([]);
  });
});

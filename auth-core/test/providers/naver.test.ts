/**
 * Naver's own rules: the state goes back with the code, expires_in arrives as a string, and the profile answer's
 * resultcode decides, whatever the HTTP status.
 */
import { afterEach, describe, expect, it } from "vitest";
import { fixture } from "./fixtures/naver.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";

let flow: ProviderFlow | undefined;
afterEach(async () => {
  await flow?.destroy();
  flow = undefined;
});

describe("naver", () => {
  it("sends the flow's state with the code, and reads the string expires_in as the access token's lifetime", async () => {
    flow = await startProviderFlow(fixture);
    const { authorizationURL, location } = await flow.run();
    expect(location).toBe("/dashboard");
    const exchange = flow.standIn.requests.find((r) => r.body.grant_type === "authorization_code");
    expect(exchange?.body).toMatchObject({
      state: authorizationURL.searchParams.get("state"),
      client_id: "jyvqXeaVOVmV",
      client_secret: "527300A0_COq1_XV33cf",
    });
    const account = await flow.t.database.db.selectFrom("account").selectAll().where("providerId", "=", "naver").executeTakeFirstOrThrow();
    expect(Date.parse(account.accessTokenExpiresAt ?? "")).toBe(flow.t.clock.now().getTime() + 3600 * 1000);
  });

  it("refuses a profile answered with another resultcode (200 with an error inside)", async () => {
    flow = await startProviderFlow({
      ...fixture,
      api: {
        "https://openapi.naver.com/v1/nid/me": () => ({
          resultcode: "024",
          message: "Authentication failed",
          response: { id: "32742776", email: "openapi@naver.com" },
        }),
      },
    });
    const { location } = await flow.run();
    expect(new URL(location, "http://x").searchParams.get("error")).toBe("unable_to_get_user_info");
    expect(await flow.t.database.db.selectFrom("user").selectAll().execute()).toEqual([]);
  });
});

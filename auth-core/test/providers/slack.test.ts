/** Slack's Web API answers failures as HTTP 200 with `ok: false`: at the token endpoint and for the person. */
import { afterEach, describe, expect, it } from "vitest";
import { fixture } from "./fixtures/slack.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";

let flow: ProviderFlow | undefined;
afterEach(async () => {
  await flow?.t.destroy();
  flow = undefined;
});

describe("slack ok:false", () => {
  it("for the person: unable_to_get_user_info, no session", async () => {
    flow = await startProviderFlow({ ...fixture, api: { "https://slack.com/api/openid.connect.userInfo": () => ({ ok: false, error: "invalid_auth" }) } });
    const { location } = await flow.run();
    expect(new URL(location, "http://localhost").searchParams.get("error")).toBe("unable_to_get_user_info");
    expect(await flow.sessionUser()).toBeNull();
  });

  it("at the token endpoint: invalid_code", async () => {
    flow = await startProviderFlow({ ...fixture, token: { ...fixture.token, answer: () => ({ ok: false, error: "invalid_code" }) } });
    const { location } = await flow.run();
    expect(new URL(location, "http://localhost").searchParams.get("error")).toBe("invalid_code");
  });
});

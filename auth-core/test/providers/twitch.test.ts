/** Twitch's quirks beyond the contract: `scope` answered as an array, and the user-info call when no ID token came. */
import { afterEach, describe, expect, it } from "vitest";
import { fixture } from "./fixtures/twitch.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";

let flow: ProviderFlow | undefined;
afterEach(async () => {
  await flow?.t.destroy();
  flow = undefined;
});

describe("twitch", () => {
  it("stores the scopes Twitch answers as an array", async () => {
    flow = await startProviderFlow(fixture);
    await flow.run();
    const accounts = (await (await flow.browser.get("/list-accounts")).json()) as Array<{ scopes: string[] }>;
    expect(accounts[0]?.scopes).toEqual(["openid", "user:read:email"]);
  });

  it("reads the person from the user-info endpoint when the token answer has no ID token", async () => {
    const claims = { ...fixture.idToken!.claims, aud: fixture.options.clientId, iss: "https://id.twitch.tv/oauth2" };
    flow = await startProviderFlow({
      ...fixture,
      token: { ...fixture.token, answer: (input) => fixture.token.answer({ ...input, idToken: null }) },
      api: { "https://id.twitch.tv/oauth2/userinfo": () => claims },
    });
    expect((await flow.run()).location).toBe("/dashboard");
    expect(await flow.sessionUser()).toMatchObject({ email: "ada@example.com", emailVerified: true, name: "ada_lovelace" });
  });
});

/** Salesforce's hosts beyond the contract: the sandbox login host, and a My Domain host given as loginUrl. */
import { afterEach, describe, expect, it } from "vitest";
import { fixture } from "./fixtures/salesforce.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";
import type { ProviderFixture } from "./stand-in.js";

let flow: ProviderFlow | undefined;
afterEach(async () => {
  await flow?.t.destroy();
  flow = undefined;
});

function onHost(host: string): ProviderFixture {
  const swap = (url: string): string => url.replace("https://login.salesforce.com", host);
  return {
    ...fixture,
    authorize: { ...fixture.authorize, url: swap(fixture.authorize.url) },
    token: { ...fixture.token, url: swap(fixture.token.url) },
    api: Object.fromEntries(Object.entries(fixture.api).map(([url, route]) => [swap(url), route])),
  };
}

describe("salesforce hosts", () => {
  it.each([
    ["sandbox", { environment: "sandbox" }, "https://test.salesforce.com"],
    ["My Domain", { loginUrl: "acme.my.salesforce.com" }, "https://acme.my.salesforce.com"],
  ])("%s: authorization, token and user info on its host", async (_name, extra, host) => {
    flow = await startProviderFlow(onHost(host), { ...fixture.options, ...extra });
    const { authorizationURL, location } = await flow.run();
    expect(authorizationURL.origin).toBe(host);
    expect(location).toBe("/dashboard");
    expect((await flow.sessionUser())?.email).toBe("ada@acme.example");
  });
});

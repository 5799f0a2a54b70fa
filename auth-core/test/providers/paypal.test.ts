/**
 * PayPal's quirks beyond the contract: the live environment's hosts, and which address signs in
 * from the paypalv1.1 user info (its `emails[]`; verified only by an `email_verified` claim).
 */
import { afterEach, describe, expect, it } from "vitest";
import { fixture } from "./fixtures/paypal.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";
import type { ProviderFixture } from "./stand-in.js";

let flow: ProviderFlow | undefined;
afterEach(async () => {
  await flow?.t.destroy();
  flow = undefined;
});

const SANDBOX_USERINFO = "https://api-m.sandbox.paypal.com/v1/identity/oauth2/userinfo";

function withProfile(profile: Record<string, unknown>): ProviderFixture {
  return { ...fixture, api: { [SANDBOX_USERINFO]: () => profile } };
}

describe("paypal", () => {
  it("live: www.paypal.com to authorize, api-m.paypal.com for tokens and the person", async () => {
    const live: ProviderFixture = {
      ...fixture,
      authorize: { ...fixture.authorize, url: "https://www.paypal.com/signin/authorize" },
      token: { ...fixture.token, url: "https://api-m.paypal.com/v1/oauth2/token" },
      api: { "https://api-m.paypal.com/v1/identity/oauth2/userinfo": fixture.api[SANDBOX_USERINFO]! },
    };
    flow = await startProviderFlow(live, { ...fixture.options, environment: "live" });
    const { authorizationURL, location } = await flow.run();
    expect(authorizationURL.origin).toBe("https://www.paypal.com");
    expect(location).toBe("/dashboard");
    expect((await flow.sessionUser())?.email).toBe("ada@example.com");
  });

  it("takes the first address when none is primary, unverified", async () => {
    flow = await startProviderFlow(
      withProfile({ user_id: "https://www.paypal.com/webapps/auth/identity/user/x", name: "Ada", emails: [{ value: "First@Example.com", primary: false }] }),
    );
    await flow.run();
    expect(await flow.sessionUser()).toMatchObject({ email: "first@example.com", emailVerified: false });
  });

  it("trusts email_verified only for the same address (openid schema answer)", async () => {
    flow = await startProviderFlow(
      withProfile({ user_id: "https://www.paypal.com/webapps/auth/identity/user/y", name: "Ada", email: "Ada@Example.com", email_verified: true }),
    );
    await flow.run();
    expect(await flow.sessionUser()).toMatchObject({ email: "ada@example.com", emailVerified: true });
  });
});

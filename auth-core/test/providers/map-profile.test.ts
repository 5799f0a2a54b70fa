/**
 * The integrator's mapProfileToUser over a provider's mapping: the provider's verification
 * vouches for the address the provider gave, never for another one the mapping puts in its place.
 */
import { afterEach, describe, expect, it } from "vitest";
import { fixture } from "./fixtures/github.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";

let flow: ProviderFlow | undefined;
afterEach(async () => {
  await flow?.destroy();
  flow = undefined;
});

async function sessionUser(f: ProviderFlow): Promise<{ email: string; emailVerified: boolean; name: string } | null> {
  const session = (await (await f.browser.get("/get-session")).json()) as { user: { email: string; emailVerified: boolean; name: string } } | null;
  return session?.user ?? null;
}

describe("mapProfileToUser", () => {
  it("an address the mapping supplies is not verified by the provider's flag for its own address", async () => {
    flow = await startProviderFlow(fixture, {
      ...fixture.options,
      mapProfileToUser: (profile: Record<string, unknown>) => ({ email: `${String(profile.login)}@corp.example` }),
    });
    expect((await flow.run()).location).toBe("/dashboard");
    expect(await sessionUser(flow)).toMatchObject({ email: "octocat@corp.example", emailVerified: false });
  });

  it("keeps the provider's verification when the mapping leaves the address alone or says so itself", async () => {
    flow = await startProviderFlow(fixture, { ...fixture.options, mapProfileToUser: () => ({ name: "The Octocat" }) });
    await flow.run();
    expect(await sessionUser(flow)).toMatchObject({ email: "octocat@github.com", emailVerified: true, name: "The Octocat" });
    await flow.destroy();

    flow = await startProviderFlow(fixture, { ...fixture.options, mapProfileToUser: () => ({ email: "octocat@corp.example", emailVerified: true }) });
    await flow.run();
    expect(await sessionUser(flow)).toMatchObject({ email: "octocat@corp.example", emailVerified: true });
  });
});

/**
 * GitLab's own rules: a self-hosted instance through `issuer` (every endpoint under it),
 * and only active, unlocked accounts sign in.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ProviderFixture } from "./stand-in.js";
import { fixture, GITLAB_USER } from "./fixtures/gitlab.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";

let flow: ProviderFlow | undefined;
afterEach(async () => {
  await flow?.destroy();
  flow = undefined;
});

/** The fixture moved to another instance. */
function selfHosted(base: string): ProviderFixture {
  return {
    ...fixture,
    authorize: { ...fixture.authorize, url: `${base}/oauth/authorize` },
    token: { ...fixture.token, url: `${base}/oauth/token` },
    api: { [`${base}/api/v4/user`]: () => ({ ...GITLAB_USER, avatar_url: `${base}/uploads/avatar.png` }) },
    profileURL: `${base}/api/v4/user`,
  };
}

describe("gitlab", () => {
  it("uses a self-hosted instance's endpoints from issuer (a trailing slash or not)", async () => {
    const standInFixture = selfHosted("https://git.example.com");
    flow = await startProviderFlow(standInFixture, { ...fixture.options, issuer: "https://git.example.com/" });
    const { authorizationURL, location } = await flow.run();
    expect(location).toBe("/dashboard");
    expect(`${authorizationURL.origin}${authorizationURL.pathname}`).toBe("https://git.example.com/oauth/authorize");
    expect(flow.standIn.requests.map((r) => `${r.url.origin}${r.url.pathname}`)).toEqual([
      "https://git.example.com/oauth/token",
      "https://git.example.com/api/v4/user",
    ]);
    const session = (await (await flow.browser.get("/get-session")).json()) as { user: { image: string } };
    expect(session.user.image).toBe("https://git.example.com/uploads/avatar.png");
  });

  it.each([
    ["blocked", { state: "blocked" }],
    ["deactivated", { state: "deactivated" }],
    ["locked", { locked: true }],
  ])("refuses a %s account: unable_to_get_user_info, nobody created", async (_label, change) => {
    flow = await startProviderFlow({ ...fixture, api: { "https://gitlab.com/api/v4/user": () => ({ ...GITLAB_USER, ...change }) } });
    const { location } = await flow.run();
    expect(new URL(location, "http://x").searchParams.get("error")).toBe("unable_to_get_user_info");
    expect(await flow.t.database.db.selectFrom("user").selectAll().execute()).toEqual([]);
  });
});

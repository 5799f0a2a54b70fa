/** X (Twitter): the confirmed address comes from a second call, and may not come at all. */
import { afterEach, describe, expect, it } from "vitest";
import { fixture } from "./fixtures/twitter.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";
import type { ProviderFixture } from "./stand-in.js";

const PROFILE = { id: "2244994945", name: "Ada Lovelace", username: "ada", profile_image_url: "https://pbs.twimg.com/profile_images/1/a_normal.jpg" };

/** X without the email permission: `confirmed_email` is simply absent from the answer. */
const withoutEmail: ProviderFixture = {
  ...fixture,
  api: { "https://api.x.com/2/users/me": () => ({ data: PROFILE }) },
};

describe("twitter", () => {
  let h: ProviderFlow | undefined;
  afterEach(async () => {
    await h?.destroy();
    h = undefined;
  });

  it("asks users/me for the profile image, then for confirmed_email, with the access token", async () => {
    h = await startProviderFlow(fixture);
    await h.run();
    const calls = h.standIn.requests.filter((r) => r.url.pathname === "/2/users/me");
    expect(calls.map((r) => r.url.searchParams.get("user.fields"))).toEqual(["profile_image_url", "confirmed_email"]);
    for (const call of calls) {
      expect(call.method).toBe("GET");
      expect(call.headers.get("authorization")).toBe(`Bearer ${h.standIn.issuedAccessTokens[0]}`);
    }
  });

  it("signs a person in without an address as an unverified placeholder, never by their username", async () => {
    h = await startProviderFlow(withoutEmail);
    const { location } = await h.run();
    expect(location).toBe("/dashboard");
    const user = await h.sessionUser();
    expect(user?.email).toMatch(/^[0-9a-f]{32}@twitter\.invalid$/);
    expect(user?.email).not.toContain("ada");
    expect(user?.emailVerified).toBe(false);
    expect(user?.name).toBe("Ada Lovelace");
    expect(user?.image).toBe(PROFILE.profile_image_url);
  });

  it("still signs in when the email call alone fails", async () => {
    const emailCallFails: ProviderFixture = {
      ...fixture,
      api: {
        "https://api.x.com/2/users/me": (request) =>
          request.url.searchParams.get("user.fields") === "confirmed_email"
            ? new Response(JSON.stringify({ title: "Forbidden" }), { status: 403, headers: { "content-type": "application/json" } })
            : { data: PROFILE },
      },
    };
    h = await startProviderFlow(emailCallFails);
    expect((await h.run()).location).toBe("/dashboard");
    expect((await h.sessionUser())?.email).toMatch(/@twitter\.invalid$/);
  });

  it("the same X account signs in to the same user again, by its placeholder", async () => {
    h = await startProviderFlow(withoutEmail);
    await h.run();
    const first = await h.sessionUser();
    await h.browser.post("/sign-out", {});
    await h.run();
    expect((await h.sessionUser())?.email).toBe(first?.email);
    const row = await h.t.database.db
      .selectFrom("user")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(1);
  });
});

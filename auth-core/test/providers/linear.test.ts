/** Linear: the profile is GraphQL's `viewer`, asked for by POST at api.linear.app/graphql. */
import { afterEach, describe, expect, it } from "vitest";
import { fixture } from "./fixtures/linear.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";
import type { ProviderFixture } from "./stand-in.js";

describe("linear", () => {
  let h: ProviderFlow | undefined;
  afterEach(async () => {
    await h?.destroy();
    h = undefined;
  });

  it("POSTs the viewer query as JSON with the access token as Bearer", async () => {
    h = await startProviderFlow(fixture);
    await h.run();
    const calls = h.standIn.requests.filter((r) => r.url.href === "https://api.linear.app/graphql");
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.method).toBe("POST");
    expect(call?.headers.get("content-type")).toContain("application/json");
    expect(call?.headers.get("authorization")).toBe(`Bearer ${h.standIn.issuedAccessTokens[0]}`);
    const body = JSON.parse(call?.rawBody ?? "{}") as { query: string };
    expect(body.query.replace(/\s+/g, " ")).toMatch(/viewer \{ id name email avatarUrl/);
  });

  it("joins scopes with commas, as Linear's docs say", async () => {
    h = await startProviderFlow(fixture, { ...fixture.options, scope: ["write", "issues:create"] });
    const { authorizationURL } = await h.run();
    expect(authorizationURL.searchParams.get("scope")).toBe("read,write,issues:create");
  });

  it("a GraphQL error answer (200 with errors, no viewer) is unable_to_get_user_info", async () => {
    const graphQLError: ProviderFixture = {
      ...fixture,
      api: {
        "https://api.linear.app/graphql": () => ({
          data: null,
          errors: [{ message: "Authentication required", extensions: { code: "AUTHENTICATION_ERROR" } }],
        }),
      },
    };
    h = await startProviderFlow(graphQLError);
    const { location } = await h.run();
    expect(new URL(location, "http://x").searchParams.get("error")).toBe("unable_to_get_user_info");
    expect(await (await h.browser.get("/get-session")).json()).toBeNull();
  });
});

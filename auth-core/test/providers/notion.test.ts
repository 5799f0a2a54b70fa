/**
 * Notion's own rules: HTTP Basic with a JSON body at the token endpoint (code and
 * refresh), owner=user, the Notion-Version header, and the person as the bot's owner.
 */
import { afterEach, describe, expect, it } from "vitest";
import { fixture } from "./fixtures/notion.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";

let flow: ProviderFlow | undefined;
afterEach(async () => {
  await flow?.destroy();
  flow = undefined;
});

describe("notion", () => {
  it("exchanges the code and refreshes with a JSON body and HTTP Basic, the credentials never in the body", async () => {
    flow = await startProviderFlow(fixture);
    const { authorizationURL, location } = await flow.run();
    expect(location).toBe("/dashboard");
    expect((await flow.browser.post("/refresh-token", { providerId: "notion" })).status).toBe(200);
    const tokenRequests = flow.standIn.requests.filter((r) => r.url.href === fixture.token.url);
    expect(tokenRequests.map((r) => r.body.grant_type)).toEqual(["authorization_code", "refresh_token"]);
    for (const request of tokenRequests) {
      expect(request.headers.get("content-type")).toBe("application/json");
      expect(request.headers.get("authorization")).toBe(`Basic ${Buffer.from("1a2b3c4d-0000-4000-8000-notionclient:secret_notion").toString("base64")}`);
      expect(request.body).not.toHaveProperty("client_id");
      expect(request.body).not.toHaveProperty("client_secret");
    }
    expect(JSON.parse(tokenRequests[0]?.rawBody ?? "{}")).toEqual({
      grant_type: "authorization_code",
      code: expect.any(String),
      redirect_uri: authorizationURL.searchParams.get("redirect_uri"),
    });
    const me = flow.standIn.requests.find((r) => r.url.href === "https://api.notion.com/v1/users/me");
    expect(me?.headers.get("notion-version")).toBe("2022-06-28");
  });

  it("refuses a token owned by a workspace, not a person: unable_to_get_user_info", async () => {
    flow = await startProviderFlow({
      ...fixture,
      api: { "https://api.notion.com/v1/users/me": () => ({ object: "user", id: "bot", type: "bot", bot: { owner: { type: "workspace", workspace: true } } }) },
    });
    const { location } = await flow.run();
    expect(new URL(location, "http://x").searchParams.get("error")).toBe("unable_to_get_user_info");
    expect(await flow.t.database.db.selectFrom("user").selectAll().execute()).toEqual([]);
  });
});

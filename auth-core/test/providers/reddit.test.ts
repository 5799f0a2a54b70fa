/**
 * Reddit's own rules: a User-Agent on the token requests and the API calls (ours by
 * default), HTTP Basic at the refresh too, and refresh tokens only for duration=permanent.
 */
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createTestBrowser } from "../../testing/index.js";
import { fixture } from "./fixtures/reddit.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";

let flow: ProviderFlow | undefined;
afterEach(async () => {
  await flow?.destroy();
  flow = undefined;
});

describe("reddit", () => {
  it("sends a User-Agent of its own by default, to the token endpoint and the API", async () => {
    const { userAgent: _configured, ...options } = fixture.options;
    flow = await startProviderFlow(
      {
        ...fixture,
        token: { ...fixture.token, check: undefined },
        api: { "https://oauth.reddit.com/api/v1/me": () => ({ id: "1w72", name: "spez", icon_img: "" }) },
      },
      options,
    );
    const { location } = await flow.run();
    expect(location).toBe("/dashboard");
    const userAgents = flow.standIn.requests.map((r) => r.headers.get("user-agent"));
    expect(userAgents).toHaveLength(2);
    expect(userAgents.every((agent) => agent === "gatehouse-auth/1.0")).toBe(true);
  });

  it("refreshes with HTTP Basic and the User-Agent, the secret never in the body", async () => {
    flow = await startProviderFlow(fixture);
    await flow.run();
    expect((await flow.browser.post("/refresh-token", { providerId: "reddit" })).status).toBe(200);
    const refresh = flow.standIn.requests.find((r) => r.body.grant_type === "refresh_token");
    expect(refresh?.headers.get("authorization")).toBe(`Basic ${Buffer.from("p-jcoLKBynTLew:gko_LXELoV07ZBNUXrvWZfzE3aI").toString("base64")}`);
    expect(refresh?.headers.get("user-agent")).toBe(fixture.options.userAgent);
    expect(refresh?.body).not.toHaveProperty("client_secret");
    expect(refresh?.body).not.toHaveProperty("client_id");
  });

  it("a placeholder address cannot be worked out and registered first from the public account id", async () => {
    flow = await startProviderFlow(fixture);
    // Reddit ids are public; an unkeyed hash of "reddit:{id}" is an address anyone can compute.
    const guessed = `${createHash("sha256").update("reddit:1w72").digest("hex").slice(0, 32)}@reddit.invalid`;
    const squatter = createTestBrowser(flow.t.auth);
    const signUp = await squatter.post("/sign-up/email", { email: guessed, password: "Squatting-Reddit-9x!", name: "Squatter" });
    const { location } = await flow.run();
    // Whether or not the squat was accepted, the Reddit account still signs in, to a user of its own.
    expect(location).toBe("/dashboard");
    const session = (await (await flow.browser.get("/get-session")).json()) as { user: { email: string } } | null;
    expect(session?.user.email).toMatch(/@reddit\.invalid$/);
    expect(session?.user.email).not.toBe(guessed);
    expect([200, 400]).toContain(signUp.status);
  });

  it("asks for no duration unless configured (Reddit's default is temporary, without a refresh token)", async () => {
    const { duration: _duration, ...options } = fixture.options;
    flow = await startProviderFlow(fixture, options);
    const { authorizationURL } = await flow.run();
    expect(authorizationURL.searchParams.has("duration")).toBe(false);
  });
});

/**
 * Naver's own rules (issue 10): expires_in arrives as a string, and the profile answer's
 * resultcode decides, whatever the HTTP status.
 */
import { afterEach, describe, expect, it } from "vitest";
import { fixture } from "./fixtures/naver.js";
import { startStandInFlow, type StandInFlow } from "./stand-in-flow.js";

let flow: StandInFlow | undefined;
afterEach(async () => {
  await flow?.destroy();
  flow = undefined;
});

describe("naver", () => {
  it("reads the string expires_in as the access token's lifetime", async () => {
    flow = await startStandInFlow(fixture);
    expect((await flow.signIn()).location).toBe("/dashboard");
    const account = await flow.t.database.db.selectFrom("account").selectAll().where("providerId", "=", "naver").executeTakeFirstOrThrow();
    expect(Date.parse(account.accessTokenExpiresAt ?? "")).toBe(flow.t.clock.now().getTime() + 3600 * 1000);
  });

  it("refuses a profile answered with another resultcode (200 with an error inside)", async () => {
    flow = await startStandInFlow({
      ...fixture,
      api: { "https://openapi.naver.com/v1/nid/me": () => ({ resultcode: "024", message: "Authentication failed", response: { id: "32742776", email: "openapi@naver.com" } }) },
    });
    const { location } = await flow.signIn();
    expect(new URL(location, "http://x").searchParams.get("error")).toBe("unable_to_get_user_info");
    expect(await flow.t.database.db.selectFrom("user").selectAll().execute()).toEqual([]);
  });
});

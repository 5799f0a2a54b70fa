/**
 * Kakao's own rules: the address is vouched for only when Kakao says it is both
 * verified and valid, and the client secret is optional (sent only when configured).
 */
import { afterEach, describe, expect, it } from "vitest";
import { fixture, KAKAO_USER } from "./fixtures/kakao.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";

let flow: ProviderFlow | undefined;
afterEach(async () => {
  await flow?.destroy();
  flow = undefined;
});

async function sessionUser(f: ProviderFlow): Promise<{ email: string; emailVerified: boolean }> {
  return ((await (await f.browser.get("/get-session")).json()) as { user: { email: string; emailVerified: boolean } }).user;
}

describe("kakao", () => {
  it("does not vouch for a verified address that is no longer valid", async () => {
    flow = await startProviderFlow({
      ...fixture,
      api: { "https://kapi.kakao.com/v2/user/me": () => ({ ...KAKAO_USER, kakao_account: { ...KAKAO_USER.kakao_account, is_email_valid: false } }) },
    });
    expect((await flow.run()).location).toBe("/dashboard");
    expect(await sessionUser(flow)).toMatchObject({ email: "gildong.hong@kakao.com", emailVerified: false });
  });

  it("sends no client_secret when none is configured (Kakao's secret is optional)", async () => {
    flow = await startProviderFlow(
      { ...fixture, options: { clientId: fixture.options.clientId }, token: { ...fixture.token, auth: "none" } },
      { clientId: fixture.options.clientId },
    );
    expect((await flow.run()).location).toBe("/dashboard");
    const exchange = flow.standIn.requests.find((r) => r.body.grant_type === "authorization_code");
    expect(exchange?.body.client_id).toBe(fixture.options.clientId);
    expect(exchange?.body).not.toHaveProperty("client_secret");
  });
});

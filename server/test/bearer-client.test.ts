import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthClient } from "better-auth/client";
import { createTestAuth, TEST_BASE_URL, type TestAuth } from "@gatehouse/auth-core/testing";
import { silentLogger } from "@gatehouse/auth-core";
import { createApp } from "../src/app.js";

/**
 * better-auth's own client, used the way its bearer documentation says (keep
 * set-auth-token, send it as Authorization: Bearer), works against the server unchanged.
 */
describe("better-auth's client with bearer tokens", () => {
  let t: TestAuth;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    t = await createTestAuth({ options: { rateLimit: { enabled: false }, bearer: { enabled: true } } });
    app = createApp({ auth: t.auth, logger: silentLogger });
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("signs up, reads the session and signs out with no cookie jar", async () => {
    let token = "";
    const client = createAuthClient({
      baseURL: TEST_BASE_URL,
      fetchOptions: {
        // No cookies are kept: each request goes to the app as a fresh fetch would.
        customFetchImpl: async (input: string | URL | Request, init?: RequestInit) => app.request(input instanceof Request ? input : String(input), init),
        auth: { type: "Bearer", token: () => token },
        onSuccess: (ctx: { response: Response }) => {
          const issued = ctx.response.headers.get("set-auth-token");
          if (issued) token = issued;
        },
      },
    });
    const signUp = await client.signUp.email({ name: "Kai", email: "kai@example.com", password: "unusual-phrase-7" });
    expect(signUp.error).toBeNull();
    expect(token).not.toBe("");

    const session = await client.getSession();
    expect(session.error).toBeNull();
    expect(session.data?.user.email).toBe("kai@example.com");

    expect((await client.signOut()).error).toBeNull();
    expect((await client.getSession()).data).toBeNull();
  });
});

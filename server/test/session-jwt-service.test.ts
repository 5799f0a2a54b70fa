import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthClient } from "better-auth/client";
import { jwtClient } from "better-auth/client/plugins";
import { verifySessionJWT } from "@gatehouse/auth-core";
import { serveTestApp, type ServedApp } from "./support/served-app.js";

/**
 * Session JWTs through a real HTTP server: better-auth's jwtClient gets the session's JWT, and a
 * service that has only the base URL verifies it with verifySessionJWT and the /jwks URL.
 */
describe("session JWTs for a service that has only the base URL", () => {
  let served: ServedApp;
  let baseURL: string;
  beforeAll(async () => {
    served = await serveTestApp({ now: new Date(), options: { rateLimit: { enabled: false }, jwt: { enabled: true } } });
    baseURL = served.baseURL;
  });
  afterAll(() => served.close());

  it("verifies the JWT from jwtClient's token() and from set-auth-jwt against the JWKS URL", async () => {
    let cookie = "";
    let headerJWT = "";
    const client = createAuthClient({
      baseURL,
      plugins: [jwtClient()],
      fetchOptions: {
        headers: { origin: baseURL },
        onRequest: (ctx: { headers: Headers }) => {
          if (cookie) ctx.headers.set("cookie", cookie);
        },
        onResponse: (ctx: { response: Response }) => {
          const set = ctx.response.headers.getSetCookie().find((c) => c.includes("session_token="));
          if (set) cookie = set.split(";")[0]!;
          headerJWT = ctx.response.headers.get("set-auth-jwt") ?? headerJWT;
        },
      },
    });
    expect((await client.signUp.email({ name: "Svc", email: "svc@example.com", password: "unusual-phrase-7" })).error).toBeNull();
    const { data, error } = await client.token();
    expect(error).toBeNull();
    const claims = await verifySessionJWT(data!.token, { jwksURL: `${baseURL}/api/auth/jwks`, issuer: baseURL, audience: baseURL });
    expect(claims.email).toBe("svc@example.com");

    await client.getSession();
    expect(headerJWT).toBe(data!.token);
    await expect(
      verifySessionJWT(`${headerJWT.slice(0, -4)}AAAA`, { jwksURL: `${baseURL}/api/auth/jwks`, issuer: baseURL, audience: baseURL }),
    ).rejects.toThrow();
  });
});

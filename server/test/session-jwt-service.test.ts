import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthClient } from "better-auth/client";
import { jwtClient } from "better-auth/client/plugins";
import { createTestAuth, type TestAuth } from "@gatehouse/auth-core/testing";
import { silentLogger, verifySessionJWT } from "@gatehouse/auth-core";
import { createApp } from "../src/app.js";

/**
 * Session JWTs through a real HTTP server: better-auth's jwtClient gets the session's JWT, and a
 * service that has only the base URL verifies it with verifySessionJWT and the /jwks URL.
 */
describe("session JWTs for a service that has only the base URL", () => {
  let t: TestAuth;
  let server: ServerType;
  let baseURL: string;
  beforeAll(async () => {
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: (request, env) => app().fetch(request, env), port: 0, hostname: "127.0.0.1" }, () => resolve(s));
    });
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestAuth({ now: new Date(), options: { baseURL, rateLimit: { enabled: false }, jwt: { enabled: true } } });
  });
  afterAll(async () => {
    server.close();
    await t.destroy();
  });
  let cached: ReturnType<typeof createApp> | null = null;
  const app = (): ReturnType<typeof createApp> => (cached ??= createApp({ auth: t.auth, logger: silentLogger }));

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

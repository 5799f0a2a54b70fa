import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthClient } from "better-auth/client";
import { apiKeyClient } from "@better-auth/api-key/client";
import { createTestAuth, type TestAuth } from "@gatehouse/auth-core/testing";
import { silentLogger } from "@gatehouse/auth-core";
import { createApp } from "../src/app.js";

/**
 * API keys through a real HTTP server: better-auth's own apiKeyClient, unchanged, creates,
 * lists, updates, verifies and deletes a key against Gatehouse, and the key stands for its owner
 * on get-session.
 */
describe("better-auth's apiKeyClient against Gatehouse", () => {
  let t: TestAuth;
  let server: ServerType;
  let baseURL: string;
  beforeAll(async () => {
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: (request, env) => app().fetch(request, env), port: 0, hostname: "127.0.0.1" }, () => resolve(s));
    });
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestAuth({ now: new Date(), options: { baseURL, rateLimit: { enabled: false } } });
  });
  afterAll(async () => {
    server.close();
    await t.destroy();
  });
  let cached: ReturnType<typeof createApp> | null = null;
  const app = (): ReturnType<typeof createApp> => (cached ??= createApp({ auth: t.auth, logger: silentLogger }));

  it("creates, lists, updates, verifies and deletes a key, and the key reads the session", async () => {
    let cookie = "";
    const client = createAuthClient({
      baseURL,
      plugins: [apiKeyClient()],
      fetchOptions: {
        headers: { origin: baseURL },
        onRequest: (ctx: { headers: Headers }) => {
          if (cookie && !ctx.headers.has("x-api-key")) ctx.headers.set("cookie", cookie);
        },
        onResponse: (ctx: { response: Response }) => {
          const set = ctx.response.headers.getSetCookie().find((c) => c.includes("session_token="));
          if (set) cookie = set.split(";")[0]!;
        },
      },
    });
    expect((await client.signUp.email({ name: "Ops", email: "ops@example.com", password: "unusual-phrase-7" })).error).toBeNull();

    const created = await client.apiKey.create({ name: "nightly job", expiresIn: 60 * 60 * 24 * 30, metadata: { job: "nightly" } });
    expect(created.error).toBeNull();
    const key = created.data!.key;
    expect(key).toMatch(/^[A-Za-z]{64}$/);
    expect(created.data).toMatchObject({ name: "nightly job", start: key.slice(0, 6), metadata: { job: "nightly" }, enabled: true });

    const listed = await client.apiKey.list();
    expect(listed.error).toBeNull();
    expect(listed.data?.total).toBe(1);
    expect(JSON.stringify(listed.data)).not.toContain(key);
    const got = await client.apiKey.get({ query: { id: created.data!.id } });
    expect(got.data?.name).toBe("nightly job");
    expect((await client.apiKey.update({ keyId: created.data!.id, name: "nightly export" })).data?.name).toBe("nightly export");

    const refused = await client.apiKey.create({ name: "greedy", rateLimitMax: 1000 } as never);
    expect(refused.error).toMatchObject({ status: 400, code: "SERVER_ONLY_PROPERTY" });

    const script = createAuthClient({ baseURL, plugins: [apiKeyClient()], fetchOptions: { headers: { "x-api-key": key } } });
    const session = await script.getSession();
    expect(session.error).toBeNull();
    expect(session.data?.user.email).toBe("ops@example.com");

    // The plugin keeps verify server-only; Gatehouse also serves it, so the client's $fetch reaches it.
    const verified = await script.$fetch("/api-key/verify", { method: "POST", body: { key } });
    expect(verified.data).toMatchObject({ valid: true, error: null, key: { id: created.data!.id, name: "nightly export" } });

    expect((await client.apiKey.delete({ keyId: created.data!.id })).data).toEqual({ success: true });
    expect((await script.getSession()).error).toMatchObject({ status: 401, code: "INVALID_API_KEY" });
  });
});

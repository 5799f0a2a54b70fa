import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_SECRET, type TestDatabase } from "@gatehouse/auth-core/testing";
import { silentLogger } from "@gatehouse/auth-core";
import { createApp } from "../src/app.js";
import { createServerAuth } from "../src/auth.js";
import { readConfig } from "../src/env.js";
import { resolveServerProviders } from "../src/providers/server-providers.js";
import { mountTRPC } from "../src/trpc/index.js";

/** GET /api/trpc/auth.providers: the public list the login screen and Settings draw their buttons from. */
describe("the enabled providers, published to the web app", () => {
  let database: TestDatabase;
  afterEach(async () => database.destroy());

  async function appWith(env: Record<string, string>, devIdp?: { ids: Array<"google" | "github" | "microsoft"> }): Promise<ReturnType<typeof createApp>> {
    database = await createTestDatabase("sqlite");
    const config = readConfig({ RATE_LIMIT: "off", ...env });
    const client = { issuer: "http://localhost:3100", clientId: "gatehouse-development", clientSecret: "dev-secret" };
    const auth = createServerAuth({
      config,
      db: database.db,
      dialect: "sqlite",
      secret: TEST_SECRET,
      mailer: { send: async () => undefined },
      logger: silentLogger,
      providers: resolveServerProviders(config, devIdp ? { client, ids: devIdp.ids } : null),
    });
    return createApp({ auth, logger: silentLogger, mount: (a) => mountTRPC(a, { auth }) });
  }

  async function listProviders(app: ReturnType<typeof createApp>): Promise<{ status: number; body: unknown }> {
    // A signed-out browser's plain GET, as the login screen sends it (no cookie, no Origin).
    const res = await app.request("http://localhost:3000/api/trpc/auth.providers?batch=1&input=%7B%7D");
    return { status: res.status, body: await res.json() };
  }

  it("answers a signed-out caller with id and name, Google first, then by name", async () => {
    const app = await appWith({ GITHUB_CLIENT_ID: "gh", GITHUB_CLIENT_SECRET: "s", GOOGLE_CLIENT_ID: "g", GOOGLE_CLIENT_SECRET: "s" }, { ids: ["microsoft"] });
    expect(await listProviders(app)).toEqual({
      status: 200,
      body: [
        {
          result: {
            data: [
              { id: "google", name: "Google" },
              { id: "github", name: "GitHub" },
              { id: "microsoft", name: "Microsoft" },
            ],
          },
        },
      ],
    });
  });

  it("is empty when nothing is configured, and names only what auth-core actually signs in with", async () => {
    expect((await listProviders(await appWith({}))).body).toEqual([{ result: { data: [] } }]);
  });

  it("lists Google alone for a deployment that sets only Google", async () => {
    const app = await appWith({ GOOGLE_CLIENT_ID: "g", GOOGLE_CLIENT_SECRET: "s" });
    expect((await listProviders(app)).body).toEqual([{ result: { data: [{ id: "google", name: "Google" }] } }]);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { defineProvider, fixedEndpoints, type OAuthProvider } from "../src/index.js";
import { createTestAuth, createTestBrowser, type TestAuth } from "../testing/index.js";

/** `additionalProviders`: providers an integrator builds with defineProvider (the server's development stand-ins). */
function ownProvider(id: string, name: string): OAuthProvider {
  return defineProvider({
    id,
    name,
    options: { clientId: `${id}-client`, clientSecret: `${id}-secret` },
    defaultScopes: ["openid", "email"],
    sendPKCE: true,
    endpoints: fixedEndpoints({ authorization: `https://idp.example/${id}/authorize`, token: `https://idp.example/${id}/token` }),
    supportsRefresh: false,
    getUserInfo: async () => null,
  });
}

describe("additionalProviders", () => {
  let t: TestAuth;
  afterEach(async () => t.destroy());

  it("adds providers under their own ids, and replaces a configured provider of the same id", async () => {
    t = await createTestAuth({
      options: {
        socialProviders: { github: { clientId: "real-github", clientSecret: "s" } },
        additionalProviders: [ownProvider("acme", "Acme"), ownProvider("github", "GitHub")],
      },
    });
    const providers = t.auth.context.options.social.providers;
    expect([...providers.keys()].sort()).toEqual(["acme", "github"]);
    expect(providers.get("github")?.clientId).toBe("github-client");

    const start = await createTestBrowser(t.auth).post("/sign-in/social", { provider: "acme", callbackURL: "/dashboard" });
    expect(start.status).toBe(200);
    const url = new URL(((await start.json()) as { url: string }).url);
    expect(`${url.origin}${url.pathname}`).toBe("https://idp.example/acme/authorize");
    expect(url.searchParams.get("client_id")).toBe("acme-client");
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/acme");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  });
});

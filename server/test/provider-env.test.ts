import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_SECRET, type TestDatabase } from "@gatehouse/auth-core/testing";
import { silentLogger } from "@gatehouse/auth-core";
import { createServerAuth } from "../src/auth.js";
import { readConfig } from "../src/env.js";
import { PROVIDER_IDS, PROVIDER_TABLE } from "../src/providers/provider-table.js";
import { devIdpStandInIds, resolveServerProviders } from "../src/providers/server-providers.js";

const SPEC_PROVIDER_IDS = [
  "apple",
  "atlassian",
  "cognito",
  "discord",
  "facebook",
  "figma",
  "github",
  "microsoft",
  "google",
  "huggingface",
  "slack",
  "spotify",
  "twitch",
  "twitter",
  "dropbox",
  "kick",
  "linear",
  "linkedin",
  "gitlab",
  "tiktok",
  "reddit",
  "roblox",
  "salesforce",
  "vk",
  "zoom",
  "notion",
  "kakao",
  "naver",
  "line",
  "paypal",
];

const PEM = "-----BEGIN PRIVATE KEY-----\\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg\\n-----END PRIVATE KEY-----";

function providersOf(env: Record<string, string>): Array<{ id: string; name: string; options: Record<string, unknown> }> {
  return readConfig(env).socialProviders;
}

describe("social providers from the environment", () => {
  it("has one row per provider id of spec §9", () => {
    expect([...PROVIDER_IDS].sort()).toEqual([...SPEC_PROVIDER_IDS].sort());
  });

  it("turns a provider on only with both <ID>_CLIENT_ID and <ID>_CLIENT_SECRET, and says why a half-set one stays off", () => {
    expect(providersOf({})).toEqual([]);
    expect(providersOf({ GITHUB_CLIENT_ID: "gh-id" })).toEqual([]);
    expect(readConfig({ GITHUB_CLIENT_ID: "gh-id" }).providerWarnings).toEqual([
      "GITHUB_CLIENT_ID is set without GITHUB_CLIENT_SECRET: GitHub sign-in stays off",
    ]);
    expect(providersOf({ GITHUB_CLIENT_SECRET: "gh-secret" })).toEqual([]);
    expect(providersOf({ GITHUB_CLIENT_ID: "gh-id", GITHUB_CLIENT_SECRET: "" })).toEqual([]);
    expect(providersOf({ GITHUB_CLIENT_ID: "gh-id", GITHUB_CLIENT_SECRET: "gh-secret" })).toEqual([
      { id: "github", name: "GitHub", options: { clientId: "gh-id", clientSecret: "gh-secret" } },
    ]);
  });

  it("keeps Google as before: GOOGLE_ISSUER defaults to accounts.google.com", () => {
    expect(providersOf({ GOOGLE_CLIENT_ID: "g-id", GOOGLE_CLIENT_SECRET: "g-secret" })).toEqual([
      { id: "google", name: "Google", options: { clientId: "g-id", clientSecret: "g-secret", issuer: "https://accounts.google.com" } },
    ]);
    expect(providersOf({ GOOGLE_CLIENT_ID: "g-id", GOOGLE_CLIENT_SECRET: "g-secret", GOOGLE_ISSUER: "http://127.0.0.1:9000/" })[0]!.options.issuer).toBe(
      "http://127.0.0.1:9000",
    );
    expect(readConfig({ GOOGLE_CLIENT_ID: "g-id" }).socialProviders).toEqual([]);
  });

  it("lists Google first, then the others by name", () => {
    const env: Record<string, string> = {};
    for (const id of ["zoom", "github", "google", "discord", "twitch"])
      Object.assign(env, { [`${id.toUpperCase()}_CLIENT_ID`]: `${id}-id`, [`${id.toUpperCase()}_CLIENT_SECRET`]: "s" });
    expect(providersOf(env).map((p) => p.name)).toEqual(["Google", "Discord", "GitHub", "Twitch", "Zoom"]);
  });

  it("maps each provider's own variables to its options", () => {
    const base = (id: string): Record<string, string> => ({ [`${id}_CLIENT_ID`]: "the-id", [`${id}_CLIENT_SECRET`]: "the-secret" });
    expect(
      providersOf({
        ...base("MICROSOFT"),
        MICROSOFT_TENANT_ID: "organizations",
        MICROSOFT_PROFILE_PHOTO_SIZE: "96",
        MICROSOFT_AUTHORITY: "https://contoso.ciamlogin.com",
      })[0]!.options,
    ).toEqual({
      clientId: "the-id",
      clientSecret: "the-secret",
      tenantId: "organizations",
      profilePhotoSize: 96,
      authority: "https://contoso.ciamlogin.com",
    });
    expect(
      providersOf({
        ...base("COGNITO"),
        COGNITO_DOMAIN: "acme.auth.eu-west-1.amazoncognito.com",
        COGNITO_REGION: "eu-west-1",
        COGNITO_USER_POOL_ID: "eu-west-1_AbC123",
      })[0]!.options,
    ).toEqual({
      clientId: "the-id",
      clientSecret: "the-secret",
      domain: "acme.auth.eu-west-1.amazoncognito.com",
      region: "eu-west-1",
      userPoolId: "eu-west-1_AbC123",
    });
    expect(providersOf({ ...base("SALESFORCE"), SALESFORCE_ENVIRONMENT: "sandbox" })[0]!.options.environment).toBe("sandbox");
    expect(providersOf({ ...base("PAYPAL"), PAYPAL_ENVIRONMENT: "live" })[0]!.options.environment).toBe("live");
    expect(providersOf({ ...base("GITLAB"), GITLAB_ISSUER: "https://gitlab.example.com/" })[0]!.options.issuer).toBe("https://gitlab.example.com");
    // TikTok's client id is its client key.
    expect(providersOf({ TIKTOK_CLIENT_KEY: "tt-key", TIKTOK_CLIENT_SECRET: "tt-secret" })).toEqual([
      { id: "tiktok", name: "TikTok", options: { clientId: "tt-key", clientKey: "tt-key", clientSecret: "tt-secret" } },
    ]);
    expect(providersOf({ TIKTOK_CLIENT_ID: "tt-key", TIKTOK_CLIENT_SECRET: "tt-secret" })).toEqual([]);
  });

  it("takes Apple's secret ready-made or as the key to sign it with; Cognito and Kakao may be public clients", () => {
    expect(providersOf({ APPLE_CLIENT_ID: "com.example.web", APPLE_CLIENT_SECRET: "eyJ.ready.made" })[0]!.options).toEqual({
      clientId: "com.example.web",
      clientSecret: "eyJ.ready.made",
    });
    const signed = providersOf({
      APPLE_CLIENT_ID: "com.example.web",
      APPLE_TEAM_ID: "TEAM123456",
      APPLE_KEY_ID: "KEY1234567",
      APPLE_PRIVATE_KEY: PEM,
      APPLE_APP_BUNDLE_IDENTIFIER: "com.example.app",
    })[0]!;
    expect(signed.options).toMatchObject({ clientId: "com.example.web", teamId: "TEAM123456", keyId: "KEY1234567", appBundleIdentifier: "com.example.app" });
    expect(signed.options.clientSecret).toBeUndefined();
    expect(String(signed.options.privateKey).split("\n")).toHaveLength(3);
    expect(providersOf({ APPLE_CLIENT_ID: "com.example.web", APPLE_TEAM_ID: "TEAM123456", APPLE_KEY_ID: "KEY1234567" })).toEqual([]);
    expect(providersOf({ KAKAO_CLIENT_ID: "kakao-id" })).toEqual([{ id: "kakao", name: "Kakao", options: { clientId: "kakao-id" } }]);
  });

  it.each([
    [{ PAYPAL_ENVIRONMENT: "prod" }, /PAYPAL_ENVIRONMENT/],
    [{ SALESFORCE_ENVIRONMENT: "staging" }, /SALESFORCE_ENVIRONMENT/],
    [{ MICROSOFT_PROFILE_PHOTO_SIZE: "50" }, /MICROSOFT_PROFILE_PHOTO_SIZE/],
    [{ GITLAB_ISSUER: "gitlab.example.com" }, /GITLAB_ISSUER/],
    [{ GOOGLE_ISSUER: "accounts" }, /GOOGLE_ISSUER/],
    [{ APPLE_PRIVATE_KEY: "not a key" }, /APPLE_PRIVATE_KEY: a PKCS#8 PEM private key/],
    [{ COGNITO_CLIENT_ID: "c", COGNITO_REGION: "eu-west-1", COGNITO_USER_POOL_ID: "eu-west-1_A1" }, /COGNITO_DOMAIN: required when COGNITO_CLIENT_ID is set/],
    [{ COGNITO_REGION: "Ireland" }, /COGNITO_REGION: an AWS region/],
    [{ DEV_IDP_PROVIDERS: "github,githbu" }, /DEV_IDP_PROVIDERS: unknown provider id "githbu"/],
    [
      { NODE_ENV: "production", AUTH_SECRET: "x".repeat(40), DEV_IDP_PROVIDERS: "github" },
      /DEV_IDP_PROVIDERS: the development identity provider never runs in production/,
    ],
  ])("refuses %j at startup with a message naming the variable", (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
    expect(() => readConfig(env)).toThrow(/^invalid environment: /);
  });

  describe("through createAuth", () => {
    let database: TestDatabase;
    afterEach(async () => database.destroy());

    it("every row's options build the provider auth-core has under that id, with the table's name", async () => {
      // All 30 turned on at once, with the variables each one requires.
      const env: Record<string, string> = {
        COGNITO_DOMAIN: "acme.auth.eu-west-1.amazoncognito.com",
        COGNITO_REGION: "eu-west-1",
        COGNITO_USER_POOL_ID: "eu-west-1_AbC123",
      };
      for (const id of PROVIDER_IDS) {
        const row = PROVIDER_TABLE[id] as { clientIdVariable?: string };
        env[row.clientIdVariable ?? `${id.toUpperCase()}_CLIENT_ID`] = `${id}-client`;
        env[`${id.toUpperCase()}_CLIENT_SECRET`] = `${id}-secret`;
      }
      const config = readConfig(env);
      expect(config.socialProviders.map((p) => p.id).sort()).toEqual([...PROVIDER_IDS].sort());
      database = await createTestDatabase("sqlite");
      const auth = createServerAuth({
        config,
        db: database.db,
        dialect: "sqlite",
        secret: TEST_SECRET,
        mailer: { send: async () => undefined },
        logger: silentLogger,
        providers: resolveServerProviders(config, null),
      });
      const built = [...auth.context.options.social.providers.values()];
      // google and github at least; every provider file the library has, once merged.
      expect(built.length).toBeGreaterThanOrEqual(2);
      for (const provider of built) {
        expect(provider.name).toBe(PROVIDER_TABLE[provider.id as keyof typeof PROVIDER_TABLE].name);
        expect(provider.clientId).toBe(`${provider.id}-client`);
      }
    });
  });
});

describe("the development identity provider's stand-ins", () => {
  it("stands in for Google without credentials, plus DEV_IDP_PROVIDERS; never in production", () => {
    expect(devIdpStandInIds(readConfig({}))).toEqual(["google"]);
    expect(devIdpStandInIds(readConfig({ DEV_IDP_PROVIDERS: "microsoft, GitHub" }))).toEqual(["google", "github", "microsoft"]);
    expect(devIdpStandInIds(readConfig({ GOOGLE_CLIENT_ID: "g", GOOGLE_CLIENT_SECRET: "s", DEV_IDP_PROVIDERS: "github" }))).toEqual(["github"]);
    expect(devIdpStandInIds(readConfig({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(40) }))).toEqual([]);
  });

  it("replaces a configured provider's credentials with the stand-in's, and keeps the others", () => {
    const config = readConfig({
      GITHUB_CLIENT_ID: "gh",
      GITHUB_CLIENT_SECRET: "s",
      DISCORD_CLIENT_ID: "d",
      DISCORD_CLIENT_SECRET: "s",
      DEV_IDP_PROVIDERS: "github",
    });
    const client = { issuer: "http://localhost:3100", clientId: "gatehouse-development", clientSecret: "dev-secret" };
    const providers = resolveServerProviders(config, { client, ids: ["google", "github"] });
    expect(providers.socialProviders).toEqual({
      discord: { clientId: "d", clientSecret: "s" },
      google: { clientId: "gatehouse-development", clientSecret: "dev-secret", issuer: "http://localhost:3100" },
    });
    expect(providers.additionalProviders.map((p) => [p.id, p.name, p.clientId])).toEqual([["github", "GitHub", "gatehouse-development"]]);
    expect(providers.additionalProviders[0]!.endpoints).toEqual({ discoveryIssuer: "http://localhost:3100" });
  });
});

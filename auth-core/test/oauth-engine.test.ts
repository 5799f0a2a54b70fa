import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptToken, deriveTokenEncryptionKey, encryptToken } from "../src/crypto/token-encryption.js";
import { systemRandom } from "../src/deps/random.js";
import { createS256CodeChallenge, generateCodeVerifier } from "../src/oauth/pkce.js";
import { OAuthRequestError, parseTokenResponse, requestTokens } from "../src/oauth/token-request.js";
import { providerRuntime } from "../src/oauth/engine.js";
import { createTestAuth, type TestOpenIDProvider } from "../testing/index.js";
import { BASIC_CLIENT, OTHER_REDIRECT_URI, person, startSocialProvider } from "./social-harness.js";

describe("PKCE", () => {
  it("computes the RFC 7636 appendix B challenge", () => {
    expect(createS256CodeChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
  });
  it("generates 128-character verifiers from the unreserved characters", () => {
    const a = generateCodeVerifier(systemRandom);
    expect(a).toMatch(/^[A-Za-z0-9\-._~]{128}$/);
    expect(generateCodeVerifier(systemRandom)).not.toBe(a);
  });
});

describe("provider token encryption", () => {
  const key = deriveTokenEncryptionKey("a-secret-that-is-at-least-32-characters-long");
  it("round-trips, with a fresh IV each time", () => {
    const a = encryptToken(key, systemRandom, "ya29.access-token");
    const b = encryptToken(key, systemRandom, "ya29.access-token");
    expect(a).not.toBe(b);
    expect(a).not.toContain("ya29");
    expect(decryptToken(key, a)).toBe("ya29.access-token");
  });
  it("refuses an altered value and another secret's key", () => {
    const sealed = encryptToken(key, systemRandom, "refresh-token");
    const raw = Buffer.from(sealed.slice(3), "base64url");
    raw[14] = raw[14]! ^ 1;
    expect(decryptToken(key, `v1.${raw.toString("base64url")}`)).toBeNull();
    expect(decryptToken(deriveTokenEncryptionKey("another-secret-that-is-32-characters-long"), sealed)).toBeNull();
    expect(decryptToken(key, "plain-token")).toBeNull();
  });
});

describe("token responses", () => {
  it("normalises expires_in (number or string) and scopes (spaces or commas)", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const tokens = parseTokenResponse({ access_token: "a", expires_in: "3600", scope: "email,profile openid", token_type: "Bearer" }, now);
    expect(tokens.accessTokenExpiresAt?.toISOString()).toBe("2026-01-01T01:00:00.000Z");
    expect(tokens.scopes).toEqual(["email", "profile", "openid"]);
    expect(tokens.refreshToken).toBeNull();
    expect(() => parseTokenResponse({ token_type: "Bearer" }, now)).toThrow(OAuthRequestError);
  });
});

describe("token request headers", () => {
  it("adds a provider's own headers (Reddit's User-Agent) without letting them replace the client authentication", async () => {
    const t = await createTestAuth({ now: new Date() });
    try {
      const seen: Headers[] = [];
      const runtime = {
        ...providerRuntime(t.auth.context),
        fetch: (async (_input: string | URL | Request, init?: RequestInit) => {
          seen.push(new Headers(init?.headers));
          return new Response(JSON.stringify({ access_token: "a", token_type: "bearer" }), { headers: { "content-type": "application/json" } });
        }) as typeof fetch,
      };
      await requestTokens(runtime, {
        endpoint: "https://provider.example/token",
        clientId: "client",
        clientIdParameter: "client_id",
        clientSecret: "secret",
        authentication: "client_secret_basic",
        format: "form",
        headers: { "user-agent": "gatehouse/1", authorization: "Bearer spoofed", "content-type": "text/plain" },
        params: { grant_type: "refresh_token", refresh_token: "r" },
        readBody: (body) => body,
      });
      expect(seen[0]?.get("user-agent")).toBe("gatehouse/1");
      expect(seen[0]?.get("authorization")).toBe(`Basic ${Buffer.from("client:secret").toString("base64")}`);
      expect(seen[0]?.get("content-type")).toBe("application/x-www-form-urlencoded");
    } finally {
      await t.destroy();
    }
  });
});

describe("client authentication at a real token endpoint", () => {
  let idp: TestOpenIDProvider;
  beforeAll(async () => {
    idp = await startSocialProvider();
  });
  afterAll(async () => {
    await idp.close();
  });

  async function authorizationCode(verifier: string): Promise<string> {
    idp.setPerson(person());
    const url = new URL(`${idp.issuer}/auth`);
    const params = {
      response_type: "code",
      client_id: BASIC_CLIENT.clientId,
      redirect_uri: OTHER_REDIRECT_URI,
      scope: "openid email",
      state: "s",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
    };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return (await idp.authorize(url.toString())).searchParams.get("code")!;
  }

  it("sends client_secret_basic with form-encoded credentials in the header", async () => {
    const t = await createTestAuth({ now: new Date() });
    try {
      const ctx = providerRuntime(t.auth.context);
      const input = {
        endpoint: `${idp.issuer}/token`,
        clientId: BASIC_CLIENT.clientId,
        clientIdParameter: "client_id",
        clientSecret: BASIC_CLIENT.clientSecret,
        format: "form" as const,
        readBody: (body: Record<string, unknown>) => body,
      };
      const verifier = randomBytes(48).toString("base64url");
      // Basic carries the credentials only in the header: a wrong secret there is refused.
      const refused = requestTokens(ctx, {
        ...input,
        clientSecret: "wrong",
        authentication: "client_secret_basic",
        params: { grant_type: "authorization_code", code: await authorizationCode(verifier), redirect_uri: OTHER_REDIRECT_URI, code_verifier: verifier },
      });
      await expect(refused).rejects.toMatchObject({ name: "OAuthRequestError", code: "invalid_client" });
      const tokens = await requestTokens(ctx, {
        ...input,
        authentication: "client_secret_basic",
        params: { grant_type: "authorization_code", code: await authorizationCode(verifier), redirect_uri: OTHER_REDIRECT_URI, code_verifier: verifier },
      });
      expect(tokens.accessToken).toBeTruthy();
      expect(tokens.idToken?.split(".")).toHaveLength(3);
      // Without the verifier the provider refuses the code: PKCE is enforced at its end.
      const noVerifier = requestTokens(ctx, {
        ...input,
        authentication: "client_secret_basic",
        params: { grant_type: "authorization_code", code: await authorizationCode(verifier), redirect_uri: OTHER_REDIRECT_URI },
      });
      await expect(noVerifier).rejects.toMatchObject({ code: "invalid_grant" });
    } finally {
      await t.destroy();
    }
  });
});

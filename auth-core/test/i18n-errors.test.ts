import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "../src/errors.js";
import { de } from "../src/i18n/de.js";
import { es } from "../src/i18n/es.js";
import { fr } from "../src/i18n/fr.js";
import { ja } from "../src/i18n/ja.js";
import { createTestAuth, createTestBrowser, signUpPerson, TEST_BASE_URL, testDialects, type TestAuth } from "../testing/index.js";

const JAPANESE_SCRIPT = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe.each(testDialects())("translated error answers on %s", (dialect) => {
  let t: TestAuth;
  const email = `lang-${dialect}@example.com`;
  beforeAll(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false }, emailAndPassword: { throttle: { enabled: false } } } });
    await signUpPerson(t.auth, "Lang", email);
  });
  afterAll(async () => t.destroy());

  async function wrongPassword(headers: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
    const answer = await createTestBrowser(t.auth).post("/sign-in/email", { email, password: "not the password at all" }, headers);
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  }

  async function shortPassword(headers: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
    const answer = await createTestBrowser(t.auth).post("/sign-up/email", { name: "S", email: `short-${dialect}@example.com`, password: "short" }, headers);
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  }

  it("keeps status and code, translates the message and keeps the English in originalMessage", async () => {
    const german = await wrongPassword({ "accept-language": "de-DE,de;q=0.9" });
    expect(german.status).toBe(401);
    expect(german.body).toEqual({
      code: "INVALID_EMAIL_OR_PASSWORD",
      message: "E-Mail-Adresse oder Passwort ist falsch",
      originalMessage: "Invalid email or password",
    });
    const cases: Array<[string, RegExp]> = [
      ["de", /Passwort|Kennwort/],
      ["fr", /mot de passe/],
      ["es", /contraseña/],
      ["ja", JAPANESE_SCRIPT],
    ];
    for (const [language, names] of cases) {
      for (const answer of [await wrongPassword({ "accept-language": language }), await shortPassword({ "accept-language": language })]) {
        expect(answer.body["message"], language).toMatch(names);
        expect(answer.body["message"]).not.toBe(answer.body["originalMessage"]);
      }
      const short = await shortPassword({ "accept-language": language });
      expect(short.status).toBe(400);
      expect(short.body).toMatchObject({ code: "PASSWORD_TOO_SHORT", originalMessage: "Password too short" });
    }
  });

  it("answers English exactly as without translation", async () => {
    const plain = await wrongPassword({});
    expect(plain.body).toEqual({ code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" });
    for (const header of ["en, de;q=0.9", "xx", "tlh-KL", "en-GB"]) expect((await wrongPassword({ "accept-language": header })).body).toEqual(plain.body);
  });

  it("sorts Accept-Language by q-value, drops regions and takes the first language it speaks", async () => {
    const languageOf = async (headers: Record<string, string>): Promise<unknown> => (await wrongPassword(headers)).body["message"];
    expect(await languageOf({ "accept-language": "xx, fr;q=0.9" })).toBe(fr.INVALID_EMAIL_OR_PASSWORD);
    expect(await languageOf({ "accept-language": "de;q=0.5, es;q=0.8" })).toBe(es.INVALID_EMAIL_OR_PASSWORD);
    expect(await languageOf({ "accept-language": "ja-JP" })).toBe(ja.INVALID_EMAIL_OR_PASSWORD);
    expect(await languageOf({ "accept-language": "fr;q=0, de" })).toBe(de.INVALID_EMAIL_OR_PASSWORD);
  });

  it("falls back to the locale cookie, which a known header language overrides", async () => {
    const languageOf = async (headers: Record<string, string>): Promise<unknown> => (await wrongPassword(headers)).body["message"];
    expect(await languageOf({ cookie: "locale=ja" })).toBe(ja.INVALID_EMAIL_OR_PASSWORD);
    expect(await languageOf({ cookie: "locale=es", "accept-language": "tlh-KL" })).toBe(es.INVALID_EMAIL_OR_PASSWORD);
    expect(await languageOf({ cookie: "locale=es", "accept-language": "fr" })).toBe(fr.INVALID_EMAIL_OR_PASSWORD);
    expect(await languageOf({ cookie: "locale=xx" })).toBe("Invalid email or password");
  });
});

describe.each(testDialects())("the fast path's refusals on %s", (dialect) => {
  let t: TestAuth;
  afterAll(async () => t.destroy());

  it("answers get-session's 429 in the request's language, at once, and English as it was", async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: true, storage: "memory", endpoints: { getSession: { window: 60, max: 1 } } } } });
    const ask = (client: string, headers: Record<string, string>) =>
      t.auth.handler(new Request(`${TEST_BASE_URL}/api/auth/get-session`, { headers }), { clientAddress: client });
    const refusal = async (client: string, headers: Record<string, string>): Promise<{ status: number; body: unknown; retry: string | null }> => {
      expect(await (ask(client, headers) as Response).json()).toBeNull();
      const refused = ask(client, headers);
      // Still the fast path's own answer, not the router's promise.
      expect(refused).toBeInstanceOf(Response);
      const answer = refused as Response;
      return { status: answer.status, body: await answer.json(), retry: answer.headers.get("x-retry-after") };
    };
    const german = await refusal("192.0.2.1", { "accept-language": "de-CH, en;q=0.5" });
    expect(german).toEqual({
      status: 429,
      body: { code: "TOO_MANY_REQUESTS", message: de.TOO_MANY_REQUESTS, originalMessage: "Too many requests. Please try again later." },
      retry: expect.stringMatching(/^\d+$/),
    });
    expect((await refusal("192.0.2.2", { "accept-language": "xx, ja;q=0.4" })).body).toMatchObject({ message: ja.TOO_MANY_REQUESTS });
    const english = await refusal("192.0.2.3", {});
    expect(english.body).toEqual({ code: "TOO_MANY_REQUESTS", message: "Too many requests. Please try again later." });
  });
});

describe("the error catalogues", () => {
  const catalogues = { de, fr, es, ja };

  it("translate the same codes, every one of them in ERROR_CODES, none left in English", () => {
    const codes = Object.keys(de).sort();
    for (const [language, catalogue] of Object.entries(catalogues)) {
      expect(Object.keys(catalogue).sort(), language).toEqual(codes);
      for (const [code, message] of Object.entries(catalogue)) {
        const english = (ERROR_CODES as Record<string, { message: string }>)[code];
        expect(english, code).toBeDefined();
        expect(message, `${language} ${code}`).not.toBe(english!.message);
      }
    }
    for (const message of Object.values(ja)) expect(message).toMatch(JAPANESE_SCRIPT);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sanitizeRedirect } from "../src/shared/redirect.js";
import { isTrustedURL } from "../src/shared/trusted-url.js";
import { createTestAuth, createTestBrowser, TEST_BASE_URL, type TestAuth, type TestBrowser } from "../testing/index.js";

/**
 * Relative redirect targets are judged on every decoding of them, with one
 * rule for the server and the SPA. The corpus is generated: every control character raw, encoded
 * once and twice; slashes and backslashes encoded once, twice and three times; both hex cases;
 * at the start of the path, in the middle, and in the query.
 */
const hex = (code: number, upper: boolean): string => {
  const digits = code.toString(16).padStart(2, "0");
  return `%${upper ? digits.toUpperCase() : digits.toLowerCase()}`;
};
/** `times` rounds of percent-encoding of one character: %2F, %252F, %25252F. */
const encode = (code: number, times: number, upper: boolean): string => {
  let value = hex(code, upper);
  for (let i = 1; i < times; i++) value = value.replace("%", "%25");
  return value;
};

const CONTROLS = [...Array.from({ length: 0x20 }, (_, i) => i), 0x7f];
const SEPARATORS = [0x2f, 0x5c];
const places = (piece: string): string[] => [`/${piece}evil.example`, `/a/${piece}b`, `/a${piece}/b`, `/ok?next=${piece}`];

function corpus(): string[] {
  const values = new Set<string>();
  for (const code of CONTROLS) {
    for (const place of places(String.fromCharCode(code))) values.add(place);
    for (const times of [1, 2]) for (const upper of [true, false]) for (const place of places(encode(code, times, upper))) values.add(place);
  }
  for (const code of SEPARATORS) {
    for (const times of [1, 2, 3]) {
      for (const upper of [true, false]) for (const place of places(encode(code, times, upper))) values.add(place);
      // Mixed case inside one value, and two in a row (`//host` once decoded).
      values.add(`/${encode(code, times, true)}${encode(code, times, false)}evil.example`);
    }
  }
  // Decoding that never settles within the bound, and broken encoding.
  values.add(`/${"%25".repeat(6)}2F`);
  values.add("/%E0%A4%A");
  values.add("/%zz");
  return [...values];
}

const REFUSED = corpus();
const ACCEPTED = ["/", "/dashboard", "/a/b?c=d#e", "/search?q=a%20b", "/caf%C3%A9", "/users?tab=teams&page=2", "/a%2520b"];

describe("the relative-target rule, from a generated corpus", () => {
  it("has a corpus worth the name", () => {
    expect(REFUSED.length).toBeGreaterThan(500);
  });

  it("refuses every value of the corpus on the server (isTrustedURL) and in the SPA (sanitizeRedirect → /)", () => {
    const acceptedByServer = REFUSED.filter((value) => isTrustedURL(value, [TEST_BASE_URL]));
    const keptBySPA = REFUSED.filter((value) => sanitizeRedirect(value, TEST_BASE_URL) !== "/");
    expect(acceptedByServer).toEqual([]);
    expect(keptBySPA).toEqual([]);
  });

  it("still accepts plain paths, encoded spaces and characters, and a single %25", () => {
    // "/a%2520b" decodes to "/a%20b" then "/a b": no separator or control at any depth.
    for (const value of ACCEPTED) {
      expect(isTrustedURL(value, [TEST_BASE_URL]), value).toBe(true);
      expect(sanitizeRedirect(value, TEST_BASE_URL), value).not.toBe("/x");
    }
    expect(sanitizeRedirect("/dashboard?x=1", TEST_BASE_URL)).toBe("/dashboard?x=1");
  });

  it("refuses an absolute URL of a trusted origin that hides a control character", () => {
    expect(isTrustedURL(`${TEST_BASE_URL}/a%0d%0aSet-Cookie:x=y`, [TEST_BASE_URL])).toBe(false);
    expect(isTrustedURL(`${TEST_BASE_URL}/a%250a`, [TEST_BASE_URL])).toBe(false);
    expect(isTrustedURL(`${TEST_BASE_URL}/a/b`, [TEST_BASE_URL])).toBe(true);
  });
});

describe("the rule on every URL-taking endpoint", () => {
  let t: TestAuth;
  let signedIn: TestBrowser;
  beforeAll(async () => {
    t = await createTestAuth({
      options: {
        rateLimit: { enabled: false },
        mailer: { send: async () => undefined },
        user: { changeEmail: { enabled: true }, deleteUser: { enabled: true } },
        socialProviders: { google: { clientId: "c", clientSecret: "s", issuer: "http://127.0.0.1:9" } },
      },
    });
    // Endpoints behind the session gate check their input only for a signed-in caller.
    signedIn = createTestBrowser(t.auth);
    expect((await signedIn.post("/sign-up/email", { name: "S", email: "s@example.com", password: "larch-ribbon-123" })).status).toBe(200);
  });
  afterAll(async () => {
    await t.destroy();
  });

  const ENDPOINTS: Array<[path: string, field: string, base: Record<string, unknown>, message: string]> = [
    ["/sign-in/social", "callbackURL", { provider: "google" }, "Invalid callbackURL"],
    ["/sign-in/social", "errorCallbackURL", { provider: "google" }, "Invalid errorCallbackURL"],
    ["/sign-in/social", "newUserCallbackURL", { provider: "google" }, "Invalid newUserCallbackURL"],
    ["/sign-up/email", "callbackURL", { name: "N", email: "n@example.com", password: "larch-ribbon-123" }, "Invalid callbackURL"],
    ["/sign-in/email", "callbackURL", { email: "n@example.com", password: "larch-ribbon-123" }, "Invalid callbackURL"],
    ["/request-password-reset", "redirectTo", { email: "n@example.com" }, "Invalid redirectURL"],
    ["/send-verification-email", "callbackURL", { email: "n@example.com" }, "Invalid callbackURL"],
    ["/change-email", "callbackURL", { newEmail: "m@example.com" }, "Invalid callbackURL"],
    ["/link-social", "callbackURL", { provider: "google" }, "Invalid callbackURL"],
    ["/delete-user", "callbackURL", {}, "Invalid callbackURL"],
  ];

  it.each(ENDPOINTS)("POST %s refuses every corpus value in %s with 403", async (path, field, base, message) => {
    const browser = ["/change-email", "/link-social", "/delete-user"].includes(path) ? signedIn : createTestBrowser(t.auth);
    const wrong: Array<{ value: string; status: number }> = [];
    for (const value of REFUSED) {
      const answer = await browser.post(path, { ...base, [field]: value });
      const { code, message: said } = (await answer.json()) as { code?: string; message?: string };
      // A raw NUL is refused earlier, by the router's input rule (400 VALIDATION_ERROR).
      const refused = value.includes("\u0000") ? answer.status === 400 && code === "VALIDATION_ERROR" : answer.status === 403 && said === message;
      if (!refused) wrong.push({ value, status: answer.status });
    }
    expect(wrong).toEqual([]);
  });

  it("GET email links refuse a corpus value in callbackURL too", async () => {
    const browser = createTestBrowser(t.auth);
    for (const value of REFUSED.slice(0, 50)) {
      const answer = await browser.get(`/verify-email?token=x&callbackURL=${encodeURIComponent(value)}`);
      expect(answer.status, value).toBe(value.includes("\u0000") ? 400 : 403);
    }
  });
});

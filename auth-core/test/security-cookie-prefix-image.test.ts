import { afterEach, describe, expect, it } from "vitest";
import { isAcceptableImageURL } from "../src/routes/update-user.js";
import { createTestAuth, createTestBrowser, testDialects, type TestAuth } from "../testing/index.js";

/**
 * An opt-in `__Host-` cookie prefix (host-only cookies: no cookie tossing
 * from a sibling subdomain), and profile images limited to https (http on this machine) and
 * raster data:image URIs.
 */
const HTTPS = "https://app.example.com";

describe.each(testDialects())("cookie prefixes on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => {
    await t.destroy();
  });

  async function signUp(): Promise<Response> {
    return t.auth.handler(
      new Request(`${HTTPS}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { origin: HTTPS, "content-type": "application/json" },
        body: JSON.stringify({ name: "H", email: "h@example.com", password: "unusual-phrase-7" }),
      }),
    );
  }

  it("names every cookie __Host-… with advanced.useHostPrefix over https, and the session works", async () => {
    t = await createTestAuth({ dialect, options: { baseURL: HTTPS, advanced: { useHostPrefix: true } } });
    const answer = await signUp();
    const cookie = answer.headers.getSetCookie().find((c) => c.includes("session_token="))!;
    expect(cookie).toMatch(/^__Host-gatehouse\.session_token=/);
    // What browsers require of a __Host- cookie: Secure, Path=/, no Domain.
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    const session = await t.auth.handler(new Request(`${HTTPS}/api/auth/get-session`, { headers: { cookie: cookie.split(";")[0]! } }));
    expect(await session.json()).toMatchObject({ user: { email: "h@example.com" } });
    // The __Secure- name of the default is not read: one name per deployment.
    const other = await t.auth.handler(
      new Request(`${HTTPS}/api/auth/get-session`, { headers: { cookie: cookie.split(";")[0]!.replace("__Host-", "__Secure-") } }),
    );
    expect(await other.json()).toBeNull();

    const start = await t.auth.handler(new Request(`${HTTPS}/api/auth/passkey/generate-register-options`, { headers: { cookie: cookie.split(";")[0]! } }));
    expect(start.headers.getSetCookie().join()).toMatch(/__Host-gatehouse\.passkey_challenge=/);
  });

  it("keeps better-auth's wire names by default: __Secure- over https, no prefix over http", async () => {
    t = await createTestAuth({ dialect, options: { baseURL: HTTPS } });
    expect((await signUp()).headers.getSetCookie().join()).toMatch(/__Secure-gatehouse\.session_token=/);
    await t.destroy();
    t = await createTestAuth({ dialect, options: { advanced: { useHostPrefix: true } } });
    const plain = await createTestBrowser(t.auth).post("/sign-up/email", { name: "P", email: "p@example.com", password: "unusual-phrase-7" });
    expect(plain.headers.getSetCookie().join()).toMatch(/(^|, )gatehouse\.session_token=/);
  });
});

describe("profile images", () => {
  it.each([
    "https://img.example.com/a.png",
    "http://localhost:3000/avatar.png",
    "http://127.0.0.1/a.png",
    "data:image/png;base64,iVBORw0KGgo=",
    "data:image/webp;base64,UklGRg==",
  ])("accepts %j", (value) => {
    expect(isAcceptableImageURL(value)).toBe(true);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "http://evil.example/a.png",
    "ftp://files.example/a.png",
    "/relative.png",
    "//evil.example/a.png",
    "data:image/svg+xml;base64,PHN2Zz4=",
    "data:text/html;base64,PHNjcmlwdD4=",
    "data:image/png,<raw>",
    `https://img.example.com/${"a".repeat(2100)}`,
  ])("refuses %j", (value) => {
    expect(isAcceptableImageURL(value)).toBe(false);
  });

  it("update-user answers 400 naming the field, and keeps the image", async () => {
    const t = await createTestAuth({ options: { rateLimit: { enabled: false } } });
    try {
      const browser = createTestBrowser(t.auth);
      await browser.post("/sign-up/email", { name: "I", email: "i@example.com", password: "unusual-phrase-7" });
      expect((await browser.post("/update-user", { image: "https://img.example.com/a.png" })).status).toBe(200);
      const refused = await browser.post("/update-user", { image: "javascript:alert(document.cookie)" });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ code: "VALIDATION_ERROR", message: "[body.image] Must be an https URL or a data:image URI" });
      expect((await t.database.db.selectFrom("user").select("image").executeTakeFirstOrThrow()).image).toBe("https://img.example.com/a.png");
      expect((await browser.post("/update-user", { image: null })).status).toBe(200);
    } finally {
      await t.destroy();
    }
  });
});

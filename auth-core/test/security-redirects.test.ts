import { afterEach, describe, expect, it } from "vitest";
import type { MailMessage } from "../src/email/mailer.js";
import { isTrustedURL } from "../src/shared/trusted-url.js";
import { createTestAuth, createTestBrowser, testDialects, type TestAuth } from "../testing/index.js";

const trusted = ["http://localhost:3000"];

describe("URL inputs with control characters (spec §5)", () => {
  // The URL parser drops tab, CR and LF silently, so the URL that was checked is not the string
  // that is handed on (into a Location header, where CR/LF make the answer a 500).
  it.each(["http://localhost:3000/x\r\nSet-Cookie: a=b", "http://local\thost:3000/", "http://localhost:3000/\n", "/a\u0000b", "/a\u007fb"])(
    "refuses %j",
    (value) => {
      expect(isTrustedURL(value, trusted)).toBe(false);
    },
  );

  it("still accepts a non-ASCII path", () => {
    expect(isTrustedURL("/café", trusted)).toBe(true);
    expect(isTrustedURL("http://localhost:3000/café", trusted)).toBe(true);
  });
});

function linkIn(mail: MailMessage | undefined, path: string): URL {
  const match = mail?.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname.endsWith(path));
  if (!match) throw new Error(`no ${path} link in the mail`);
  return new URL(match);
}

describe.each(testDialects())("redirects to a validated callbackURL on %s", (dialect) => {
  let t: TestAuth;
  const mails: MailMessage[] = [];
  afterEach(async () => {
    mails.length = 0;
    await t.destroy();
  });

  async function setup(options: NonNullable<Parameters<typeof createTestAuth>[0]>["options"] = {}): Promise<void> {
    t = await createTestAuth({
      dialect,
      options: { mailer: { send: async (m) => void mails.push(m) }, rateLimit: { enabled: false }, ...options },
    });
  }

  it("verify-email redirects to a non-ASCII callbackURL (percent-encoded) instead of answering 500", async () => {
    await setup({ emailVerification: { sendOnSignUp: true } });
    const browser = createTestBrowser(t.auth);
    await browser.post("/sign-up/email", { name: "U", email: "u@example.com", password: "larch-ribbon-123" });
    const link = linkIn(mails[0], "/verify-email");
    link.searchParams.set("callbackURL", "/welcome/café€");
    const response = await browser.get(`${link.pathname.replace("/api/auth", "")}${link.search}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/welcome/caf%C3%A9%E2%82%AC");
    const session = (await (await browser.get("/get-session")).json()) as { user: { emailVerified: boolean } };
    expect(session.user.emailVerified).toBe(true);
  });

  it("delete-user callback redirects to a non-ASCII callbackURL instead of answering 500 after deleting", async () => {
    await setup({ user: { deleteUser: { enabled: true, sendDeleteAccountVerification: true } } });
    const browser = createTestBrowser(t.auth);
    await browser.post("/sign-up/email", { name: "D", email: "d@example.com", password: "larch-ribbon-123" });
    expect((await browser.post("/delete-user", {})).status).toBe(200);
    const link = linkIn(mails.at(-1), "/delete-user/callback");
    link.searchParams.set("callbackURL", "/adiós€");
    const response = await browser.get(`${link.pathname.replace("/api/auth", "")}${link.search}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/adi%C3%B3s%E2%82%AC");
    expect(await t.database.db.selectFrom("user").select("id").execute()).toEqual([]);
  });

  it("refuses a callbackURL with CR/LF with 403, not a 500", async () => {
    await setup();
    const browser = createTestBrowser(t.auth);
    const callbackURL = encodeURIComponent("http://localhost:3000/x\r\nSet-Cookie: a=b");
    const response = await browser.get(`/verify-email?token=x&callbackURL=${callbackURL}`);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: "INVALID_CALLBACKURL", message: "Invalid callbackURL" });
  });

  it("re-issues a provider's form_post for any path segment without a 500", async () => {
    await setup();
    const response = await t.auth.handler(
      new Request("http://localhost:3000/api/auth/callback/%0d%0aSet-Cookie:%20a=b", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://accounts.example" },
        body: "code=c&state=s",
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(response.headers.get("location")).toBe("http://localhost:3000/api/auth/callback/Set-Cookie:%20a=b?code=c&state=s");
  });
});

import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestBrowser, testDialects, type TestAuth, type TestBrowser } from "../testing/index.js";

const DAY_MS = 86_400_000;
let nextAddress = 0;
/** A distinct client address per browser, so the per-address sign-in limit never interferes. */
const freshAddress = (): string => `198.51.100.${++nextAddress % 250}`;

interface SessionBody {
  session: { id: string; token: string; expiresAt: string };
  user: { id: string; name: string };
}

async function signUp(t: TestAuth, email: string, extra: Record<string, unknown> = {}): Promise<TestBrowser> {
  const b = createTestBrowser(t.auth, { clientAddress: freshAddress() });
  const r = await b.post("/sign-up/email", { name: "User", email, password: "larch-ribbon-123", ...extra });
  expect(r.status).toBe(200);
  return b;
}

async function signIn(t: TestAuth, email: string, rememberMe?: boolean): Promise<{ browser: TestBrowser; response: Response }> {
  const browser = createTestBrowser(t.auth, { clientAddress: freshAddress() });
  const response = await browser.post("/sign-in/email", { email, password: "larch-ribbon-123", rememberMe });
  expect(response.status).toBe(200);
  return { browser, response };
}

async function sessionOf(b: TestBrowser): Promise<SessionBody | null> {
  return (await (await b.get("/get-session")).json()) as SessionBody | null;
}

describe.each(testDialects())("sessions on %s", (dialect) => {
  let t: TestAuth;
  beforeEach(async () => {
    t = await createTestAuth({ dialect });
  });
  afterEach(async () => t.destroy());

  it("stores only a hash of the session token", async () => {
    const b = await signUp(t, "hash@example.com");
    const token = (await sessionOf(b))!.session.token;
    const rows = await t.database.db.selectFrom("session").select("tokenHash").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toBe(createHash("sha256").update(token).digest("base64url"));
  });

  it("refuses a forged or unsigned cookie and clears it", async () => {
    const b = await signUp(t, "forge@example.com");
    const [name, value] = [...b.cookies][0]!;
    const [token, signature] = decodeURIComponent(value).split(".") as [string, string];
    // Another token under the real signature: change its last character (to one it is not).
    const altered = `${token.slice(0, -1)}${token.endsWith("x") ? "y" : "x"}`;
    for (const forged of [token, `${token}.AAAA`, `${altered}.${signature}`]) {
      const r = await t.auth.handler(
        new Request("http://localhost:3000/api/auth/get-session", { headers: { cookie: `${name}=${encodeURIComponent(forged)}` } }),
      );
      expect(await r.text()).toBe("null");
      expect(r.headers.getSetCookie()[0]).toMatch(/Max-Age=0/);
    }
  });

  it("slides the expiry once per updateAge and ends after expiresIn", async () => {
    const b = await signUp(t, "slide@example.com");
    const first = (await sessionOf(b))!.session.expiresAt;

    t.clock.advance(DAY_MS - 1000);
    const early = await b.get("/get-session");
    expect(early.headers.getSetCookie()).toEqual([]);
    expect(((await early.json()) as SessionBody).session.expiresAt).toBe(first);

    t.clock.advance(2000);
    const refreshed = await b.get("/get-session");
    expect(refreshed.headers.getSetCookie()[0]).toMatch(/Max-Age=604800/);
    const extended = ((await refreshed.json()) as SessionBody).session.expiresAt;
    expect(Date.parse(extended) - Date.parse(first)).toBe(DAY_MS + 1000);

    t.clock.advance(7 * DAY_MS);
    expect(await sessionOf(b)).toBeNull();
    expect(await t.database.db.selectFrom("session").select("id").execute()).toEqual([]);
  });

  it("rememberMe false gives a browser-session cookie that is never extended", async () => {
    await signUp(t, "short@example.com");
    const { browser, response } = await signIn(t, "short@example.com", false);
    const cookie = response.headers.getSetCookie()[0]!;
    expect(cookie).not.toMatch(/Max-Age/);
    const first = (await sessionOf(browser))!.session.expiresAt;
    t.clock.advance(3 * DAY_MS);
    const later = await browser.get("/get-session");
    expect(later.headers.getSetCookie()).toEqual([]);
    expect(((await later.json()) as SessionBody).session.expiresAt).toBe(first);
  });

  it("lists, revokes one, revokes others and revokes all", async () => {
    const a = await signUp(t, "many@example.com");
    const { browser: b } = await signIn(t, "many@example.com");
    const { browser: c } = await signIn(t, "many@example.com");
    const list = (await (await a.get("/list-sessions")).json()) as Array<{ id: string; token: string }>;
    expect(list).toHaveLength(3);
    expect(list.every((s) => s.token === s.id)).toBe(true); // handles, never credentials

    const bId = (await sessionOf(b))!.session.id;
    expect(await (await a.post("/revoke-session", { token: bId })).json()).toEqual({ status: true });
    expect(await sessionOf(b)).toBeNull();

    expect(await (await a.post("/revoke-other-sessions")).json()).toEqual({ status: true });
    expect(await sessionOf(c)).toBeNull();
    expect(await sessionOf(a)).not.toBeNull();

    const { browser: d } = await signIn(t, "many@example.com");
    expect(await (await a.post("/revoke-sessions")).json()).toEqual({ status: true });
    expect(await sessionOf(a)).toBeNull();
    expect(await sessionOf(d)).toBeNull();
    const revoked = await t.database.db.selectFrom("securityEvent").select("detail").where("type", "=", "session-revoked").execute();
    expect(revoked.map((e) => JSON.parse(e.detail!).scope).sort()).toEqual(["all", "one", "others"]);
  });

  it("does not let one person revoke another's session", async () => {
    const mallory = await signUp(t, "mallory@example.com");
    const alice = await signUp(t, "alice@example.com");
    const aliceSession = (await sessionOf(alice))!.session;
    await mallory.post("/revoke-session", { token: aliceSession.id });
    await mallory.post("/revoke-session", { token: aliceSession.token });
    expect(await sessionOf(alice)).not.toBeNull();
  });

  it("updates the profile but not the email, and only with a session", async () => {
    const b = await signUp(t, "profile@example.com");
    expect(await (await b.post("/update-user", { name: "New Name", image: "https://img.example.com/a.png" })).json()).toEqual({ status: true });
    expect((await sessionOf(b))!.user.name).toBe("New Name");
    const email = await b.post("/update-user", { email: "other@example.com" });
    expect(email.status).toBe(400);
    expect(await email.json()).toEqual({ code: "EMAIL_CAN_NOT_BE_UPDATED", message: "Email can not be updated" });
    const anonymous = createTestBrowser(t.auth);
    const r = await anonymous.post("/update-user", { name: "x" });
    expect(r.status).toBe(401);
    expect(await r.json()).toEqual({ code: "UNAUTHORIZED", message: "Unauthorized" });
  });

  it("sign-out without a session says so", async () => {
    const r = await createTestBrowser(t.auth).post("/sign-out");
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ code: "FAILED_TO_GET_SESSION", message: "Failed to get session" });
  });

  it("serves the same session to server code through auth.api", async () => {
    const b = await signUp(t, "api@example.com");
    const result = await t.auth.api.getSession({ headers: { cookie: b.cookieHeader() } });
    expect(result?.user.email).toBe("api@example.com");
    expect(await t.auth.api.getSession({ headers: {} })).toBeNull();
  });
});

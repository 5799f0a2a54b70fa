import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { MailMessage } from "../src/email/mailer.js";
import { createTestAuth, createTestBrowser, testDialects, settledMailedLink, type TestAuth, type TestOpenIDProvider } from "../testing/index.js";
import { throttleWait } from "../src/account/sign-in-throttle.js";
import { createSocialAuth, person, runFlow, startSocialProvider } from "./social-harness.js";

/**
 * Credential stuffing against one account from many addresses. Per-address
 * rate limits let 120 addresses try 120 passwords; the per-account throttle does not, answers an
 * unknown address the same way, and never locks the person out of their other ways in.
 */
const policy = { enabled: true, freeFailures: 5, hardStop: 50 };
const at = (seconds: number): Date => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));
const failedAt = (failures: number, seconds: number) => ({ failures, lastFailureAt: at(seconds).toISOString() });

describe("throttleWait", () => {
  it.each([
    [4, 0, null],
    [5, 0, 1], // 2^0 s after the fifth failure
    [6, 0, 2],
    [9, 0, 16],
    [9, 16, null],
    [20, 0, 900], // capped at 15 minutes
    [49, 901, null], // the last failure is older than the cap
    [50, 100_000, 900], // the hard stop does not wear off with time
  ])("%i failures, asked %i s after the last → %s", (failures, after, expected) => {
    expect(throttleWait(failedAt(failures, 0), at(after), policy)).toBe(expected);
  });
});

describe.each(testDialects())("per-account throttle on %s", (dialect) => {
  let t: TestAuth;
  const mails: MailMessage[] = [];
  afterEach(async () => {
    mails.length = 0;
    await t.destroy();
  });

  async function setup(): Promise<void> {
    // The per-address limits stay on: each attempt comes from another address.
    t = await createTestAuth({ dialect, options: { mailer: { send: async (m) => void mails.push(m) } } });
    expect((await createTestBrowser(t.auth).post("/sign-up/email", { name: "V", email: "victim@example.com", password: "right-password-1" })).status).toBe(200);
  }

  let address = 0;
  async function attempt(email: string, password: string): Promise<Response> {
    address += 1;
    return createTestBrowser(t.auth, { clientAddress: `198.51.100.${address % 250}` }).post("/sign-in/email", { email, password });
  }

  async function body(response: Response): Promise<unknown> {
    return response.json();
  }

  it("stops a stuffing run from many addresses, and answers a known and an unknown address alike", async () => {
    await setup();
    const answers: Record<string, number[]> = { known: [], unknown: [] };
    for (let i = 0; i < 8; i++) {
      answers.known!.push((await attempt("victim@example.com", `guess-${i}`)).status);
      answers.unknown!.push((await attempt("nobody@example.com", `guess-${i}`)).status);
    }
    expect(answers.known).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    expect(answers.unknown).toEqual(answers.known);
    const throttled = await attempt("victim@example.com", "right-password-1");
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("x-retry-after")).toBe("1");
    expect(await body(throttled)).toEqual(await body(await attempt("nobody@example.com", "x")));

    // The wait passes: the right password signs in and the count starts again.
    t.clock.advance(1000);
    expect((await attempt("victim@example.com", "right-password-1")).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt("victim@example.com", `again-${i}`)).status).toBe(401);
  });

  it("counts parallel attempts as they arrive: of 60 wrong passwords from 60 addresses at once, 5 are checked, and the right one then waits", async () => {
    // The count was once read before the password check and written after it,
    // so 149 parallel guesses were all checked. Each attempt is reserved before its check now.
    await setup();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => attempt("victim@example.com", `parallel-guess-${i}`)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(55);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.headers.get("x-retry-after")).toBe("1");
    expect(await body(refused)).toEqual({ code: "TOO_MANY_REQUESTS", message: "Too many requests. Please try again later." });
    const right = await attempt("victim@example.com", "right-password-1");
    expect(right.status).toBe(429);
    // An unknown address under the same run: the same counts.
    const unknown = await Promise.all(Array.from({ length: 60 }, (_, i) => attempt("nobody@example.com", `parallel-guess-${i}`)));
    expect(unknown.map((a) => a.status).filter((s) => s === 401)).toHaveLength(5);
  });

  it("doubles the wait with each failure and records each refusal in the audit log", async () => {
    await setup();
    for (let i = 0; i < 5; i++) await attempt("victim@example.com", `guess-${i}`);
    let wait = 1;
    for (let i = 0; i < 4; i++) {
      const refused = await attempt("victim@example.com", "during-the-wait");
      expect(refused.headers.get("x-retry-after")).toBe(String(wait));
      t.clock.advance(wait * 1000);
      expect((await attempt("victim@example.com", `guess-late-${i}`)).status).toBe(401);
      wait *= 2;
    }
    const events = await t.database.db.selectFrom("securityEvent").select(["detail", "outcome"]).where("type", "=", "sign-in").execute();
    expect(events.filter((e) => String(e.detail).includes("ACCOUNT_THROTTLED"))).toHaveLength(4);
  });

  it("hard-stops password sign-in at 50 consecutive failures until a password reset", async () => {
    await setup();
    let failures = 0;
    while (failures < 50) {
      const answer = await attempt("victim@example.com", `guess-${failures}`);
      if (answer.status === 401) failures += 1;
      else t.clock.advance(15 * 60 * 1000);
    }
    t.clock.advance(24 * 60 * 60 * 1000);
    expect((await attempt("victim@example.com", "right-password-1")).status).toBe(429);

    // A reset through the mailbox opens password sign-in again.
    expect((await createTestBrowser(t.auth).post("/request-password-reset", { email: "victim@example.com", redirectTo: "/reset" })).status).toBe(200);
    const token = (await settledMailedLink(t.auth, mails, "/reset-password/")).pathname.split("/").at(-1)!;
    expect((await createTestBrowser(t.auth).post("/reset-password", { token, newPassword: "larch-ribbon-2" })).status).toBe(200);
    expect((await attempt("victim@example.com", "larch-ribbon-2")).status).toBe(200);
  });
});

describe.each(testDialects())("the throttle and other ways in on %s", (dialect) => {
  let idp: TestOpenIDProvider;
  let t: TestAuth;
  beforeAll(async () => {
    idp = await startSocialProvider();
  });
  afterAll(async () => {
    await idp.close();
  });
  afterEach(async () => {
    await t.destroy();
  });

  it("a throttled address still signs in with Google", async () => {
    t = await createSocialAuth(dialect, idp, { rateLimit: { enabled: false } });
    const grace = person();
    idp.setPerson(grace);
    expect((await runFlow(createTestBrowser(t.auth), idp)).location).toBe("/dashboard");
    for (let i = 0; i < 8; i++) await createTestBrowser(t.auth).post("/sign-in/email", { email: grace.email, password: `guess-${i}` });
    expect((await createTestBrowser(t.auth).post("/sign-in/email", { email: grace.email, password: "guess" })).status).toBe(429);
    expect((await runFlow(createTestBrowser(t.auth), idp)).location).toBe("/dashboard");
  });
});

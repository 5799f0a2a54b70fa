import { afterEach, describe, expect, it } from "vitest";
import type { MailMessage } from "../src/email/mailer.js";
import { createAfterAnswer } from "../src/deps/after-answer.js";
import type { Logger } from "../src/deps/logger.js";
import { createTestAuth, createTestBrowser, type TestAuth } from "../testing/index.js";

/**
 * Mails go out after the answer (their latency must not show to the requester); auth.settled()
 * is how a server on shutdown, and a test, waits for them.
 */
describe("work after the answer", () => {
  let t: TestAuth;
  afterEach(async () => t.destroy());

  it("answers before the mail is sent, and settled() resolves only once it is", async () => {
    const sent: MailMessage[] = [];
    let deliver!: () => void;
    const relay = new Promise<void>((resolve) => (deliver = resolve));
    t = await createTestAuth({
      options: {
        rateLimit: { enabled: false },
        mailer: {
          send: async (message) => {
            await relay;
            sent.push(message);
          },
        },
      },
    });
    const browser = createTestBrowser(t.auth);
    expect((await browser.post("/sign-up/email", { name: "Ada", email: "ada@example.com", password: "unusual-phrase-7" })).status).toBe(200);
    expect((await browser.post("/request-password-reset", { email: "ada@example.com", redirectTo: "/reset" })).status).toBe(200);
    expect(sent).toEqual([]);

    let settled = false;
    const waiting = t.auth.settled().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    deliver();
    await waiting;
    expect(sent.map((m) => m.subject)).toContainEqual(expect.stringMatching(/Reset your/));
  });

  it("waits for the whole flow after a refused mail: logged, and its reset token withdrawn", async () => {
    const logged: string[] = [];
    const logger: Logger = {
      info: () => undefined,
      warn: (message) => void logged.push(message),
      error: (message) => void logged.push(message),
    };
    t = await createTestAuth({ options: { rateLimit: { enabled: false }, logger, mailer: { send: async () => Promise.reject(new Error("relay refused")) } } });
    const browser = createTestBrowser(t.auth);
    await browser.post("/sign-up/email", { name: "Ada", email: "ada@example.com", password: "unusual-phrase-7" });
    await t.auth.settled();
    logged.length = 0;
    expect((await browser.post("/request-password-reset", { email: "ada@example.com", redirectTo: "/reset" })).status).toBe(200);
    await t.auth.settled();
    expect(logged).toEqual(["mail not sent", "password reset token withdrawn: its mail was not sent"]);
    const tokens = await t.database.db.selectFrom("verification").select("identifier").execute();
    expect(tokens.filter((row) => row.identifier.startsWith("reset-password"))).toEqual([]);
  });
});

describe("createAfterAnswer", () => {
  it("logs a task that fails with its fields, keeps the others, and settles after tasks started by tasks", async () => {
    const logged: Array<[string, Record<string, unknown> | undefined]> = [];
    const logger: Logger = { info: () => undefined, warn: (m, f) => void logged.push([m, f]), error: (m, f) => void logged.push([m, f]) };
    const work = createAfterAnswer(() => logger);
    const done: string[] = [];
    work.run(async () => Promise.reject(new Error("boom")), { message: "notice failed", level: "error", fields: { flow: "x" } });
    work.run(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        work.run(
          async () => {
            await new Promise((resolve) => setTimeout(resolve, 5));
            done.push("second");
          },
          { message: "unused", level: "warn" },
        );
        done.push("first");
      },
      { message: "unused", level: "warn" },
    );
    await work.settled();
    expect(done).toEqual(["first", "second"]);
    expect(logged).toEqual([["notice failed", { flow: "x", error: "boom" }]]);
  });
});

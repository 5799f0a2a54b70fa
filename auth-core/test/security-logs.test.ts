import { describe, expect, it } from "vitest";
import type { Logger } from "../src/deps/logger.js";
import type { MailMessage } from "../src/email/mailer.js";
import { createTestAuth, createTestBrowser, testDialects } from "../testing/index.js";

/**
 * The error log line of an unhandled failure named the request's raw path, so a failure while a
 * reset link was opened wrote the live token (GET /reset-password/{token}) into the logs. It
 * names the route instead, as the server's request log redacts the segment.
 */
describe.each(testDialects())("error logs on %s", (dialect) => {
  it("name the route, not a token from the path", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger: Logger = {
      info: () => {},
      warn: () => {},
      error: (message, fields) => void lines.push({ message, ...fields }),
    };
    const mails: MailMessage[] = [];
    const t = await createTestAuth({ dialect, options: { logger, mailer: { send: async (m) => void mails.push(m) } } });
    await createTestBrowser(t.auth).post("/sign-up/email", { name: "L", email: "l@example.com", password: "larch-ribbon-123" });
    const token = "Tok3nThatMustNotBeLogged1";
    await t.database.destroy(); // the database goes away: the lookup fails unhandled
    const response = await createTestBrowser(t.auth).get(`/reset-password/${token}?callbackURL=/reset`);
    expect(response.status).toBe(500);
    const logged = lines.find((line) => line.message === "unhandled error in auth handler");
    expect(logged).toBeDefined();
    expect(JSON.stringify(lines)).not.toContain(token);
    expect(logged?.path).toBe("/reset-password/:token");
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { silentLogger } from "@gatehouse/auth-core";
import { createTestDatabase, TEST_SECRET, type TestDatabase } from "@gatehouse/auth-core/testing";
import { createServerAuth } from "../src/auth.js";
import { readConfig } from "../src/env.js";

/**
 * A session JWT verified offline cannot see a ban or a sign-out until it expires (docs/library.md):
 * SESSION_JWT_EXPIRES_IN sets how long that is, 5 minutes unless told.
 */
describe("SESSION_JWT_EXPIRES_IN in the run contract", () => {
  let database: TestDatabase | undefined;
  afterEach(async () => database?.destroy());

  it("is 300 seconds unless set, takes whole seconds from 30 to a day, and refuses anything else", () => {
    expect(readConfig({}).sessionJwtExpiresIn).toBe(300);
    expect(readConfig({ SESSION_JWT_EXPIRES_IN: "120" }).sessionJwtExpiresIn).toBe(120);
    expect(readConfig({ SESSION_JWT_EXPIRES_IN: "" }).sessionJwtExpiresIn).toBe(300);
    for (const value of ["0", "29", "86401", "1.5", "-60", "5 minutes"]) {
      expect(() => readConfig({ SESSION_JWT_EXPIRES_IN: value }), value).toThrow(/SESSION_JWT_EXPIRES_IN/);
    }
  });

  it("reaches the server's auth as jwt.expiresIn", async () => {
    database = await createTestDatabase("sqlite");
    const auth = (env: Record<string, string>) =>
      createServerAuth({
        config: readConfig({ RATE_LIMIT: "off", ...env }),
        db: database!.db,
        dialect: "sqlite",
        secret: TEST_SECRET,
        mailer: { send: async () => undefined },
        logger: silentLogger,
      });
    expect(auth({}).context.options.jwt).toMatchObject({ enabled: true, expiresIn: 300 });
    expect(auth({ SESSION_JWT_EXPIRES_IN: "90" }).context.options.jwt.expiresIn).toBe(90);
  });
});

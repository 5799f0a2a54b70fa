import { afterEach, describe, expect, it } from "vitest";
import { createTestBrowser, createTestDatabase, TEST_SCRYPT_PARAMS, TEST_SECRET, totpCodeFor, type TestDatabase } from "@gatehouse/auth-core/testing";
import { silentLogger } from "@gatehouse/auth-core";
import { createServerAuth } from "../src/auth.js";
import { readConfig } from "../src/env.js";

/** TWO_FACTOR_EMAIL_CODES: whether the second step takes a code mailed to the account's address. */
describe("TWO_FACTOR_EMAIL_CODES", () => {
  let database: TestDatabase;
  afterEach(async () => database.destroy());

  async function secondStepOffers(env: Record<string, string>): Promise<{ methods: unknown; sendOtp: unknown }> {
    database = await createTestDatabase("sqlite");
    const auth = createServerAuth({
      config: readConfig({ RATE_LIMIT: "off", ...env }),
      db: database.db,
      dialect: "sqlite",
      secret: TEST_SECRET,
      mailer: { send: async () => {} },
      logger: silentLogger,
      scrypt: TEST_SCRYPT_PARAMS,
    });
    const password = "correct horse battery";
    const browser = createTestBrowser(auth);
    expect((await browser.post("/sign-up/email", { name: "Pat", email: "pat@example.com", password })).status).toBe(200);
    const { totpURI } = (await (await browser.post("/two-factor/enable", { password })).json()) as { totpURI: string };
    expect((await browser.post("/two-factor/verify-totp", { code: totpCodeFor(totpURI, new Date()) })).status).toBe(200);
    const other = createTestBrowser(auth);
    const methods = ((await (await other.post("/sign-in/email", { email: "pat@example.com", password })).json()) as { twoFactorMethods: unknown })
      .twoFactorMethods;
    const sendOtp = await (await other.post("/two-factor/send-otp")).json();
    await auth.settled();
    return { methods, sendOtp };
  }

  it("on by default: the step offers the app and a mailed code", async () => {
    expect(readConfig({}).twoFactorEmailCodes).toBe(true);
    expect(await secondStepOffers({})).toEqual({ methods: ["totp", "otp"], sendOtp: { status: true } });
  });

  it("off: the app or a backup code only; send-otp answers OTP_NOT_CONFIGURED", async () => {
    expect(await secondStepOffers({ TWO_FACTOR_EMAIL_CODES: "off" })).toEqual({
      methods: ["totp"],
      sendOtp: { code: "OTP_NOT_CONFIGURED", message: "OTP is not available" },
    });
    expect(() => readConfig({ TWO_FACTOR_EMAIL_CODES: "no" })).toThrow(/TWO_FACTOR_EMAIL_CODES/);
  });
});

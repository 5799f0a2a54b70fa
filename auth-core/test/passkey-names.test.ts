import { afterEach, describe, expect, it } from "vitest";
import { createSoftwareAuthenticator, createTestAuth, testDialects, type TestAuth, type TestBrowser } from "../testing/index.js";
import type { WirePasskey } from "../src/shared/wire-types.js";
import { registerOptions, signUp } from "./passkey-support.js";

const CHROME_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
/** Google Password Manager's AAGUID in the community list (passkeydeveloper/passkey-authenticator-aaguids). */
const GOOGLE_PASSWORD_MANAGER = "ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4";

/**
 * Issue 48: a new passkey without a given name is named after its authenticator (its AAGUID in the
 * community list), else after the browser and system that made it; never left unnamed.
 */
describe.each(testDialects())("a new passkey's name, on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => {
    await t.destroy();
  });

  async function add(browser: TestBrowser, input: { aaguid?: string; userAgent?: string; name?: string; optionsName?: string }): Promise<WirePasskey> {
    const authenticator = createSoftwareAuthenticator({ aaguid: input.aaguid });
    const headers = input.userAgent ? { "user-agent": input.userAgent } : undefined;
    const options = input.optionsName
      ? ((await (await browser.get(`/passkey/generate-register-options?name=${encodeURIComponent(input.optionsName)}`)).json()) as Parameters<
          typeof authenticator.createCredential
        >[0])
      : await registerOptions(browser);
    const response = await browser.post("/passkey/verify-registration", { response: authenticator.createCredential(options), name: input.name }, headers);
    expect(response.status).toBe(200);
    return (await response.json()) as WirePasskey;
  }

  it("takes the authenticator's name from its AAGUID, else the browser's and system's, else 'Passkey'; a given name wins", async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    const browser = await signUp(t, "Ada", "ada@example.com");
    expect((await add(browser, { aaguid: GOOGLE_PASSWORD_MANAGER, userAgent: CHROME_ON_LINUX })).name).toBe("Google Password Manager");
    expect((await add(browser, { userAgent: CHROME_ON_LINUX })).name).toBe("Chrome on Linux");
    expect((await add(browser, { aaguid: "0badc0de-0000-4000-8000-000000000001", userAgent: SAFARI_ON_IPHONE })).name).toBe("Safari on iOS");
    expect((await add(browser, {})).name).toBe("Passkey");
    expect((await add(browser, { aaguid: GOOGLE_PASSWORD_MANAGER, name: "Work laptop" })).name).toBe("Work laptop");
    expect((await add(browser, { aaguid: GOOGLE_PASSWORD_MANAGER, optionsName: "Desk key" })).name).toBe("Desk key");
    // The list as stored: every passkey has a name.
    const listed = (await (await browser.get("/passkey/list-user-passkeys")).json()) as WirePasskey[];
    expect(listed.every((p) => typeof p.name === "string" && p.name.length > 0)).toBe(true);
  });
});

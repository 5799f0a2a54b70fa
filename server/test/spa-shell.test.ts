import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_SCRYPT_PARAMS, TEST_SECRET, type TestDatabase } from "@gatehouse/auth-core/testing";
import { silentLogger } from "@gatehouse/auth-core";
import { createApp } from "../src/app.js";
import { createServerAuth } from "../src/auth.js";
import { readConfig } from "../src/env.js";
import { shellConfigOf, type ShellConfig } from "../src/spa-shell.js";

/** The web app's index.html as vite writes it (the parts the server rewrites). */
const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Gatehouse</title>
    <script type="module" crossorigin src="/assets/boot-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** APP_NAME, APP_LOGO_URL, APP_ACCENT_COLOR, SUPPORT_EMAIL and the ways in reach the web app before its first paint (issue 48). */
describe("the web app's shell: the team's brand and the ways in", () => {
  let dist: string;
  let database: TestDatabase;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), "gatehouse-shell-"));
    writeFileSync(join(dist, "index.html"), BUILT);
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  afterEach(async () => database?.destroy());

  async function shellFor(env: Record<string, string>, path = "/login"): Promise<{ html: string; config: ShellConfig; response: Response }> {
    database = await createTestDatabase("sqlite");
    const config = readConfig({ RATE_LIMIT: "off", ...env });
    const auth = createServerAuth({
      config,
      db: database.db,
      dialect: "sqlite",
      secret: TEST_SECRET,
      mailer: { send: async () => undefined },
      logger: silentLogger,
      scrypt: TEST_SCRYPT_PARAMS,
    });
    const app = createApp({ auth, logger: silentLogger, webDist: dist, shell: shellConfigOf(config) });
    const response = await app.request(`http://localhost:3000${path}`);
    const html = await response.text();
    const json = /<script type="application\/json" id="gatehouse-config">(.*?)<\/script>/s.exec(html)?.[1];
    if (!json) throw new Error(`no configuration in ${html}`);
    return { html, config: JSON.parse(json) as ShellConfig, response };
  }

  it("by default: Gatehouse, no logo or colour, spec §1's ways in, 8-character passwords", async () => {
    const { html, config, response } = await shellFor({});
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(html).toContain("<title>Gatehouse</title>");
    expect(config).toEqual({
      brand: { name: "Gatehouse", logoUrl: null, accentColor: null, supportEmail: null },
      signIn: { email: false },
      passwordMinLength: 8,
    });
    // The page's own script is still the only one that runs; the data block is not code.
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self'(?!.*unsafe-inline)/);
  });

  it("carries the team's brand into the title and the configuration, on every page address", async () => {
    const env = {
      APP_NAME: "Acme <Sign-in>",
      APP_LOGO_URL: "https://cdn.acme.example/logo.svg",
      APP_ACCENT_COLOR: "#C0F",
      SUPPORT_EMAIL: "help@acme.example",
      EMAIL_SIGN_IN: "on",
      MAGIC_LINK: "on",
      EMAIL_OTP: "on",
      PASSWORD_SINGLE_FACTOR_MINIMUM: "on",
    };
    for (const path of ["/", "/login", "/index.html", "/settings?section=accounts", "/no-such-page"]) {
      const { html, config } = await shellFor(env, path);
      expect(html, path).toContain("<title>Acme &#60;Sign-in&#62;</title>");
      // A name cannot end the data block early.
      expect(html).not.toContain("<Sign-in>");
      expect(config).toEqual({
        brand: { name: "Acme <Sign-in>", logoUrl: "https://cdn.acme.example/logo.svg", accentColor: "#cc00ff", supportEmail: "help@acme.example" },
        signIn: { email: true, magicLink: true, emailOtp: true },
        passwordMinLength: 15,
      });
      await database.destroy();
    }
  });

  it("refuses a brand it cannot show safely at startup", () => {
    expect(() => readConfig({ APP_ACCENT_COLOR: "red" })).toThrow(/APP_ACCENT_COLOR/);
    expect(() => readConfig({ APP_ACCENT_COLOR: "#12345" })).toThrow(/APP_ACCENT_COLOR/);
    expect(() => readConfig({ APP_LOGO_URL: "http://cdn.example/logo.png" })).toThrow(/APP_LOGO_URL/);
    expect(() => readConfig({ APP_LOGO_URL: "javascript:alert(1)" })).toThrow(/APP_LOGO_URL/);
    expect(() => readConfig({ APP_LOGO_URL: "//evil.example/logo.png" })).toThrow(/APP_LOGO_URL/);
    expect(readConfig({ APP_LOGO_URL: "/brand/logo.svg" }).brand.logoUrl).toBe("/brand/logo.svg");
    expect(() => readConfig({ SUPPORT_EMAIL: "not an address" })).toThrow(/SUPPORT_EMAIL/);
    expect(() => readConfig({ APP_NAME: "x".repeat(61) })).toThrow(/APP_NAME/);
    expect(() => readConfig({ MAGIC_LINK: "yes" })).toThrow(/MAGIC_LINK/);
  });
});

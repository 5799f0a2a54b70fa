import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "node:http";
import { silentLogger } from "@gatehouse/auth-core";
import { startDevIdentityProvider, type DevIdentityProvider } from "../src/dev-idp/index.js";
import { readConfig } from "../src/env.js";
import { devIdpStandInIds } from "../src/providers/server-providers.js";

const SECRET = "s".repeat(40);

describe("where the development identity provider may run", () => {
  it("only when BASE_URL is http on the loopback interface: npm start's default and the browser tests' URL still get it", () => {
    expect(devIdpStandInIds(readConfig({}))).toEqual(["google"]);
    for (const url of ["http://localhost:4173", "http://127.0.0.1:3000", "http://[::1]:3000"])
      expect(devIdpStandInIds(readConfig({ BASE_URL: url, DEV_IDP_PROVIDERS: "github" }))).toEqual(["google", "github"]);
    expect(readConfig({}).providerWarnings).toEqual([]);
  });

  it("a public deployment that forgets NODE_ENV (development by default) gets no stand-in for Google, and a warning says why", () => {
    const config = readConfig({ BASE_URL: "https://auth.example.com", AUTH_SECRET: SECRET });
    expect(config.production).toBe(false);
    expect(devIdpStandInIds(config)).toEqual([]);
    expect(config.providerWarnings).toEqual([
      "the development identity provider runs only when BASE_URL is http://localhost, http://127.0.0.1 or http://[::1], not https://auth.example.com: " +
        "Google sign-in is off until GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set (a public deployment also sets NODE_ENV=production)",
    ]);
    for (const url of ["https://localhost:3000", "http://auth.example.com", "http://localhost.example.com", "http://10.0.0.5:3000"])
      expect(devIdpStandInIds(readConfig({ BASE_URL: url, DEV_IDP_PROVIDERS: "github" }))).toEqual([]);
    const withGoogle = readConfig({ BASE_URL: "https://auth.example.com", GOOGLE_CLIENT_ID: "g", GOOGLE_CLIENT_SECRET: "s", DEV_IDP_PROVIDERS: "github" });
    expect(withGoogle.providerWarnings).toEqual([expect.stringMatching(/not https:\/\/auth\.example\.com: DEV_IDP_PROVIDERS is ignored/)]);
  });

  it("never in production, whatever BASE_URL says", () => {
    expect(devIdpStandInIds(readConfig({ NODE_ENV: "production", AUTH_SECRET: SECRET }))).toEqual([]);
    expect(readConfig({ NODE_ENV: "production", AUTH_SECRET: SECRET, BASE_URL: "https://auth.example.com" }).providerWarnings).toEqual([]);
  });
});

/**
 * The provider runs inside npm start's process: a request whose interaction id is malformed
 * percent-encoding must be answered, not thrown from the request listener (which ends the process).
 */
describe("the development identity provider's input", () => {
  let idp: DevIdentityProvider;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown): void => {
    uncaught.push(error);
  };
  beforeAll(async () => {
    const started = await startDevIdentityProvider({
      port: 0,
      standInFor: [{ name: "Google", redirectURI: "http://localhost:3000/api/auth/callback/google" }],
      logger: silentLogger,
    });
    if (!started) throw new Error("development identity provider did not start");
    idp = started;
    process.prependListener("uncaughtException", onUncaught);
  });
  afterAll(async () => {
    process.removeListener("uncaughtException", onUncaught);
    await idp.close();
  });

  it("GET /interaction/%E0 answers 400 and throws nothing uncaught", async () => {
    const status = await new Promise<number | undefined>((resolve) => {
      const req = request({ host: "127.0.0.1", port: new URL(idp.issuer).port, path: "/interaction/%E0", method: "GET", timeout: 2000 }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
      });
      req.on("error", () => resolve(undefined));
      req.on("timeout", () => {
        req.destroy();
        resolve(undefined);
      });
      req.end();
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(uncaught.map(String)).toEqual([]);
    expect(status).toBe(400);
  });
});

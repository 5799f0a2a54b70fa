import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "node:http";
import { silentLogger } from "@gatehouse/auth-core";
import { startDevIdentityProvider, type DevIdentityProvider } from "../src/dev-idp/index.js";

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

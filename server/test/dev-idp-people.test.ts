import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { silentLogger } from "@gatehouse/auth-core";
import { startDevIdentityProvider } from "../src/dev-idp/index.js";
import { loadPeople, peopleFilePath, savePeople } from "../src/dev-idp/people-file.js";
import { standInFor } from "../src/providers/server-providers.js";

/** The development sign-in page keeps the test people it created in DATA_DIR. */
describe("the development identity provider's test people", () => {
  it("saves and loads them, readable only by their owner, and shrugs off a damaged file", () => {
    const dir = mkdtempSync(join(tmpdir(), "gatehouse-dev-idp-"));
    const file = peopleFilePath(dir);
    expect(loadPeople(file)).toEqual([]);
    savePeople(file, [{ email: "grace@example.com", name: "Grace Hopper", emailVerified: true }]);
    expect(loadPeople(file)).toEqual([{ email: "grace@example.com", name: "Grace Hopper", emailVerified: true }]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, "{ not json");
    expect(loadPeople(file)).toEqual([]);
  });

  it("lists the people of an earlier run on its sign-in page after a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gatehouse-dev-idp-"));
    savePeople(peopleFilePath(dir), [{ email: "grace@example.com", name: "Grace Hopper", emailVerified: true }]);
    const idp = await startDevIdentityProvider({ port: 0, standInFor: [standInFor("google", "http://localhost:3000")], logger: silentLogger, dataDir: dir });
    if (!idp) throw new Error("development identity provider did not start");
    try {
      // Start an authorization; the provider redirects to its interaction page, which lists the people.
      const authorize = new URL(`${idp.issuer}/auth`);
      authorize.search = new URLSearchParams({
        client_id: idp.clientId,
        response_type: "code",
        scope: "openid email profile",
        redirect_uri: "http://localhost:3000/api/auth/callback/google",
        state: "s",
        nonce: "n",
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
      }).toString();
      const first = await fetch(authorize, { redirect: "manual" });
      const location = first.headers.get("location");
      expect(location).toBeTruthy();
      const cookie = first.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const page = await (await fetch(new URL(location!, idp.issuer), { headers: { cookie } })).text();
      expect(page).toContain("grace@example.com");
      expect(page).toContain("Grace Hopper");
    } finally {
      await idp.close();
    }
  });
});

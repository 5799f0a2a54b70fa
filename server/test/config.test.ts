import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "@gatehouse/migrations";
import { openDatabase } from "../src/database.js";
import { readConfig } from "../src/env.js";
import { resolveAuthSecret } from "../src/secret.js";

describe("run contract", () => {
  it("has the defaults of DESIGN.md", () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 3000,
      baseURL: "http://localhost:3000",
      databaseURL: "file:./data/gatehouse.db",
      socialProviders: [],
      devIdpProviders: [],
      rateLimit: true,
      production: false,
      emailSignIn: false,
    });
    expect(readConfig({ EMAIL_SIGN_IN: "on" }).emailSignIn).toBe(true);
    expect(readConfig({ PORT: "4000" }).baseURL).toBe("http://localhost:4000");
    expect(readConfig({ RATE_LIMIT: "off", TRUSTED_ORIGINS: "https://a.example, https://b.example" })).toMatchObject({
      rateLimit: false,
      trustedOrigins: ["https://a.example", "https://b.example"],
    });
  });

  it("reads ADMIN_EMAILS as a list of addresses, and refuses anything else", () => {
    expect(readConfig({}).adminEmails).toEqual([]);
    expect(readConfig({ ADMIN_EMAILS: " Ops@Example.com, root@example.com ," }).adminEmails).toEqual(["ops@example.com", "root@example.com"]);
    expect(() => readConfig({ ADMIN_EMAILS: "ops@example.com, not-an-address" })).toThrow(/ADMIN_EMAILS/);
  });

  it("reads PASSWORD_SCRYPT's N,r,p, which production may raise and never lower", () => {
    const secret = "s".repeat(40);
    expect(readConfig({}).passwordScrypt).toBeUndefined();
    expect(readConfig({ PASSWORD_SCRYPT: "1024,8,1" }).passwordScrypt).toEqual({ N: 1024, r: 8, p: 1, keyLength: 64 });
    expect(readConfig({ NODE_ENV: "production", AUTH_SECRET: secret, PASSWORD_SCRYPT: "32768,16,1" }).passwordScrypt).toEqual({
      N: 32768,
      r: 16,
      p: 1,
      keyLength: 64,
    });
    // The default's own work is allowed in production, in another shape too (N=2^15, r=8).
    expect(readConfig({ NODE_ENV: "production", AUTH_SECRET: secret, PASSWORD_SCRYPT: "32768,8,1" }).passwordScrypt?.N).toBe(32768);
    expect(() => readConfig({ NODE_ENV: "production", AUTH_SECRET: secret, PASSWORD_SCRYPT: "1024,8,1" })).toThrow(
      /PASSWORD_SCRYPT: in production the work N·r·p is at least the default's 262144/,
    );
    for (const value of ["1000,8,1", "512,8,1", "1024,0,1", "1024,8,0", "1024,33,1", "1048576,8,1", "1024,8", "1024;8;1", "N,r,p"])
      expect(() => readConfig({ PASSWORD_SCRYPT: value }), value).toThrow(/PASSWORD_SCRYPT/);
  });

  it("requires AUTH_SECRET in production and rejects bad values", () => {
    expect(() => readConfig({ NODE_ENV: "production" })).toThrow(/AUTH_SECRET/);
    expect(() => readConfig({ PORT: "http" })).toThrow(/PORT/);
    expect(() => readConfig({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET/);
    expect(() => readConfig({ EMAIL_SIGN_IN: "yes" })).toThrow(/EMAIL_SIGN_IN/);
  });

  it("generates a development secret once, readable only by its owner", () => {
    const dir = mkdtempSync(join(tmpdir(), "gatehouse-secret-"));
    const first = resolveAuthSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveAuthSecret(undefined, dir)).toBe(first);
    expect(statSync(join(dir, "auth-secret")).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret("x".repeat(40), dir)).toBe("x".repeat(40));
    expect(readFileSync(join(dir, "auth-secret"), "utf8").trim()).toBe(first);
  });

  it("opens a SQLite file in WAL mode and migrates it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gatehouse-db-"));
    const database = openDatabase(`file:${join(dir, "nested", "app.db")}`);
    expect(await migrateToLatest(database.db)).toEqual([
      "2026_11_22_000000_initial_schema",
      "2026_11_25_000000_sign_in_throttle",
      "2026_11_25_000100_jwks",
      "2026_11_25_000200_audit_log",
      "2026_11_26_000100_member_last_active",
      "2026_11_26_000200_two_factor",
      "2026_11_26_000300_admin",
      "2026_11_26_000400_api_keys",
      "2026_11_26_000500_verification_value_index",
      "2026_11_29_000100_two_factor_mailed_codes",
      "2026_11_29_000200_oauth_provider",
      "2026_11_29_000300_enterprise_sso",
      "2026_11_29_000400_oauth_client_id_token_alg",
      "2026_11_29_000500_oauth_token_partial_indexes",
      "2026_11_29_001000_expiry_indexes",
      "2026_11_29_002200_member_page_index",
      "2026_11_29_002500_session_impersonated_by_index",
    ]);
    expect(await migrateToLatest(database.db)).toEqual([]);
    await database.destroy();
    expect(existsSync(join(dir, "nested", "app.db-wal")) || existsSync(join(dir, "nested", "app.db"))).toBe(true);
  });
});

import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * auth-core as a library that installs outside this repository. The
 * example service is copied to a temporary directory, installs the packed tarballs (built
 * JavaScript and types only) with its own database driver, and checks a user both ways: through
 * the shared database and through a session JWT verified with the JWKS URL.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const PG_URL = process.env.GATEHOUSE_TEST_PG_URL;
if (!PG_URL) console.warn("GATEHOUSE_TEST_PG_URL is unset: skipping the packed-library example (it runs on PostgreSQL)");

describe.skipIf(!PG_URL)("the packed library in a project outside the repository", () => {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-example-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (command: string, args: string[], cwd: string, env: Record<string, string> = {}): string =>
    execFileSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

  it("packs JavaScript and types only, installs with pg, and knows the user both ways", () => {
    // The packages are built by the project's global setup (scripts/vitest-build-setup.ts).
    cpSync(join(root, "examples/internal-service"), dir, { recursive: true, filter: (path) => !path.includes("node_modules") && !path.endsWith(".tgz") });
    run("npm", ["pack", "-w", "@gatehouse/migrations", "-w", "@gatehouse/auth-core", "--pack-destination", dir], root);
    const files = run("tar", ["-tzf", join(dir, "gatehouse-auth-core-0.1.0.tgz")], dir).split("\n");
    expect(files.filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"))).toEqual([]);
    expect(files).toContain("package/dist/index.js");
    expect(files).toContain("package/dist/index.d.ts");

    run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], dir);
    const output = run("node", ["src/check.mjs"], dir, { DATABASE_URL: PG_URL! });
    const result = JSON.parse(output.trim().split("\n").at(-1)!) as {
      viaDatabase: { email: string; userId: string };
      viaJWT: { email: string; userId: string };
      forged: number;
      viaKey: { ownerId: string };
      viaKeyHTTP: { ownerId: string };
      wrongKey: number;
    };
    expect(result.viaDatabase).toMatchObject({ via: "shared database", email: "example@example.com" });
    expect(result.viaJWT).toMatchObject({ via: "JWT", email: "example@example.com", userId: result.viaDatabase.userId });
    expect(result.forged).toBe(401);
    // An API key checked in-process (auth.api.verifyApiKey) and over HTTP (/api-key/verify).
    expect(result.viaKey).toMatchObject({ via: "verifyApiKey", ownerId: result.viaDatabase.userId });
    expect(result.viaKeyHTTP).toMatchObject({ via: "HTTP verify", ownerId: result.viaDatabase.userId });
    expect(result.wrongKey).toBe(401);
  }, 180_000);
});

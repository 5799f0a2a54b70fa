import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, type TestAuth } from "@gatehouse/auth-core/testing";
import { silentLogger } from "@gatehouse/auth-core";
import { createApp } from "../src/app.js";

/** The build's precompressed copies are served by Accept-Encoding. */
describe("static assets", () => {
  let t: TestAuth;
  let dist: string;
  const script = "console.log('gatehouse');\n".repeat(200);
  beforeAll(async () => {
    t = await createTestAuth();
    dist = mkdtempSync(join(tmpdir(), "gatehouse-dist-"));
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), '<!doctype html><script type="module" src="/assets/app.js"></script>');
    writeFileSync(join(dist, "assets/app.js"), script);
    writeFileSync(join(dist, "assets/app.js.br"), brotliCompressSync(script));
    writeFileSync(join(dist, "assets/app.js.gz"), gzipSync(script));
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("answers a missing asset (a source map that is not built) with 404, not the app's HTML", async () => {
    const app = createApp({ auth: t.auth, logger: silentLogger, webDist: dist });
    expect((await app.request("/assets/app.js.map")).status).toBe(404);
    expect((await app.request("/settings")).status).toBe(200);
  });

  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["identity", null],
  ])("answers Accept-Encoding %j with %s", async (accept, encoding) => {
    const app = createApp({ auth: t.auth, logger: silentLogger, webDist: dist });
    const answer = await app.request("/assets/app.js", { headers: { "accept-encoding": accept } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-encoding")).toBe(encoding);
    expect(answer.headers.get("content-type")).toMatch(/javascript/);
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Number(answer.headers.get("content-length"));
    if (encoding) {
      expect(answer.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(bytes).toBeLessThan(script.length / 10);
    } else {
      expect(bytes).toBe(script.length);
    }
  });
});

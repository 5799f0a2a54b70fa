import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestAuth, type TestAuth } from "@gatehouse/auth-core/testing";
import type { Logger } from "@gatehouse/auth-core";
import { createApp } from "../src/app.js";
import { redactPath } from "../src/middleware/request-log.js";

function capturingLogger(): Logger & { lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const push = (message: string, fields?: Record<string, unknown>): void => {
    lines.push({ message, ...fields });
  };
  return { lines, info: push, warn: push, error: push };
}

function builtSPA(): string {
  const dist = mkdtempSync(join(tmpdir(), "gatehouse-dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><div id=root></div>");
  writeFileSync(join(dist, "assets", "index-abc123.js"), "console.log(1)");
  return dist;
}

describe("server app", () => {
  let t: TestAuth;
  beforeEach(async () => {
    t = await createTestAuth();
  });
  afterEach(async () => t.destroy());

  it("mounts auth-core at /api/auth with the path intact", async () => {
    const app = createApp({ auth: t.auth, logger: capturingLogger() });
    const signUp = await app.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body: JSON.stringify({ name: "H", email: "h@example.com", password: "larch-ribbon-123" }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers.getSetCookie()[0]!.split(";")[0]!;
    const session = await app.request("/api/auth/get-session", { headers: { cookie } });
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe("h@example.com");
  });

  it("answers unknown API paths with a JSON 404, not the SPA", async () => {
    const app = createApp({ auth: t.auth, logger: capturingLogger(), webDist: builtSPA() });
    const r = await app.request("/api/nope");
    expect(r.status).toBe(404);
    expect(await r.json()).toEqual({ code: "NOT_FOUND", message: "Not found" });
  });

  it("serves the SPA with history fallback and long-lived hashed assets", async () => {
    const app = createApp({ auth: t.auth, logger: capturingLogger(), webDist: builtSPA() });
    const page = await app.request("/settings?tab=passkeys");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<div id=root>");
    expect(page.headers.get("cache-control")).toBe("no-cache");
    const asset = await app.request("/assets/index-abc123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await app.request("/healthz")).status).toBe(200);
  });

  it("logs requests without query strings, tokens or cookies", async () => {
    const logger = capturingLogger();
    const app = createApp({ auth: t.auth, logger });
    await app.request("/api/auth/reset-password/SECRET-TOKEN-123?callbackURL=/x&token=SECRET-2", { headers: { cookie: "gatehouse.session_token=SECRET-3" } });
    const text = JSON.stringify(logger.lines);
    expect(logger.lines.some((l) => l.message === "request")).toBe(true);
    expect(text).not.toContain("SECRET");
    expect(redactPath("/api/auth/reset-password/abc")).toBe("/api/auth/reset-password/[redacted]");
  });
});

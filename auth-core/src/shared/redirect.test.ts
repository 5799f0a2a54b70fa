import { describe, expect, it } from "vitest";
import { loginRedirectTarget, sanitizeRedirect } from "./redirect.js";

const origin = "http://localhost:3000";

describe("sanitizeRedirect (spec §2)", () => {
  it.each<[unknown, string]>([
    ["/dashboard", "/dashboard"],
    ["/reports?range=7d#top", "/reports?range=7d#top"],
    ["/", "/"],
    ["//evil.com", "/"],
    ["/\\evil.com", "/"],
    ["https://evil.com/", "/"],
    ["http://localhost:3000/dashboard", "/"],
    ["dashboard", "/"],
    ["", "/"],
    [undefined, "/"],
    [null, "/"],
    [42, "/"],
    [["/dashboard"], "/"],
    ["javascript:alert(1)", "/"],
    ["/..//evil.com", "/"],
    ["/./..//evil.com/x?y=1", "/"],
    ["/%2e%2e//evil.com", "/"],
    ["/a/../dashboard", "/dashboard"],
  ])("%j → %s", (value, expected) => {
    expect(sanitizeRedirect(value, origin)).toBe(expected);
  });
});

describe("loginRedirectTarget", () => {
  it("keeps a path with its query and falls back to /", () => {
    expect(loginRedirectTarget("/reports?x=1")).toBe("/reports?x=1");
    expect(loginRedirectTarget("reports")).toBe("/");
  });
});

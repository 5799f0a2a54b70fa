import { describe, expect, it } from "vitest";
import { isSafeRelativePath, isTrustedURL, matchesOriginPattern } from "./trusted-url.js";

const trusted = ["http://localhost:3000", "https://*.example.com"];

describe("isTrustedURL (spec §5)", () => {
  it.each([
    ["/dashboard", true],
    ["/settings?tab=security#passkeys", true],
    ["/", true],
    ["http://localhost:3000/after", true],
    ["https://app.example.com/x", true],
    ["https://deep.app.example.com/x", false],
    ["https://example.com/x", false],
    ["https://evil.com/", false],
    ["//evil.com", false],
    ["/\\evil.com", false],
    ["/%2F%2Fevil.com", false],
    ["/%2fevil.com", false],
    ["/%5cevil.com", false],
    ["/a//b", false],
    ["dashboard", false],
    ["javascript:alert(1)", false],
    ["http://localhost:3000.evil.com/", false],
    ["https://localhost:3000/", false],
    ["", false],
  ])("%s → %s", (value, expected) => {
    expect(isTrustedURL(value, trusted)).toBe(expected);
  });
});

describe("matchesOriginPattern", () => {
  it("matches exact origins and one wildcard label only", () => {
    expect(matchesOriginPattern("http://localhost:3000", "http://localhost:3000/")).toBe(true);
    expect(matchesOriginPattern("https://a.example.com", "https://*.example.com")).toBe(true);
    expect(matchesOriginPattern("https://a.b.example.com", "https://*.example.com")).toBe(false);
    expect(matchesOriginPattern("http://a.example.com", "https://*.example.com")).toBe(false);
  });
});

describe("isSafeRelativePath", () => {
  it("refuses a query-only double slash only in the path part", () => {
    expect(isSafeRelativePath("/login?next=//x")).toBe(true);
    expect(isSafeRelativePath("//x")).toBe(false);
  });
});

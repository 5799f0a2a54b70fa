import { describe, expect, it } from "vitest";
import type { WireSessionResult } from "@gatehouse/auth-core/shared";
import { createAuthClient } from "../../../lib/auth-client.js";
import { AuthNetworkError, AuthRequestError } from "../../../lib/auth-errors.js";
import { getSessionQueryOptions, nextSessionCheck, SESSION_QUERY_KEY, shouldRetrySession } from "./get-session.js";

function sessionExpiringAt(iso: string): WireSessionResult {
  return { user: { id: "u" }, session: { id: "s", expiresAt: iso } } as unknown as WireSessionResult;
}

describe("the session query (spec §3, §4, §9)", () => {
  it("is cached under auth/session, fresh 30 s, kept 5 minutes, refetched on focus and reconnect", () => {
    const options = getSessionQueryOptions(createAuthClient());
    expect(options.queryKey).toEqual(["auth", "session"]);
    expect(SESSION_QUERY_KEY).toEqual(["auth", "session"]);
    expect(options.staleTime).toBe(30_000);
    expect(options.gcTime).toBe(300_000);
    expect(options.refetchOnWindowFocus).toBe(true);
    expect(options.refetchOnReconnect).toBe(true);
  });

  it.each([
    [new AuthRequestError(401, "UNAUTHORIZED", "Unauthorized"), 0, false],
    [new AuthRequestError(403, "INVALID_ORIGIN", "Invalid origin"), 0, false],
    [new AuthNetworkError("request failed", { timedOut: false }), 0, true],
    [new AuthNetworkError("request failed", { timedOut: false }), 2, true],
    [new AuthNetworkError("request failed", { timedOut: false }), 3, false],
    [new AuthRequestError(500, null, "boom"), 1, true],
  ])("retries %o after %i failures: %s", (error, failures, expected) => {
    expect(shouldRetrySession(failures, error)).toBe(expected);
  });

  it("checks every 300000 ms, and sooner when the session enters its last 600000 ms", () => {
    const now = Date.parse("2026-01-01T00:00:00.000Z");
    expect(nextSessionCheck(null, now)).toBe(300_000);
    // Expires in a week: the regular check.
    expect(nextSessionCheck(sessionExpiringAt("2026-01-08T00:00:00.000Z"), now)).toBe(300_000);
    // Expires in 12 minutes: check when 10 minutes remain, i.e. in 2 minutes.
    expect(nextSessionCheck(sessionExpiringAt("2026-01-01T00:12:00.000Z"), now)).toBe(120_000);
    // Already inside the threshold: the regular check (get-session refreshes when it is due).
    expect(nextSessionCheck(sessionExpiringAt("2026-01-01T00:05:00.000Z"), now)).toBe(300_000);
  });
});

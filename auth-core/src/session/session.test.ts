import { describe, expect, it } from "vitest";
import { isFreshSession, shouldRefreshSession } from "./session.js";

const DAY = 86_400;
const policy = { expiresIn: 7 * DAY, updateAge: DAY };
const created = new Date("2026-01-01T00:00:00.000Z");
const expiresAt = new Date(created.getTime() + 7 * DAY * 1000).toISOString();
const at = (seconds: number): Date => new Date(created.getTime() + seconds * 1000);

describe("shouldRefreshSession", () => {
  it.each([
    [0, 1, false],
    [DAY - 1, 1, false],
    [DAY, 1, true],
    [3 * DAY, 1, true],
    [3 * DAY, 0, false], // rememberMe false: never extended (spec §4)
  ])("after %i s with rememberMe=%i → %s", (elapsed, rememberMe, expected) => {
    expect(shouldRefreshSession({ expiresAt, rememberMe }, at(elapsed), policy)).toBe(expected);
  });
});

describe("isFreshSession", () => {
  it.each([
    [0, DAY, true],
    [DAY - 1, DAY, true],
    [DAY, DAY, false],
    [30 * DAY, 0, true], // freshAge 0 disables the check (spec §5)
  ])("created %i s ago, freshAge %i → %s", (elapsed, freshAge, expected) => {
    expect(isFreshSession({ createdAt: created.toISOString() }, at(elapsed), freshAge)).toBe(expected);
  });
});

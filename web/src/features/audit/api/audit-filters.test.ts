import { describe, expect, it } from "vitest";
import { eventsCSVURL, eventsInput, filtersFromSearch, filtersToPageSearch, NO_FILTERS } from "./audit-filters.js";
import { presetRange, rangeInput, rangeProblem } from "./analytics-range.js";

describe("the Reports filters: one question for the table and for the CSV", () => {
  it("reads the address, dropping what it does not know", () => {
    expect(filtersFromSearch(new URLSearchParams(""))).toEqual(NO_FILTERS);
    expect(
      filtersFromSearch(
        new URLSearchParams("scope=organization&type=sign-in,nonsense,sign-in,sign-up&outcome=maybe&method=Google!&from=2026-02-30x&to=2026-11-25"),
      ),
    ).toEqual({ scope: "organization", types: ["sign-in", "sign-up"], outcome: null, method: null, from: null, to: "2026-11-25" });
    expect(filtersFromSearch(new URLSearchParams("scope=everyone&outcome=failure&method=passkey")).scope).toBe("self");
  });

  it("asks the table and the CSV export the same thing, days as [first 00:00, day after 00:00)", () => {
    const filters = {
      scope: "organization" as const,
      types: ["sign-in" as const],
      outcome: "failure" as const,
      method: "password",
      from: "2026-11-01",
      to: "2026-11-24",
    };
    expect(eventsInput(filters, 25)).toEqual({
      scope: "organization",
      limit: 25,
      types: ["sign-in"],
      outcome: "failure",
      method: "password",
      from: new Date("2026-11-01T00:00:00.000Z"),
      to: new Date("2026-11-25T00:00:00.000Z"),
    });
    const url = new URL(eventsCSVURL(filters), "http://localhost");
    expect(url.pathname).toBe("/api/reports/events.csv");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      scope: "organization",
      type: "sign-in",
      outcome: "failure",
      method: "password",
      from: "2026-11-01T00:00:00.000Z",
      to: "2026-11-25T00:00:00.000Z",
    });
    // No filters: the person's whole log.
    expect(eventsCSVURL(NO_FILTERS)).toBe("/api/reports/events.csv?scope=self");
  });

  it("keeps days as days in the page's address, and round-trips", () => {
    const filters = { ...NO_FILTERS, types: ["passkey-added" as const, "passkey-deleted" as const], from: "2026-11-01" };
    const search = filtersToPageSearch(filters);
    expect(search.toString()).toBe("type=passkey-added%2Cpasskey-deleted&from=2026-11-01");
    expect(filtersFromSearch(search)).toEqual(filters);
  });
});

describe("the Analytics range", () => {
  it("ends a preset today (UTC) and counts today in", () => {
    expect(presetRange(7, new Date("2026-11-25T23:30:00Z"))).toEqual({ from: "2026-11-19", to: "2026-11-25" });
    expect(presetRange(30, new Date("2026-03-01T00:10:00Z"))).toEqual({ from: "2026-01-31", to: "2026-03-01" });
  });

  it("refuses a backwards or too long custom range; 366 days fit the procedure's limit", () => {
    expect(rangeProblem({ from: "2026-03-10", to: "2026-03-01" })).toBe("The start day must not be after the end day.");
    expect(rangeProblem({ from: "", to: "2026-03-01" })).toBe("Choose both a start and an end day.");
    expect(rangeProblem({ from: "2025-01-01", to: "2026-01-01" })).toBeNull(); // 366 days
    expect(rangeProblem({ from: "2025-01-01", to: "2026-01-02" })).toBe("Choose at most 366 days.");
    const { from, to } = rangeInput({ from: "2025-01-01", to: "2026-01-01" });
    expect(to.getTime() - from.getTime()).toBe(366 * 86_400_000);
  });
});

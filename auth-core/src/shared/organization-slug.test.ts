import { describe, expect, it } from "vitest";
import { isValidOrganizationSlug, slugFromName } from "./organization-slug.js";

describe("organization slugs", () => {
  it.each(["ab", "acme", "acme-widgets", "a1-b2-c3", "x".repeat(48)])("accepts %s", (slug) => expect(isValidOrganizationSlug(slug)).toBe(true));
  it.each(["", "a", "Bad Slug!!", "Acme", "-acme", "acme-", "ac--me", "ac_me", "ac me", "x".repeat(49), "café"])("refuses %j", (slug) =>
    expect(isValidOrganizationSlug(slug)).toBe(false),
  );
  it("proposes a valid slug from a name", () => {
    expect(slugFromName("Acme Widgets & Co.")).toBe("acme-widgets-co");
    expect(slugFromName("  Café Müller  ")).toBe("cafe-muller");
    expect(slugFromName("Vera's Lab")).toBe("vera-s-lab");
    const long = slugFromName("A very long organization name that goes on and on beyond the limit");
    expect(isValidOrganizationSlug(long)).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { endStop, plural } from "./text.js";

describe("words around numbers and names", () => {
  it("counts in the singular for one", () => {
    expect(plural(1, "sign-in attempt")).toBe("1 sign-in attempt");
    expect(plural(0, "sign-in attempt")).toBe("0 sign-in attempts");
    expect(plural(2, "person", "people")).toBe("2 people");
  });
  it("never doubles a period after a name that ends in one", () => {
    expect(`In Acme Widgets & Co.${endStop("Acme Widgets & Co.")}`).toBe("In Acme Widgets & Co.");
    expect(`In Acme${endStop("Acme")}`).toBe("In Acme.");
  });
});

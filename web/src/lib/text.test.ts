import { describe, expect, it } from "vitest";
import { endStop, sentenceEndingInName } from "./text.js";

describe("words around numbers and names", () => {
  it("never doubles a period after a name that ends in one", () => {
    expect(`In Acme Widgets & Co.${endStop("Acme Widgets & Co.")}`).toBe("In Acme Widgets & Co.");
    expect(`In Acme${endStop("Acme")}`).toBe("In Acme.");
  });
  it("closes a translated sentence that ends in the name, and leaves one that does not", () => {
    expect(sentenceEndingInName("3 people in Acme Widgets & Co.", "Acme Widgets & Co.")).toBe("3 people in Acme Widgets & Co.");
    expect(sentenceEndingInName("3 people in Acme", "Acme")).toBe("3 people in Acme.");
    expect(sentenceEndingInName("Acme のメンバー：3 人", "Acme")).toBe("Acme のメンバー：3 人");
  });
});

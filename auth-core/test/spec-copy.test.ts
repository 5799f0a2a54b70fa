import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * docs/spec.md is the repository's copy of the product specification, so that the code's
 * "spec §N" references resolve inside the repository. The source stays the shared one,
 * `shared/spec/product-spec.md` beside the checkout: `../shared` from the main checkout,
 * `../../shared` from a worktree under wt/, or wherever GATEHOUSE_SPEC_SOURCE points.
 *
 * When the source is reachable the two must be identical, on a laptop and under CI=true alike.
 * A clean clone elsewhere (a CI machine) has no shared folder: the copy is then all there is,
 * and the comparison is skipped with a loud note, unless GATEHOUSE_SPEC_SOURCE names a file,
 * which must then exist.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const copy = join(root, "docs/spec.md");
const named = process.env.GATEHOUSE_SPEC_SOURCE;
const candidates = named ? [resolve(named)] : [resolve(root, "../shared/spec/product-spec.md"), resolve(root, "../../shared/spec/product-spec.md")];
const source = candidates.find((candidate) => existsSync(candidate));

describe("docs/spec.md", () => {
  it("exists in the repository", () => {
    expect(existsSync(copy)).toBe(true);
  });

  it("is named by GATEHOUSE_SPEC_SOURCE only as a file that exists", () => {
    if (named) expect(source, `GATEHOUSE_SPEC_SOURCE=${named} does not exist`).toBeDefined();
  });

  if (!source) {
    console.warn(`spec-copy: SKIPPED the comparison of docs/spec.md with its source: none of ${candidates.join(", ")} exists here (a clean clone)`);
  }
  it.skipIf(!source)(`is identical to its source (${source ?? "not reachable here"})`, () => {
    const differs = readFileSync(copy, "utf8") !== readFileSync(source!, "utf8");
    expect(differs, `docs/spec.md differs from ${source}: copy it again (cp ${source} docs/spec.md)`).toBe(false);
  });
});

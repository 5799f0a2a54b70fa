import { createRequire } from "node:module";

/**
 * The commonly used passwords NIST SP 800-63B-4 asks a verifier to refuse: zxcvbn-ts's list of
 * the most frequent passwords found in breaches (about 49,000), a maintained list rather than a
 * hand-typed one. Lowercased, so "Password1" and "password1" are one entry.
 *
 * Loaded on first use, then kept compactly: the package decompresses its word lists when it is
 * loaded (about 14 MiB resident, two lists of which this needs one), and a Set of the 49,000
 * strings would hold another 5. The list is kept as one sorted string with the offsets of its
 * entries (under 1 MiB), searched by bisection, and the package is dropped from the module cache
 * so its lists can be collected.
 */
interface SortedList {
  text: string;
  /** Where each entry starts in `text`; one more at the end, one past the last entry's end. */
  starts: Uint32Array;
}

let common: SortedList | null = null;

function loadCommonPasswords(): SortedList {
  const require = createRequire(import.meta.url);
  const { dictionary } = require("@zxcvbn-ts/language-common") as { dictionary: Record<string, string[]> };
  for (const path of Object.keys(require.cache)) if (path.includes("@zxcvbn-ts")) delete require.cache[path];
  const words = [...new Set(dictionary["passwords-common"]!.map((entry) => entry.toLowerCase()))].sort();
  const starts = new Uint32Array(words.length + 1);
  let at = 0;
  words.forEach((word, i) => {
    starts[i] = at;
    at += word.length;
  });
  starts[words.length] = at;
  return { text: words.join(""), starts };
}

export function isCommonPassword(password: string): boolean {
  common ??= loadCommonPasswords();
  const wanted = password.toLowerCase();
  const { text, starts } = common;
  let low = 0;
  let high = starts.length - 2;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const entry = text.slice(starts[middle], starts[middle + 1]);
    if (entry === wanted) return true;
    if (entry < wanted) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

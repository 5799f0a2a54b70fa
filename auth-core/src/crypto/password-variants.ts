// The keyboard layouts of @zxcvbn-ts/language-common by themselves (package.json "imports"): its
// index also decompresses two word lists on import, which nothing here reads: every start would
// pay their time and heap for nothing (docs/performance/notes-from-code.md).
import adjacencyGraphs from "#keyboard-layouts";

/**
 * How a chosen password is reduced before it is looked up among the common ones: a
 * list holds "password", people type "P@ssw0rd123" or "password12345678". Both sides of the
 * lookup (the list and the candidate) go through the same steps, so they meet:
 *
 * 1. NFKC, lower case;
 * 2. leading and trailing digits and symbols dropped ("baseball1234" → "baseball");
 * 3. leetspeak read as letters (@→a, 0→o, 1/!/|→i, 3→e, 4→a, 5/$→s, 7/+→t, 8→b, 9→g), and l read
 *    as i, since 1 stands for either;
 * 4. whatever is not a letter dropped ("pass-word" → "password").
 *
 * Step 2 runs before and after step 3 ("hell0" is "hello"; "letmein12345" is "letmein"), so a
 * password has up to two keys. A key shorter than MIN_KEY_LENGTH letters says nothing (the rest
 * was digits and symbols): such a password is compared whole instead.
 */
export const MIN_KEY_LENGTH = 4;

/** In the shipped list, the mark before an entry kept whole (it has no key; keys are letters only). */
export const WHOLE_ENTRY_MARK = "#";

const LEET: Record<string, string> = {
  "@": "a",
  "4": "a",
  "8": "b",
  "3": "e",
  "9": "g",
  "0": "o",
  "1": "i",
  "!": "i",
  "|": "i",
  l: "i",
  "5": "s",
  $: "s",
  "7": "t",
  "+": "t",
};

const EDGES = /^[^\p{L}]+|[^\p{L}]+$/gu;
const NOT_LETTERS = /[^\p{L}]+/gu;
const LEET_CHARS = /[@48390!|l5$7+1]/g;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function readLeet(text: string): string {
  return text.replace(LEET_CHARS, (char) => LEET[char]!);
}

/** The lower-cased, NFKC form every comparison starts from. */
export function foldCase(password: string): string {
  return (PRINTABLE_ASCII.test(password) ? password : password.normalize("NFKC")).toLowerCase();
}

/** The keys of a password (one or two), each at least MIN_KEY_LENGTH letters; none when it is mostly digits and symbols. */
export function variantKeys(password: string): string[] {
  const folded = foldCase(password);
  const keys = new Set<string>();
  for (const key of [readLeet(folded.replace(EDGES, "")), readLeet(folded).replace(EDGES, "")]) {
    const letters = key.replace(NOT_LETTERS, "");
    if (letters.length >= MIN_KEY_LENGTH) keys.add(letters);
  }
  return [...keys];
}

/** Keys adjacent on a QWERTY keyboard or a numeric keypad, shifted or not, in either direction. */
const neighbours: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const map = new Map<string, Set<string>>();
  const link = (a: string, b: string): void => {
    if (!map.has(a)) map.set(a, new Set());
    map.get(a)!.add(b);
  };
  for (const graph of [adjacencyGraphs.qwerty, adjacencyGraphs.keypad]) {
    for (const [key, around] of Object.entries(graph)) {
      for (const near of around) {
        if (!near) continue;
        for (const from of key) for (const to of near) link(from.toLowerCase(), to.toLowerCase());
      }
    }
  }
  return map;
})();

function follows(a: string, b: string): boolean {
  if (a === b) return true;
  if (neighbours.get(a)?.has(b)) return true;
  // Runs of the alphabet or of digits, either way: "abcd", "4321".
  const step = b.charCodeAt(0) - a.charCodeAt(0);
  return (step === 1 || step === -1) && /[a-z0-9]/.test(a) && /[a-z0-9]/.test(b);
}

/**
 * A keyboard walk: the password is made only of runs of at least 3 keys, each key next to the
 * one before on the keyboard (or the same, or next in the alphabet or the digits): "qwertyuiop",
 * "1qaz2wsx3edc", "zaq12wsx", "asdfghjkl;", "aaaaaaaa1234".
 */
export function isKeyboardWalk(password: string): boolean {
  const chars = [...foldCase(password)];
  let run = 1;
  for (let i = 1; i < chars.length; i++) {
    if (follows(chars[i - 1]!, chars[i]!)) {
      run += 1;
      continue;
    }
    if (run < 3) return false;
    run = 1;
  }
  return run >= 3;
}

import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { createRequire } from "node:module";
import { gunzip, gunzipSync } from "node:zlib";
import { foldCase, isKeyboardWalk, MIN_KEY_LENGTH, variantKeys, WHOLE_ENTRY_MARK } from "./password-variants.js";

/**
 * The commonly used passwords NIST SP 800-63B-4 asks a verifier to refuse, and their variants
 * (refusing exact entries only let `P@ssw0rd123` through).
 * assets/common-passwords.txt.gz holds the variant keys of the 486,885 passwords of two
 * public lists, SecLists' common credentials and zxcvbn-ts's (both MIT; built by
 * scripts/build-common-passwords.ts), one per line, sorted by bytes. It stays one 3.3 MB buffer
 * searched by halves (a Set of its 400,000 strings would take several times that;
 * docs/performance/notes-from-code.md), read on first use or,
 * off the event loop, by preloadCommonPasswords().
 */
// Found through the package's own exports rather than beside this file: the server runs bundled
// (scripts/bundle-server.mjs), where this module's URL is the bundle's.
const LIST_FILE = createRequire(import.meta.url).resolve("@gatehouse/auth-core/assets/common-passwords.txt.gz");
const NEWLINE = 0x0a;

let list: Buffer | null = null;
let loading: Promise<void> | null = null;

/** Whether `text` is a line of the sorted list. */
function listed(data: Buffer, text: string): boolean {
  const target = Buffer.from(text, "utf8");
  let low = 0; // always the start of a line
  let high = data.length; // always just past a line's newline
  while (low < high) {
    const mid = (low + high) >>> 1;
    const start = mid === 0 ? 0 : data.lastIndexOf(NEWLINE, mid - 1) + 1;
    const end = data.indexOf(NEWLINE, start);
    const order = target.compare(data, start, end);
    if (order === 0) return true;
    if (order < 0) high = start;
    else low = end + 1;
  }
  return false;
}

/** Reads the list off the event loop (the server starts it once it listens), so no request waits for it. */
export function preloadCommonPasswords(): Promise<void> {
  loading ??= readFile(LIST_FILE)
    .then((packed) => promisify(gunzip)(packed))
    .then((data) => {
      list ??= data;
    });
  return loading;
}

/** The product's own words: a password built on them is as guessable as a listed one. */
const PRODUCT_WORDS = ["gatehouse"];

/**
 * The product's and the person's own words: the address whole (with its "@", or a separator in
 * its place: "ada byron example org"), its local part, and the name, whole and word by word.
 */
function contextKeys(context: { email?: string; name?: string }): string[] {
  const words = [...PRODUCT_WORDS];
  if (context.email) words.push(context.email, context.email.replace("@", " "), context.email.split("@")[0] ?? "");
  if (context.name) words.push(context.name, ...context.name.split(/\s+/));
  return words.flatMap((word) => variantKeys(word));
}

/**
 * Whether a new password is a common one or a variant of one: a listed password (up to case,
 * leetspeak, leading and trailing digits and symbols, separators), a keyboard walk, or built on
 * the product's name or the person's address or name with fewer than MIN_KEY_LENGTH letters besides.
 */
export function isCommonPassword(password: string, context: { email?: string; name?: string } = {}): boolean {
  const lines = (list ??= gunzipSync(readFileSync(LIST_FILE)));
  if (isKeyboardWalk(password)) return true;
  const keys = variantKeys(password);
  if (keys.length === 0) return listed(lines, `${WHOLE_ENTRY_MARK}${foldCase(password)}`);
  if (keys.some((key) => listed(lines, key))) return true;
  const own = contextKeys(context);
  return keys.some((key) => own.some((word) => key.replaceAll(word, "").length < MIN_KEY_LENGTH));
}

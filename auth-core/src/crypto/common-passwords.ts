import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * The commonly used passwords NIST SP 800-63B-4 asks a verifier to refuse: zxcvbn-ts's list of
 * the most frequent passwords found in breaches (about 49,000), a maintained list rather than a
 * hand-typed one. Built on first use, lowercased, so "Password1" and "password1" are one entry.
 */
let common: ReadonlySet<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}

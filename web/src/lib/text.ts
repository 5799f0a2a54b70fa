/** The closing period of a sentence that ends in a name: none after a name that ends in one ("Acme Widgets & Co."). */
export function endStop(text: string): string {
  return /[.!?]$/.test(text.trim()) ? "" : ".";
}

/**
 * A translated sentence that may end in a name ("3 people in Acme Widgets & Co"): its closing
 * period when it does, unless the name has one; a language that puts the name elsewhere has its own.
 */
export function sentenceEndingInName(sentence: string, name: string): string {
  return sentence.endsWith(name) ? `${sentence}${endStop(name)}` : sentence;
}

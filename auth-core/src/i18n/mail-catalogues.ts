import type { Language } from "./catalogue.js";
import { mailDe } from "./mail-de.js";
import { mailEn } from "./mail-en.js";
import { mailEs } from "./mail-es.js";
import { mailFr } from "./mail-fr.js";
import { mailJa } from "./mail-ja.js";
import type { MailWords } from "./mail-words.js";

const CATALOGUES: Readonly<Record<Language, MailWords>> = { en: mailEn, de: mailDe, fr: mailFr, es: mailEs, ja: mailJa };

/** The mail words of a language (every language has every mail). */
export function mailWords(language: Language): MailWords {
  return CATALOGUES[language];
}

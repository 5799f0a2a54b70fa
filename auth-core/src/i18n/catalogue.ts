import type { ErrorCode } from "../errors.js";

/** A language's wording of the error codes it translates; a code left out answers in English. */
export type ErrorCatalogue = Readonly<Partial<Record<ErrorCode, string>>>;

/** The languages error answers speak; English is the catalogue of errors.ts itself. */
export const LANGUAGES = ["en", "de", "fr", "es", "ja"] as const;
export type Language = (typeof LANGUAGES)[number];

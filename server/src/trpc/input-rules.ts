import { z } from "zod";

/**
 * Rules every input of the server's own doors (tRPC, the CSV report) shares, so that what reaches
 * the database is refused with a 400 there instead of failing as a 500 in SQL.
 */

/**
 * A string without U+0000: PostgreSQL text cannot hold it (the query fails), and no field has a
 * use for it. auth-core's router refuses it in every /api/auth input alike.
 */
export function inputText(): z.ZodString {
  return z.string().refine((value) => !value.includes("\u0000"), { message: "Must not contain a NUL character" });
}

/** The first and last instants an input date may name: years 1970 to 9999 (ISO strings with four-digit years). */
const FIRST_INPUT_DATE = new Date("1970-01-01T00:00:00.000Z");
const LAST_INPUT_DATE = new Date("9999-12-31T23:59:59.999Z");

/** A date of an audit filter or range: JS dates reach ±275,760 years, the log's rows do not. */
export function inputDate(): z.ZodDate {
  return z.date().min(FIRST_INPUT_DATE).max(LAST_INPUT_DATE);
}

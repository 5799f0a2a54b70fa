/**
 * Spec §8: a select item must not have an empty-string value. A placeholder or a "none" choice
 * uses this value instead (no id ever equals it), and reads back as "nothing chosen".
 */
export const NOTHING_CHOSEN = "__nothing__";

/** The chosen value, or "" for the placeholder: what the forms keep in their state. */
export function chosenValue(value: string): string {
  return value === NOTHING_CHOSEN ? "" : value;
}

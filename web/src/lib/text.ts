/** "1 sign-in attempt", "2 sign-in attempts". */
export function plural(count: number, one: string, many: string = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The closing period of a sentence that ends in a name: none after a name that ends in one ("Acme Widgets & Co."). */
export function endStop(text: string): string {
  return /[.!?]$/.test(text.trim()) ? "" : ".";
}

/**
 * Makes rows as objects from arrays of values, for a read whose columns are known before its
 * rows come (SQLite's raw mode). Each row is a copy of a blank row with every column (null), in
 * order, which V8 makes by copying its layout; a row built up from {} one column at a time walks
 * a chain of layouts, one per column (the session and key lookups read 25 and 37).
 */
export function rowBuilder(columns: readonly string[]): (values: readonly unknown[]) => Record<string, unknown> {
  // JSON.parse makes fast-mode objects; a spread of one copies its layout.
  const blank = JSON.parse(JSON.stringify(Object.fromEntries(columns.map((name) => [name, null])))) as Record<string, unknown>;
  const count = columns.length;
  return (values) => {
    const row: Record<string, unknown> = { ...blank };
    for (let i = 0; i < count; i++) row[columns[i]!] = values[i];
    return row;
  };
}

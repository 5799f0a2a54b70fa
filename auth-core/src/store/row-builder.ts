/**
 * Makes rows as objects from arrays of values, for a read whose columns are known before its
 * rows come (SQLite's raw mode, a PostgreSQL statement whose shape was described once). Each row
 * is a copy of a blank row with every column (null), in order, which V8 makes by copying its
 * layout; a row built up from {} one column at a time walks a chain of layouts, one per column
 * (the session and key lookups read 25 and 37). `convert`, when given, turns each raw value into
 * the row's (a driver's type parser).
 */
export function rowBuilder(
  columns: readonly string[],
  convert?: (value: unknown, index: number) => unknown,
): (values: readonly unknown[]) => Record<string, unknown> {
  // JSON.parse makes fast-mode objects; a spread of one copies its layout.
  const blank = JSON.parse(JSON.stringify(Object.fromEntries(columns.map((name) => [name, null])))) as Record<string, unknown>;
  const count = columns.length;
  if (convert) {
    return (values) => {
      const row: Record<string, unknown> = { ...blank };
      for (let i = 0; i < count; i++) row[columns[i]!] = convert(values[i], i);
      return row;
    };
  }
  return (values) => {
    const row: Record<string, unknown> = { ...blank };
    for (let i = 0; i < count; i++) row[columns[i]!] = values[i];
    return row;
  };
}

import type { ReactElement, ReactNode } from "react";

/** One column: its heading and what each row shows in it. */
export interface TableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The cell that names the row (a row header, `<th scope="row">`); one column per table. */
  rowHeader?: boolean;
  /** A tooltip for the cell: the whole text a short cell stands for. */
  title?: (row: Row) => string | undefined;
}

/** Below the table: where the reader is, and the way to the other pages. */
export interface TablePager {
  /** The pager's name for assistive technology ("Pages of people"). */
  label: string;
  /** "1–20 of 45", "20 events shown; there are more." (a status, announced politely). */
  status: ReactNode;
  /** Previous and Next, or Load more; none when there is nothing more. */
  controls?: ReactNode;
}

export interface PagedTableProps<Row> {
  caption: string;
  /** The table's own class, beside data-table (its column widths). */
  className: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** data-* attributes of a row (tests and styles find rows by them). */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
  /** The rows shown are the previous page's, while the next one loads. */
  busy?: boolean;
  /** Omitted where the table shows a fixed number of rows. */
  pager?: TablePager;
}

/**
 * A data table that scrolls sideways on its own (never the page) on a narrow screen, with a
 * caption, a row header per row and, below it, the pager: the console's people (page numbers) and
 * the event log (the server's cursor, Load more) take the same shape.
 */
export function PagedTable<Row>({ caption, className, columns, rows, rowKey, rowData, busy, pager }: PagedTableProps<Row>): ReactElement {
  return (
    <>
      <div className="table-scroll" aria-busy={busy || undefined}>
        <table className={`data-table ${className}`}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} {...rowData?.(row)}>
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th key={column.header} scope="row" title={column.title?.(row)}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.header} title={column.title?.(row)}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pager && (
        <nav className="pager" aria-label={pager.label}>
          <p className="muted small" role="status">
            {pager.status}
          </p>
          {pager.controls && <div className="actions">{pager.controls}</div>}
        </nav>
      )}
    </>
  );
}

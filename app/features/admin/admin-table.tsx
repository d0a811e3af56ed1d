import type { ReactNode } from "react";

export type Column<Row> = {
  /** The column's heading. */
  label: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned numbers and amounts. */
  numeric?: boolean;
};

/**
 * A console table: a caption that names it, headers, and an empty state instead of an
 * empty grid. On a narrow screen it scrolls sideways inside a focusable region, so the
 * page itself never does and keyboard users can scroll it too.
 */
export function AdminTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  empty: string;
}) {
  if (rows.length === 0) return <p className="admin-empty">{empty}</p>;
  return (
    <div className="admin-table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={column.numeric ? "is-numeric" : undefined}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.label} className={column.numeric ? "is-numeric" : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

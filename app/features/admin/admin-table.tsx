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
 * empty grid. On a phone each row becomes a card, every cell under its column's name
 * (admin.css), so the actions are on screen, not 700 px to the right; the region still
 * scrolls (and is focusable) should a cell be wider than the screen.
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
                <td
                  key={column.label}
                  className={column.numeric ? "is-numeric" : undefined}
                  data-label={column.label}
                >
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

import { adminMessages } from "../contracts/admin.contract";
import { isUuid } from "../domain/ids";
import { AppError } from "./errors";

/**
 * The console lists' keyset cursor (newest first): the last row's time, as the database
 * wrote it (`created_at::text`, microseconds and zone), and its id. One definition, so
 * every list refuses the same bad cursors the same way.
 */
export type PageAfter = { createdAt: string; id: string };

/** PostgreSQL's own text of a timestamptz: "2026-11-24 06:14:00.123456+00". */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;

export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString("base64url");
}

/** The cursor's row, or 400 "That filter is not valid." for anything we did not write. */
export function decodeCursor(cursor: string): PageAfter {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    value = undefined;
  }
  if (
    Array.isArray(value) &&
    value.length === 2 &&
    typeof value[0] === "string" &&
    TIMESTAMP.test(value[0]) &&
    !Number.isNaN(Date.parse(value[0].replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00"))) &&
    typeof value[1] === "string" &&
    isUuid(value[1])
  ) {
    return { createdAt: value[0], id: value[1] };
  }
  throw new AppError("VALIDATION_FAILED", 400, adminMessages.invalidFilter);
}

/** The cursor that continues a list after `row`. */
export function rowCursor(row: { cursorAt: string; id: string }): string {
  return encodeCursor(row.cursorAt, row.id);
}

/**
 * One page of a list read with `size + 1` rows: the first `size` rows, and the cursor
 * after the last of them only when the extra row came back (so a list that ends
 * exactly on a page's last row offers no empty next page).
 */
export function pageOf<R>(
  rows: R[],
  size: number,
  cursorOf: (row: R) => string,
): { shown: R[]; next: string | null } {
  const shown = rows.slice(0, size);
  const last = shown.at(-1);
  return { shown, next: rows.length > size && last ? cursorOf(last) : null };
}

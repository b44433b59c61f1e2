/**
 * Keyset pagination for the admin lists. A page is "the 50 rows before this one" in
 * (created_at DESC, rowid DESC) order, so page 500 costs what page 1 costs (an OFFSET
 * would read and discard every earlier row). rowid breaks ties between rows created in the
 * same millisecond: it is unique, and every secondary index already carries it.
 */
export interface Cursor {
  /** The last row's sort time (ms since the epoch). */
  at: number;
  /** The last row's rowid. */
  row: number;
}

export const PAGE_SIZE = 50;

const CURSOR = /^(\d{1,15})\.(\d{1,15})$/;

/** `?after=` as written by formatCursor; anything else reads as "first page". */
export function parseCursor(value: string | null | undefined): Cursor | null {
  const match = CURSOR.exec(value ?? '');
  if (!match) return null;
  return { at: Number(match[1]), row: Number(match[2]) };
}

export const formatCursor = (cursor: Cursor) => `${cursor.at}.${cursor.row}`;

export interface Page<T> {
  rows: T[];
  /** Where the next page starts, or null on the last page. */
  next: Cursor | null;
}

/**
 * Rows fetched with `limit + 1`: the extra row only says that a next page exists, and the
 * cursor is the last row kept.
 */
export function toPage<T>(rows: T[], limit: number, keyOf: (row: T) => Cursor): Page<T> {
  if (rows.length <= limit) return { rows, next: null };
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  return { rows: kept, next: last === undefined ? null : keyOf(last) };
}

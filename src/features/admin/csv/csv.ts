/**
 * CSV cells for the admin exports (RFC 4180), safe to open in a spreadsheet: a cell that
 * starts with =, +, -, @, a tab or a carriage return would be read as a formula (CSV
 * injection: a customer types `=HYPERLINK(...)` as their business name), so it gets a leading
 * single quote, which spreadsheets show as text.
 */
export type Cell = string | number | boolean | Date | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain negative amount ('-500.00', a credit note's total) is a number to a spreadsheet, not a formula. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = value instanceof Date ? value.toISOString() : value;
  if (FORMULA_START.test(text) && !NEGATIVE_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line, CRLF-terminated as RFC 4180 asks. */
export const csvLine = (cells: readonly Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

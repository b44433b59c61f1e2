/**
 * What a failed write means. SQLite names the columns of the unique index a write broke
 * ('UNIQUE constraint failed: invoices.subscription_id, invoices.period_start'), here or in the
 * libSQL client's cause, so a caller can tell "already done by someone else" from a fault.
 */
export function isUniqueViolation(error: unknown, column: string): boolean {
  const text = `${String(error)} ${String((error as { cause?: unknown } | null)?.cause ?? '')}`;
  return text.includes('UNIQUE') && text.includes(column);
}

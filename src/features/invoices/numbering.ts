/**
 * Invoice numbers: `INV-2026-0001`, credit notes `CN-2026-0001`. The sequence restarts each
 * calendar year in Orlando (an invoice issued on New Year's Eve at 11 PM belongs to that year),
 * is zero-padded to at least four digits and grows past them (INV-2026-10000).
 */
import type { InvoiceKind } from '#server/db/schema.ts';
import { site } from '#data/site.ts';

export const SERIES: Record<InvoiceKind, string> = { invoice: 'INV', credit_note: 'CN' };

const yearInOrlando = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: site.timeZoneId });

/** The calendar year of an instant in Orlando: the numbering year. */
export const numberingYear = (at: number) => Number(yearInOrlando.format(new Date(at)));

export const formatNumber = (series: string, year: number, sequence: number) =>
  `${series}-${year}-${String(sequence).padStart(4, '0')}`;

/** The same format in SQL, for the number the database assigns in the issuing commit. */
export const NUMBER_FORMAT_SQL = '%s-%d-%04d';

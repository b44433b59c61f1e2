import type { Invoice } from './invoices.server.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** '$1,499.00': documents show every amount with its cents (prices on the site drop '.00'). */
export const formatAmount = (cents: number) => usd.format(cents / 100);

/** '−$500.00' (a true minus sign): money returned, as a credit note shows its amounts. */
export const formatCredit = (cents: number) => `\u2212${formatAmount(cents)}`;

/** An amount of document `invoice` as it reads: a credit note's as money returned. */
export const formatDocumentAmount = (invoice: Pick<Invoice, 'kind'>, cents: number) =>
  invoice.kind === 'credit_note' ? formatCredit(cents) : formatAmount(cents);

/** A document's total with its sign for the books: a credit note subtracts from revenue. */
export const signedTotalCents = (invoice: Pick<Invoice, 'kind' | 'totalCents'>) =>
  invoice.kind === 'credit_note' ? -invoice.totalCents : invoice.totalCents;

/**
 * What is still owed on `invoice`: its total less what was paid of it, while it is open
 * (overdue included); nothing on a paid or void invoice, or on a credit note.
 */
export const amountDueCents = (invoice: Pick<Invoice, 'kind' | 'status' | 'totalCents' | 'paidCents'>) =>
  invoice.kind === 'invoice' && invoice.status === 'open'
    ? Math.max(0, invoice.totalCents - (invoice.paidCents ?? 0))
    : 0;

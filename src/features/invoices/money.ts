import { balanceDue } from '#features/lifecycle/moves.ts';
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
 * (overdue included); nothing on a paid or void invoice, or on a credit note. The one figure
 * every page, PDF and e-mail asks the customer to pay (the lifecycle's balance, which payments
 * are checked against).
 */
export const amountDueCents = (invoice: Pick<Invoice, 'kind' | 'status' | 'totalCents' | 'paidCents'>) =>
  invoice.kind === 'invoice' ? balanceDue(invoice) : 0;

/**
 * A partly paid invoice's standing, for the documents that show it beside the total: what was
 * paid so far and the balance due. Null when nothing was paid yet (the total is what is due,
 * as before) or nothing is owed any more.
 */
export function partPayment(invoice: Pick<Invoice, 'kind' | 'status' | 'totalCents' | 'paidCents'>) {
  const paidCents = invoice.paidCents ?? 0;
  const dueCents = amountDueCents(invoice);
  return paidCents > 0 && dueCents > 0 ? { paidCents, dueCents } : null;
}

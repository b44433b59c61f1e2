/**
 * Invoices as their owner (or an admin) reads them. Anyone else gets null, which the routes
 * answer with the 404 page: whether an invoice exists is not told to a stranger.
 */
import type { Db } from '#server/db/index.ts';
import { serverEnv } from '#server/env.ts';
import type { SessionUser } from '#server/security/session-user.ts';
import type { PaymentInstructions } from './invoice-pdf.ts';
import { findInvoice, type InvoiceWithLines } from './invoices.server.ts';

export async function invoiceForViewer(db: Db, id: string, viewer: SessionUser): Promise<InvoiceWithLines | null> {
  const invoice = await findInvoice(db, id);
  if (!invoice) return null;
  return invoice.userId === viewer.id || viewer.role === 'admin' ? invoice : null;
}

/**
 * How to pay, from the settings: bank transfer details. (Issue 22's 'Pay online' link joins them
 * when an open invoice can be paid by card; until then no document promises it.)
 */
export function paymentInstructions(): PaymentInstructions {
  return { bankDetails: serverEnv().INVOICE_BANK_DETAILS ?? null, payOnlineUrl: null };
}

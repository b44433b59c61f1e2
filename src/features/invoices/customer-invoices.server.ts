/**
 * Invoices as their owner (or an admin) reads them. Anyone else gets null, which the routes
 * answer with the 404 page: whether an invoice exists is not told to a stranger.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/index.ts';
import { invoices } from '#server/db/schema.ts';
import { serverEnv } from '#server/env.ts';
import type { SessionUser } from '#server/security/session-user.ts';
import { ownsInvoice } from '#features/accounts/ownership.server.ts';
import type { PaymentInstructions } from './invoice-pdf.ts';
import { customerInvoiceUrl } from './build-invoice.ts';
import { STATE_LABELS } from './copy.ts';
import { findInvoice, invoiceState, type Invoice, type InvoiceWithLines } from './invoices.server.ts';
import { formatAmount } from './money.ts';

/** A customer's invoices and credit notes, newest first. */
export async function customerInvoices(db: Db, userId: string): Promise<Invoice[]> {
  const rows = await db
    .select({ invoice: invoices })
    .from(invoices)
    .where(ownsInvoice(userId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.sequence));
  return rows.map((row) => row.invoice);
}

/** Invoice `id` for its owner (while shown to them) or an admin; null for anyone else. */
export async function invoiceForViewer(db: Db, id: string, viewer: SessionUser): Promise<InvoiceWithLines | null> {
  if (viewer.role !== 'admin') {
    const [mine] = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.id, id), ownsInvoice(viewer.id)));
    if (!mine) return null;
  }
  return findInvoice(db, id);
}

/**
 * How to pay `invoice`: bank transfer details from the settings and, when `online` (Stripe is
 * configured: the route that composes payments and invoices says so) and the invoice is still
 * open, the 'Pay online' link to its page, where the button opens the payment page.
 */
export function paymentInstructions(
  invoice: Pick<Invoice, 'id' | 'kind' | 'status'>,
  online: boolean,
): PaymentInstructions {
  const payable = online && invoice.kind === 'invoice' && invoice.status === 'open';
  return {
    bankDetails: serverEnv().INVOICE_BANK_DETAILS ?? null,
    payOnlineUrl: payable ? customerInvoiceUrl(invoice.id) : null,
  };
}

/** A link to one of an order's invoices, as the order page lists them. */
export interface InvoiceLink {
  href: string;
  number: string;
  /** "$3,800.00, Open" */
  summary: string;
  open: boolean;
}

/** The invoices and credit notes of order `orderId`, as its customer sees them, oldest first. */
export async function orderInvoiceLinks(
  db: Db,
  orderId: string,
  userId: string,
  now = Date.now(),
): Promise<InvoiceLink[]> {
  const rows = await db
    .select({ invoice: invoices })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), ownsInvoice(userId)))
    .orderBy(asc(invoices.issuedAt), asc(invoices.sequence));
  return rows.map(({ invoice }) => {
    const state = invoiceState(invoice, now);
    return {
      href: `/account/invoices/${invoice.id}`,
      number: invoice.number,
      summary: `${formatAmount(invoice.totalCents)}, ${STATE_LABELS[state]}`,
      open: invoice.status === 'open',
    };
  });
}

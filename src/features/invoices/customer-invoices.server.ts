/**
 * Invoices as their owner (or an admin) reads them. Anyone else gets null, which the routes
 * answer with the 404 page: whether an invoice exists is not told to a stranger.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/index.ts';
import { invoices } from '#server/db/schema.ts';
import { serverEnv, stripeConfigured } from '#server/env.ts';
import type { SessionUser } from '#server/security/session-user.ts';
import { ownsInvoice } from '#features/accounts/ownership.server.ts';
import type { PaymentInstructions } from './invoice-pdf.ts';
import { customerInvoiceUrl } from './build-invoice.ts';
import { INVOICE_COPY, stateLabel } from './copy.ts';
import { findInvoice, invoiceState, type Invoice, type InvoiceWithLines } from './invoices.server.ts';
import { amountDueCents, formatAmount, formatDocumentAmount, partPayment } from './money.ts';

/** A customer's invoices and credit notes, newest first. */
export async function customerInvoices(db: Db, userId: string): Promise<Invoice[]> {
  const rows = await db
    .select({ invoice: invoices })
    .from(invoices)
    .where(ownsInvoice(userId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.sequence));
  return rows.map((row) => row.invoice);
}

/**
 * What the customer owes across `invoices` (their own, as customerInvoices lists them): the
 * amount due on each open or overdue invoice. Paid and void ones and credit notes owe nothing;
 * nothing else is subtracted for now.
 */
export const balanceDueCents = (invoices: readonly Invoice[]) =>
  invoices.reduce((sum, invoice) => sum + amountDueCents(invoice), 0);

/** An invoice's state as a list shows it: a partly paid one with the balance still due. */
export function stateWithBalance(invoice: Invoice, now = Date.now()): string {
  const label = stateLabel(invoice.kind, invoiceState(invoice, now));
  const part = partPayment(invoice);
  return part ? INVOICE_COPY.stillDue(label, formatAmount(part.dueCents)) : label;
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
 * configured: the route that composes payments and invoices says so; by default, read from the
 * settings, for a mail written in a commit) and the invoice is still open, the 'Pay online'
 * link to its page, where the button opens the payment page.
 */
export function paymentInstructions(
  invoice: Pick<Invoice, 'id' | 'kind' | 'status'>,
  online = stripeConfigured(serverEnv()),
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
      summary: `${formatDocumentAmount(invoice, invoice.totalCents)}, ${stateWithBalance(invoice, now)}`,
      open: state === 'open' || state === 'overdue' || state === 'partly_paid',
    };
  });
}

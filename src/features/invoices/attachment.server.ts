/**
 * The invoice PDF an e-mail carries: made from the invoice as it is when the mail goes (the
 * outbox stores only a reference), registered under ATTACHMENT_KIND by the composition root.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/index.ts';
import { invoices, type AttachmentRef } from '#server/db/schema.ts';
import { mailFill } from '#server/email/fills.ts';
import type { Attachment } from '#server/email/mailer.ts';
import { paymentInstructions } from './customer-invoices.server.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { findInvoice } from './invoices.server.ts';

export const ATTACHMENT_KIND = 'invoice-pdf';

/** The reference a queued mail carries to attach invoice `id`. */
export const invoiceAttachment = (id: string): AttachmentRef => ({ kind: ATTACHMENT_KIND, ref: id });

/**
 * The PDF of invoice `id` as the mail goes; `online` says whether it can be paid online now
 * (Stripe configured: given by the composition root, which knows payments).
 */
export async function renderInvoiceAttachment(db: Db, id: string, online = false): Promise<Attachment | null> {
  const invoice = await findInvoice(db, id);
  if (!invoice) return null;
  return {
    filename: `${invoice.number}.pdf`,
    contentType: 'application/pdf',
    content: invoicePdf(invoice, paymentInstructions(invoice, online)),
  };
}

/** The fill (src/server/email/fills.ts) that names an invoice in a mail queued in the commit that numbers it. */
export const INVOICE_NUMBER_FILL = 'invoice-number';

/** The placeholder a mail writes for the number of the invoice it carries. */
export const invoiceNumberPlaceholder = mailFill(INVOICE_NUMBER_FILL);

/** At sending: the number of the invoice the mail carries as its PDF (null: it carries none). */
export async function invoiceNumberFill(db: Db, attachments: readonly AttachmentRef[]): Promise<string | null> {
  const ref = attachments.find((attachment) => attachment.kind === ATTACHMENT_KIND)?.ref;
  if (!ref) return null;
  const [invoice] = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, ref));
  return invoice?.number ?? null;
}

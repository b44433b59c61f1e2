/**
 * The invoice PDF an e-mail carries: made from the invoice as it is when the mail goes (the
 * outbox stores only a reference), registered under ATTACHMENT_KIND by the composition root.
 */
import type { Db } from '#server/db/index.ts';
import type { AttachmentRef } from '#server/db/schema.ts';
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

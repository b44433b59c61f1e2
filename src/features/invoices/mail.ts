/**
 * The invoice e-mail: the document's number, total and due date, with the PDF attached by the
 * outbox (attachment.server.ts). Checkout sends it when an invoice is issued, the admin's
 * 'Send again' re-queues it; both use this one description.
 */
import { site } from '#data/site.ts';
import { formatAgencyDate } from '#lib/dates.ts';
import type { RenderedMail } from '#server/email/layout.ts';
import { lines, link, list, note, p, renderMail, strong } from '#server/email/template.ts';
import { CREDIT_NOTE_COPY, INVOICE_COPY, INVOICE_MAIL, PAYMENT_METHOD_LABELS, PLAN_MAIL } from './copy.ts';
import { invoiceState, type InvoiceWithLines } from './invoices.server.ts';
import { formatAmount } from './money.ts';

const lineText = (line: InvoiceWithLines['lines'][number]) =>
  `${line.quantity > 1 ? `${line.quantity} x ` : ''}${line.description}: ${formatAmount(line.amountCents)}`;

/** What the customer is asked to do, by the document's state when the mail is written. */
function standing(invoice: InvoiceWithLines, now: number) {
  const state = invoiceState(invoice, now);
  if (state === 'paid' && invoice.paidAt) {
    const method = invoice.paidMethod ? PAYMENT_METHOD_LABELS[invoice.paidMethod] : null;
    const settled = invoice.kind === 'credit_note' ? CREDIT_NOTE_COPY.refundedOn : INVOICE_COPY.paidOn;
    return p(settled(formatAgencyDate(invoice.paidAt), method));
  }
  if (state === 'void') return p(INVOICE_COPY.voided(invoice.voidReason ?? ''));
  if (invoice.kind === 'credit_note') return p(INVOICE_MAIL.creditNote);
  return p(INVOICE_MAIL.due(formatAgencyDate(invoice.dueAt)));
}

/** To the customer: the invoice (or credit note) with its PDF; `invoiceUrl` is its page in their account. */
export function invoiceMail(
  invoice: InvoiceWithLines,
  options: { invoiceUrl: string },
  now = Date.now(),
): RenderedMail {
  const title = invoice.kind === 'credit_note' ? INVOICE_COPY.creditNoteTitle : INVOICE_COPY.invoiceTitle;
  return renderMail({
    subject: INVOICE_MAIL.subject(title, invoice.number, site.brand),
    audience: 'customer',
    body: [
      p`Hi ${invoice.customerName},`,
      p(INVOICE_MAIL.attached(title.toLowerCase(), invoice.number, invoice.customerBusiness)),
      ...(invoice.creditsNumber ? [p(CREDIT_NOTE_COPY.credits(invoice.creditsNumber))] : []),
      lines(list(invoice.lines.map(lineText)), p(strong(`${INVOICE_COPY.total}: ${formatAmount(invoice.totalCents)}`))),
      standing(invoice, now),
      p(link(INVOICE_MAIL.viewOnline, options.invoiceUrl)),
      note(INVOICE_MAIL.questions(site.phone.display)),
    ],
  });
}

/**
 * To the customer: a monthly plan's invoice for one period (issued open, or the receipt of a
 * renewal the card paid), written in the commit that issues it, so it cannot carry the number
 * the database gives the document: the attached PDF and the linked page do.
 */
export function planInvoiceMail(bill: {
  customerName: string;
  line: string;
  totalCents: number;
  /** null: paid already (a card renewal). */
  dueAt: Date | null;
  invoiceUrl: string;
}): RenderedMail {
  return renderMail({
    subject: bill.dueAt ? PLAN_MAIL.invoiceSubject(site.brand) : PLAN_MAIL.receiptSubject(site.brand),
    audience: 'customer',
    body: [
      p`Hi ${bill.customerName},`,
      p(bill.dueAt ? PLAN_MAIL.invoiceLead : PLAN_MAIL.receiptLead),
      lines(
        list([`${bill.line}: ${formatAmount(bill.totalCents)}`]),
        p(strong(`${INVOICE_COPY.total}: ${formatAmount(bill.totalCents)}`)),
      ),
      p(bill.dueAt ? INVOICE_MAIL.due(formatAgencyDate(bill.dueAt)) : PLAN_MAIL.paid),
      p(link(INVOICE_MAIL.viewOnline, bill.invoiceUrl)),
      note(INVOICE_MAIL.questions(site.phone.display)),
    ],
  });
}

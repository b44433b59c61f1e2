/**
 * The invoice e-mail: the document named in the subject ('Invoice INV-2026-0003 from Palmetto
 * Web Studio'), its lines and total, what is due and by when, how to pay, and its period for a
 * plan, with the PDF attached by the outbox (attachment.server.ts). Sent when an invoice is
 * issued (a build invoice, a plan's period, a credit note) and by the admin's 'Send again': one
 * description for all of them. A mail queued in the commit that issues the invoice cannot know
 * the number the database takes then: it carries a placeholder the outbox fills at sending.
 */
import { site } from '#data/site.ts';
import { formatAgencyDate } from '#lib/dates.ts';
import type { WriteQuery } from '#server/db/index.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import type { RenderedMail } from '#server/email/layout.ts';
import { lines, link, list, note, p, renderMail, strong } from '#server/email/template.ts';
import { invoiceAttachment, invoiceNumberPlaceholder } from './attachment.server.ts';
import { customerInvoiceUrl } from './build-invoice.ts';
import { CREDIT_NOTE_COPY, INVOICE_COPY, INVOICE_MAIL, PAYMENT_METHOD_LABELS } from './copy.ts';
import { paymentInstructions } from './customer-invoices.server.ts';
import { howToPay } from './how-to-pay.ts';
import type { PaymentInstructions } from './invoice-pdf.ts';
import { asIssued, invoiceState, type InvoiceDraft, type InvoiceWithLines } from './invoices.server.ts';
import { amountDueCents, formatAmount, formatDocumentAmount, partPayment } from './money.ts';
import { formatPlanPeriod, invoicePeriod } from './plan-period.ts';

const documentTitle = (invoice: Pick<InvoiceWithLines, 'kind'>) =>
  invoice.kind === 'credit_note' ? INVOICE_COPY.creditNoteTitle : INVOICE_COPY.invoiceTitle;

/** The subject every mail carrying `invoice` uses: 'Invoice INV-2026-0003 from Palmetto Web Studio'. */
export const invoiceSubject = (invoice: Pick<InvoiceWithLines, 'kind' | 'number'>) =>
  INVOICE_MAIL.subject(documentTitle(invoice), invoice.number, site.brand);

/**
 * How to pay, as mail blocks: 'Pay online' with its link, the bank details with the invoice's
 * number as the reference, or where to ask. Nothing for a paid or void invoice or a credit note.
 */
export function howToPayBlocks(
  invoice: Pick<InvoiceWithLines, 'kind' | 'number' | 'status' | 'dueAt' | 'totalCents' | 'paidCents'>,
  payment: PaymentInstructions,
  now = Date.now(),
): ReturnType<typeof p>[] {
  const how = howToPay(invoice, invoiceState(invoice, now), payment);
  if (!how) return [];
  return [
    p(strong(INVOICE_COPY.howToPay)),
    ...(how.payOnlineUrl ? [p(link(INVOICE_COPY.payOnline, how.payOnlineUrl))] : []),
    ...(how.bankLines.length > 0 ? [lines(p(INVOICE_COPY.bankTransfer), list(how.bankLines), p(how.reference))] : []),
    ...(how.askUs ? [p(how.askUs)] : []),
  ];
}

/**
 * What the customer is asked to pay, and by when: the balance due on a partly paid invoice,
 * the amount due (its total) on one nothing was paid of yet. Invoice and reminder mails alike.
 */
export function amountDueText(
  invoice: Pick<InvoiceWithLines, 'kind' | 'status' | 'dueAt' | 'totalCents' | 'paidCents'>,
) {
  const due = formatAgencyDate(invoice.dueAt);
  const amount = formatAmount(amountDueCents(invoice));
  return partPayment(invoice) ? INVOICE_MAIL.balanceDue(amount, due) : INVOICE_MAIL.amountDue(amount, due);
}

const lineText = (invoice: InvoiceWithLines, line: InvoiceWithLines['lines'][number]) =>
  `${line.quantity > 1 ? `${line.quantity} x ` : ''}${line.description}: ${formatDocumentAmount(invoice, line.amountCents)}`;

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
  return p(strong(amountDueText(invoice)));
}

/**
 * To the customer: the invoice (or credit note) with its PDF; `invoiceUrl` is its page in their
 * account, `payment` how it is paid (by default, the settings').
 */
export function invoiceMail(
  invoice: InvoiceWithLines,
  options: { invoiceUrl: string; payment?: PaymentInstructions },
  now = Date.now(),
): RenderedMail {
  const title = documentTitle(invoice);
  const period = invoicePeriod(invoice);
  const totalLabel = invoice.kind === 'credit_note' ? INVOICE_COPY.totalCredited : INVOICE_COPY.total;
  const part = partPayment(invoice);
  return renderMail({
    subject: invoiceSubject(invoice),
    audience: 'customer',
    body: [
      p`Hi ${invoice.customerName},`,
      p(INVOICE_MAIL.attached(title.toLowerCase(), invoice.number, invoice.customerBusiness)),
      ...(invoice.creditsNumber ? [p(CREDIT_NOTE_COPY.credits(invoice.creditsNumber))] : []),
      ...(invoice.kind === 'credit_note' && invoice.creditReason
        ? [p(CREDIT_NOTE_COPY.reason(invoice.creditReason))]
        : []),
      ...(period ? [p(`${INVOICE_COPY.period}: ${formatPlanPeriod(period)}`)] : []),
      ...(invoice.note ? [p(invoice.note)] : []),
      lines(
        list(invoice.lines.map((line) => lineText(invoice, line))),
        p(strong(`${totalLabel}: ${formatDocumentAmount(invoice, invoice.totalCents)}`)),
        ...(part ? [p(INVOICE_MAIL.paidSoFar(formatAmount(part.paidCents)))] : []),
      ),
      standing(invoice, now),
      ...howToPayBlocks(invoice, options.payment ?? paymentInstructions(invoice), now),
      p(link(INVOICE_MAIL.viewOnline, options.invoiceUrl)),
      note(INVOICE_MAIL.questions(site.phone.display)),
    ],
  });
}

/**
 * The outbox statement that mails invoice `id`, issued from `draft` in the same commit: the
 * invoice e-mail with its PDF, its number filled in at sending. `kind` names the mail in the
 * outbox ('invoice', 'plan-invoice', 'plan-receipt').
 */
export function issuedInvoiceMailStatement(
  draft: InvoiceDraft,
  id: string,
  kind: string,
  now = Date.now(),
): WriteQuery {
  const invoice = asIssued(draft, id, invoiceNumberPlaceholder, now);
  const mail = invoiceMail(invoice, { invoiceUrl: customerInvoiceUrl(id) }, now);
  return outboxInsert({ ...mail, kind, to: draft.customer.email, attachments: [invoiceAttachment(id)] }, now);
}

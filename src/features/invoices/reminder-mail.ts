/**
 * The reminders an open invoice sends, the agency's notice when one becomes overdue, and its
 * notice when an invoice no longer open is paid online (money to give back).
 */
import { site } from '#data/site.ts';
import type { RenderedMail } from '#server/email/layout.ts';
import { fields, link, note, p, renderMail, strong } from '#server/email/template.ts';
import { formatAgencyDate } from '#lib/dates.ts';
import { INVOICE_COPY } from './copy.ts';
import type { PaymentInstructions } from './invoice-pdf.ts';
import type { Invoice } from './invoices.server.ts';
import { amountDueText, howToPayBlocks, invoiceSubject } from './mail.ts';
import { amountDueCents, formatAmount, partPayment } from './money.ts';

export type ReminderStage = 'before' | 'due' | 'overdue';

const LEADS: Readonly<Record<ReminderStage, (due: string, partlyPaid: boolean) => string>> = {
  before: (due) => `A friendly reminder: this invoice is due on ${due}.`,
  due: (due) => `This invoice is due today, ${due}.`,
  overdue: (due, partlyPaid) =>
    partlyPaid
      ? `This invoice was due on ${due}. Thank you for your payment so far; the balance is still unpaid.`
      : `This invoice was due on ${due} and we have not received your payment yet.`,
};

/** The invoice named as every invoice mail names it, then what this reminder is about. */
const SUBJECTS: Readonly<Record<ReminderStage, (invoice: string) => string>> = {
  before: (invoice) => `Reminder: ${invoice} is due in 3 days`,
  due: (invoice) => `Reminder: ${invoice} is due today`,
  overdue: (invoice) => `Overdue: ${invoice}`,
};

/** To the customer, with the invoice attached: what is owed, by when, how to pay, and where to see it. */
export function invoiceReminderMail(
  invoice: Pick<Invoice, 'kind' | 'number' | 'customerName' | 'totalCents' | 'paidCents' | 'status' | 'dueAt'>,
  stage: ReminderStage,
  options: { invoiceUrl: string; payment: PaymentInstructions },
  now = Date.now(),
): RenderedMail {
  const due = formatAgencyDate(invoice.dueAt);
  return renderMail({
    subject: SUBJECTS[stage](invoiceSubject(invoice)),
    audience: 'customer',
    body: [
      p`Hi ${invoice.customerName},`,
      p(LEADS[stage](due, partPayment(invoice) !== null)),
      p(strong(`${invoice.number}. ${amountDueText(invoice)}`)),
      ...howToPayBlocks(invoice, options.payment, now),
      p`The invoice is attached. You can also ${link('view it in your account', options.invoiceUrl)}.`,
      note`Already paid? Thank you, and please ignore this e-mail. Questions? Reply or call ${site.phone.display}.`,
    ],
  });
}

/**
 * To the agency, once, when an invoice passes its due date unpaid: the amount still owed (the
 * balance, with the total and what was paid, when part of it came in).
 */
export function invoiceOverdueNotice(
  invoice: Pick<
    Invoice,
    | 'kind'
    | 'status'
    | 'number'
    | 'customerName'
    | 'customerBusiness'
    | 'customerEmail'
    | 'totalCents'
    | 'paidCents'
    | 'dueAt'
  >,
  options: { adminUrl: string },
): RenderedMail {
  const part = partPayment(invoice);
  const amounts: [string, string][] = part
    ? [
        [INVOICE_COPY.balanceDue, formatAmount(part.dueCents)],
        [INVOICE_COPY.total, formatAmount(invoice.totalCents)],
        [INVOICE_COPY.paidSoFar, formatAmount(part.paidCents)],
      ]
    : [['Amount', formatAmount(amountDueCents(invoice))]];
  return renderMail({
    subject: `Overdue: ${invoice.number}, ${invoice.customerBusiness}`.slice(0, 200),
    audience: 'agency',
    body: [
      p`Invoice ${invoice.number} passed its due date unpaid.`,
      fields([
        ['Customer', invoice.customerName],
        ['Business', invoice.customerBusiness],
        ['Email', invoice.customerEmail],
        ...amounts,
        ['Due', formatAgencyDate(invoice.dueAt)],
      ]),
      p(link('Open it', options.adminUrl)),
    ],
  });
}

/** To the agency: a 'Pay online' session paid an invoice that was already paid or void. */
export function extraPaymentNotice(
  invoice: Pick<Invoice, 'number' | 'customerName' | 'customerBusiness' | 'customerEmail' | 'totalCents' | 'status'>,
  sessionId: string,
  options: { adminUrl: string },
): RenderedMail {
  return renderMail({
    subject: `Check payment: ${invoice.number} was paid online while ${invoice.status}`.slice(0, 200),
    audience: 'agency',
    body: [
      p`Stripe session ${sessionId} paid invoice ${invoice.number}, which was already ${invoice.status}: it was not recorded. Refund it in the Stripe Dashboard, or record it against another invoice.`,
      fields([
        ['Customer', invoice.customerName],
        ['Business', invoice.customerBusiness],
        ['Email', invoice.customerEmail],
        ['Amount', formatAmount(invoice.totalCents)],
      ]),
      p(link('Open the invoice', options.adminUrl)),
    ],
  });
}

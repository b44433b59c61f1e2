/**
 * What the lifecycle's consequences say: refusals of a payment, the reasons and notes it writes,
 * and the confirmations that tell the admin what a cancel or refund does to the money and the plan.
 */
import { CANCELLATION_NOTICE_DAYS } from '#data/pricing.ts';

export const LIFECYCLE = {
  /** Mark paid with more than is owed: the form comes back with what was typed. */
  overBalance: 'That is more than the balance due. Enter at most the balance shown on the invoice.',
  /** A credit note for more than can still be credited: the form comes back with what was typed. */
  overCredit:
    'That is more than can still be credited on this invoice (what was paid, less the credit notes already issued). Enter at most the amount shown.',
  /** Void of an invoice that has payments against it: money was received, so it is credited, not voided. */
  hasPayments: 'This invoice has payments recorded against it. Refund or cancel the order instead of voiding it.',
  /** The void reason an order's cancellation writes on its open invoices. */
  voidedByCancel: (orderNumber: string) => `Order ${orderNumber} canceled`,
  /** The history note when a payment settles the build invoice. */
  invoicePaidNote: 'Invoice paid',
  /** The history note of a partial payment (the order stays pending until the balance is paid). */
  partPaidNote: (paid: string, balance: string) => `Payment of ${paid} received; ${balance} still due`,
  /** The confirmation's words on the monthly plan, as the 30-day notice applies to the agency's end. */
  planEndsNow: `Its monthly plan ends today, billed no further: the ${CANCELLATION_NOTICE_DAYS}-day notice applies only when the customer cancels the plan themselves.`,
  /** Cancel's confirmation, on the invoices. */
  cancelUnpaid: 'Its open invoice is voided (reason: the cancellation), so no reminder goes out.',
  cancelPaid: 'The paid invoice stays Paid and no money is returned: to give money back, refund the order instead.',
  /** Refund's confirmation, on the invoices. */
  refundCredit: 'The paid invoice stays Paid, and a credit note for the amount returned is e-mailed to the customer.',
  /** Mark paid on an order whose build invoice was voided: a payment is recorded against an invoice, always. */
  buildInvoiceVoided:
    'This order’s invoice was voided, so nothing can be recorded as paid on the order. Write a corrected invoice from the void invoice’s page; the payment is recorded on that invoice.',
  /** The launch form, when a payment schedule's balance is still open: launch goes ahead, the balance stays owed. */
  balanceOpenAtLaunch: (invoice: string, due: string) =>
    `The balance invoice ${invoice} still has ${due} due: launching does not wait for it, and its reminders go on.`,
  /** The launch form, when the balance falls due at launch (or at an approval the order skipped). */
  balanceIssuedAtLaunch: (amount: string) =>
    `Launching issues and e-mails the balance invoice (${amount}), as the order's payment schedule says.`,
} as const;

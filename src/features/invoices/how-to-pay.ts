/**
 * How an invoice is paid, as the page, the PDF and the e-mails all tell it: 'Pay online' (when
 * Stripe is configured and the invoice is open), bank transfer details from the settings with
 * the invoice's number as the reference, or, with neither, where to ask. Only an invoice that
 * is still owed says it: never a paid or void one, never a credit note.
 */
import { site } from '#data/site.ts';
import { INVOICE_COPY } from './copy.ts';
import type { PaymentInstructions } from './invoice-pdf.ts';
import type { InvoiceState } from './invoices.server.ts';

export interface HowToPay {
  payOnlineUrl: string | null;
  /** INVOICE_BANK_DETAILS, one entry per line ('By bank transfer:' before, the reference after). */
  bankLines: string[];
  reference: string;
  /** Neither online nor by bank: reply to ask. */
  askUs: string | null;
}

/** INVOICE_BANK_DETAILS as lines: a new line or '; ' starts one (docs/configuration.md). */
export const bankLines = (details: string | null) =>
  (details ?? '')
    .split(/\r?\n|;\s*/)
    .map((line) => line.trim())
    .filter(Boolean);

/** How to pay `invoice` in `state`, or null when nothing is to be paid. */
export function howToPay(
  invoice: { kind: 'invoice' | 'credit_note'; number: string },
  state: InvoiceState,
  payment: PaymentInstructions,
): HowToPay | null {
  if (invoice.kind !== 'invoice' || (state !== 'open' && state !== 'overdue' && state !== 'partly_paid')) return null;
  const bank = bankLines(payment.bankDetails);
  return {
    payOnlineUrl: payment.payOnlineUrl,
    bankLines: bank,
    reference: INVOICE_COPY.reference(invoice.number),
    askUs: !payment.payOnlineUrl && bank.length === 0 ? INVOICE_COPY.askUs(site.email) : null,
  };
}

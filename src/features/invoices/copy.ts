/** What invoices and credit notes say, on the page, in the PDF and in e-mails. */
import type { PaymentMethod } from '#server/db/schema.ts';
import type { InvoiceState } from './invoices.server.ts';

export const INVOICE_COPY = {
  listTitle: 'Invoices',
  listLead: 'Every invoice and credit note for your projects and plans.',
  none: 'No invoices yet. Each one appears here as soon as it is issued.',
  number: 'Number',
  backToList: 'All invoices',
  downloadPdf: 'Download PDF',
  linesCaption: 'What this invoice is for',
  invoiceTitle: 'Invoice',
  creditNoteTitle: 'Credit note',
  issued: 'Issued',
  due: 'Due',
  status: 'Status',
  billTo: 'Bill to',
  period: 'Period',
  columns: { description: 'Description', quantity: 'Qty', unitPrice: 'Unit price', amount: 'Amount' },
  total: 'Total',
  howToPay: 'How to pay',
  payOnline: 'Pay online',
  bankTransfer: 'By bank transfer:',
  reference: (number: string) => `Reference: ${number}`,
  askUs: (email: string) => `Reply to ${email} and we will send payment details.`,
  paidOn: (date: string, method: string | null) =>
    `Paid on ${date}${method ? ` by ${method.toLowerCase()}` : ''}. Thank you!`,
  voided: (reason: string) => `Void${reason ? `: ${reason}` : ''}. This invoice is not payable.`,
} as const;

export const STATE_LABELS: Record<InvoiceState, string> = {
  open: 'Open',
  overdue: 'Overdue',
  paid: 'Paid',
  void: 'Void',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  check: 'Check',
  cash: 'Cash',
  card: 'Card',
};

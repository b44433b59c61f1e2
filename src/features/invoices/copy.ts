/** What invoices and credit notes say, on the page, in the PDF and in e-mails. */
import type { InvoicePurpose, PaymentMethod } from '#server/db/schema.ts';
import type { InvoiceState } from '#features/lifecycle/moves.ts';
import { LIFECYCLE } from '#features/lifecycle/copy.ts';

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
  /** A credit note's party: the customer is credited, not billed. */
  creditTo: 'Credit to',
  period: 'Period',
  columns: { description: 'Description', quantity: 'Qty', unitPrice: 'Unit price', amount: 'Amount' },
  total: 'Total',
  /** A credit note's total row, its amount shown as money returned ('−$500.00'). */
  totalCredited: 'Total credited',
  amountDue: 'Amount due',
  /** A partly paid invoice, under its total: what was paid of it, then what is left to pay. */
  paidSoFar: 'Paid so far',
  balanceDue: 'Balance due',
  /** A partly paid invoice's state in a list: 'Partly paid, $2,800.00 still due'. */
  stillDue: (state: string, amount: string) => `${state}, ${amount} still due`,
  /** /account/invoices, above the list: what the customer owes across their open and overdue invoices. */
  balance: (amount: string) => `Balance due: ${amount}`,
  balanceNone: 'Balance due: $0.00. Nothing to pay right now.',
  howToPay: 'How to pay',
  payOnline: 'Pay online',
  bankTransfer: 'By bank transfer:',
  reference: (number: string) => `Reference: ${number}`,
  askUs: (email: string) => `Reply to ${email} and we will send payment details.`,
  paidOn: (date: string, method: string | null) =>
    `Paid on ${date}${method ? ` by ${method.toLowerCase()}` : ''}. Thank you!`,
  voided: (reason: string) => `Void${reason ? `: ${reason}` : ''}. This invoice is not payable.`,
} as const;

/** What a credit note says about the invoice it credits (credit-notes.server.ts, the page, the PDF). */
export const CREDIT_NOTE_COPY = {
  credits: (number: string) => `Credits ${number}`,
  lineFor: (number: string, description: string) => `Refund of ${number}: ${description}`,
  refundOf: (number: string) => `Refund of ${number}`,
  /** The admin's reason for a partial credit, on the note's page, PDF and e-mail. */
  reason: (reason: string) => `Reason: ${reason}`,
  refundedOn: (date: string, method: string | null) =>
    `Refunded on ${date}${method ? ` to the ${method.toLowerCase()}` : ''}.`,
} as const;

/** Paying an invoice online (pay-online.server.ts, its route and the invoice page). */
export const PAY_ONLINE = {
  button: 'Pay online',
  hint: 'By card, on Stripe’s secure page. We never see your card details.',
  notFound: 'Invoice not found',
  notOpen: 'This invoice is not open for payment: it is paid or void.',
  notConfigured: 'Online payment is not available. Please pay by bank transfer, or call us.',
  providerDown: 'The payment page could not be opened. Please try again in a moment; you will not be charged twice.',
  limited: 'Too many attempts. Please wait a few minutes and try again.',
} as const;

/** Notice codes (the form-outcome cookie) on /account/invoices/{id}. */
export const INVOICE_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map([
  ['not-open', { tone: 'error', text: PAY_ONLINE.notOpen }],
  ['not-configured', { tone: 'error', text: PAY_ONLINE.notConfigured }],
  ['provider', { tone: 'error', text: PAY_ONLINE.providerDown }],
  ['limited', { tone: 'error', text: PAY_ONLINE.limited }],
  ['error', { tone: 'error', text: PAY_ONLINE.providerDown }],
]);

export const STATE_LABELS: Record<InvoiceState, string> = {
  open: 'Open',
  partly_paid: 'Partly paid',
  overdue: 'Overdue',
  paid: 'Paid',
  void: 'Void',
};

/** A settled credit note's money went back to the customer: it reads 'Refunded', not 'Paid'. */
export const stateLabel = (kind: 'invoice' | 'credit_note', state: InvoiceState) =>
  kind === 'credit_note' && state === 'paid' ? 'Refunded' : STATE_LABELS[state];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  check: 'Check',
  cash: 'Cash',
  card: 'Card',
};

/** The bookkeeper's payments CSV (src/features/admin/csv/export.server.ts) and its link on /admin/invoices. */
export const LEDGER = {
  exportLink: 'Export payments CSV',
  creditNote: 'Credit note',
  recordedByStripe: 'Stripe',
  recordedBySystem: 'System',
};

/**
 * Every e-mail that carries an invoice or credit note (mail.ts, reminder-mail.ts) names it the
 * same way: 'Invoice INV-2026-0003 from Palmetto Web Studio'.
 */
export const documentName = (title: string, number: string, brand: string) => `${title} ${number} from ${brand}`;

/** The invoice e-mail (mail.ts): at issue, for a plan's period, and the admin's 'Send again'. */
export const INVOICE_MAIL = {
  subject: documentName,
  attached: (title: string, number: string, business: string) =>
    `Please find attached ${title} ${number} for ${business}.`,
  amountDue: (amount: string, date: string) => `Amount due: ${amount}, by ${date}.`,
  /** A partly paid invoice asks for what is left, not its total. */
  balanceDue: (amount: string, date: string) => `Balance due: ${amount}, by ${date}.`,
  /** Beside a partly paid invoice's total in a mail listing its lines. */
  paidSoFar: (amount: string) => `Paid so far: ${amount}`,
  creditNote: 'No payment is needed: this credit note records an amount we owe or returned to you.',
  viewOnline: 'View it in your account',
  questions: (phone: string) => `Questions? Reply to this e-mail or call ${phone}.`,
} as const;

/** The admin's invoice screens: /admin/invoices and /admin/invoices/{id}. */
export const ADMIN_INVOICES = {
  listTitle: 'Invoices',
  listCaption: 'Invoices and credit notes, newest first',
  searchLabel: 'Number, or start of e-mail or business name',
  stateLabel: 'State',
  anyState: 'Any state',
  kindLabel: 'Kind',
  anyKind: 'Invoices and credit notes',
  kinds: { invoice: 'Invoices', credit_note: 'Credit notes' },
  fromLabel: 'Issued from',
  toLabel: 'Issued to',
  none: 'No invoices yet.',
  noneMatch: 'No invoices match these filters.',
  columns: ['Number', 'Issued', 'Customer', 'Total', 'State'] as const,
  creditNote: 'Credit note',
  backToList: 'All invoices',
  viewPdf: 'View PDF',
  order: 'Order',
  purpose: {
    build: 'Website build',
    deposit: 'Website build: deposit',
    balance: 'Website build: balance',
    plan: 'Monthly plan',
    credit: 'Credit',
    manual: 'Written by hand',
    revisions: 'Extra revision rounds',
  } satisfies Record<InvoicePurpose, string>,
  purposeLabel: 'For',
  paid: 'Paid',
  paidAmount: 'Amount received',
  voidReason: 'Reason for void',
  notFound: 'Invoice not found',
  notOpen: 'Only an open or overdue invoice can be changed. Nothing was changed.',
  isVoid: 'A void invoice is not sent. Nothing was queued.',
  invalid: 'Please correct the marked fields.',
  amountInvalid: 'Enter the amount received in dollars, above zero, with at most 2 decimals (for example 1499.00)',
  dateInvalid: 'Enter the payment date as YYYY-MM-DD',
  dateFuture: 'The payment date cannot be in the future',
  methodInvalid: 'Choose how it was paid',
  reasonInvalid: 'Give the reason, 1 to 300 characters',
  reasonControl: 'Please remove control characters from the reason',
  markPaid: 'Mark paid',
  markPaidTitle: 'Record a payment',
  markPaidHint:
    'Record what arrived: less than the balance leaves the invoice Partly paid; the full balance makes it Paid, and a website build awaiting payment moves its order to Paid too.',
  balanceDue: 'Balance due',
  amountLabel: 'Amount received (USD)',
  dateLabel: 'Date received',
  dateHint: 'YYYY-MM-DD, today or earlier',
  methodLabel: 'Method',
  creditTitle: 'Issue a credit note',
  creditHint:
    'Return part (or the rest) of what was paid, with a reason the customer reads on the credit note. The invoice stays as it is and the order keeps its status; to refund a whole order, use Refund on the order. A card payment is refunded at Stripe for this amount.',
  creditable: 'Can still be credited',
  creditAmountLabel: 'Amount to credit (USD)',
  creditAmountInvalid:
    'Enter the amount to credit in dollars, above zero, with at most 2 decimals (for example 500.00)',
  creditReasonLabel: 'Reason (required)',
  creditSubmit: 'Issue credit note',
  credited: 'Credit note issued and e-mailed to the customer.',
  creditNotesTitle: 'Credit notes',
  creditNotesColumns: ['Number', 'Issued', 'Reason', 'Amount'] as const,
  creditReason: 'Reason for credit',
  notPaid: 'Nothing has been paid on this invoice, so there is nothing to credit.',
  stripeDashboard:
    'This card payment came through a Stripe subscription invoice: refund it in the Stripe Dashboard. Nothing was credited.',
  providerDown: 'Stripe did not make the refund. Nothing was credited; please try again in a moment.',
  voidSummary: 'Void invoice…',
  voidHint: 'A void invoice cannot be paid or reopened. Issue a new one to correct it.',
  voidConfirm: 'Void invoice',
  reasonLabel: 'Reason (required)',
  sendAgain: 'Send again',
  sendAgainHint: (email: string) => `E-mails the invoice with its PDF to ${email}.`,
  markedPaid: 'Invoice marked paid.',
  markedPaidOrder: 'Invoice marked paid, and the order moved to Paid.',
  partPaid: 'Payment recorded. The invoice is Partly paid; the balance is still due.',
  voided: 'Invoice voided.',
  sent: 'Invoice queued to be e-mailed again.',
  /** Audit entries and the order's Invoices section. */
  orderSection: 'Invoices',
  orderNone: 'No invoice issued for this order yet.',
  dashboardTitle: 'Invoices',
  agingTitle: 'Receivables by age',
  agingNote: 'What customers still owe on open invoices, by days past the due date.',
  agingLabels: {
    current: 'Current (not yet due)',
    '1-30': '1-30 days',
    '31-60': '31-60 days',
    'over-60': 'Over 60 days',
  },
  agingTotal: 'Total owed',
  agingColumns: { age: 'Past due', count: 'Invoices', owed: 'Owed' },
  openTotal: 'Open (not yet due)',
  overdueTotal: 'Overdue',
  allInvoices: 'All invoices',
} as const;

/** Notice codes (the form-outcome cookie) on /admin/invoices/{id}. */
export const ADMIN_INVOICE_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map([
  ['marked-paid', { tone: 'success', text: ADMIN_INVOICES.markedPaid }],
  ['marked-paid-order', { tone: 'success', text: ADMIN_INVOICES.markedPaidOrder }],
  ['part-paid', { tone: 'success', text: ADMIN_INVOICES.partPaid }],
  ['voided', { tone: 'success', text: ADMIN_INVOICES.voided }],
  ['over-balance', { tone: 'error', text: LIFECYCLE.overBalance }],
  ['has-payments', { tone: 'error', text: LIFECYCLE.hasPayments }],
  ['credited', { tone: 'success', text: ADMIN_INVOICES.credited }],
  ['over-credit', { tone: 'error', text: LIFECYCLE.overCredit }],
  ['not-paid', { tone: 'error', text: ADMIN_INVOICES.notPaid }],
  ['stripe-dashboard', { tone: 'error', text: ADMIN_INVOICES.stripeDashboard }],
  ['provider', { tone: 'error', text: ADMIN_INVOICES.providerDown }],
  ['sent', { tone: 'success', text: ADMIN_INVOICES.sent }],
  ['not-open', { tone: 'error', text: ADMIN_INVOICES.notOpen }],
  ['void', { tone: 'error', text: ADMIN_INVOICES.isVoid }],
  ['invalid', { tone: 'error', text: ADMIN_INVOICES.invalid }],
  ['not-found', { tone: 'error', text: ADMIN_INVOICES.notFound }],
  ['error', { tone: 'error', text: 'Something went wrong. Please try again.' }],
]);

/** The owner's own invoices: a new one for any customer, and a corrected one replacing a void one. */
export const OWNER_INVOICES = {
  newLink: 'New invoice',
  newTitle: 'New invoice',
  correctTitle: 'Write a corrected invoice',
  correctLink: 'Write a corrected invoice',
  correctLead: (number: string) =>
    `The corrected invoice replaces ${number}: same customer, purpose and order, so paying it counts as paying the original would have.`,
  replaces: (number: string) => `Replaces ${number}`,
  replacedBy: (number: string) => `Replaced by ${number}`,
  findLabel: 'Customer e-mail or name',
  findHint: 'The start of an e-mail address or of a name',
  find: 'Find customer',
  choose: (name: string) => `Choose ${name}`,
  noMatch: 'No customer account matches. The customer needs an account first.',
  customer: 'Customer',
  changeCustomer: 'Choose another customer',
  orderLabel: 'Order (optional)',
  noOrder: 'No order',
  line: (n: number) => `Line ${n}`,
  linesLegend: 'Lines',
  linesHint: (max: number) => `Fill in one line or more (up to ${max}); leave the rest blank.`,
  description: 'Description',
  quantity: 'Quantity',
  unitPrice: 'Unit price (USD)',
  dueLabel: 'Due date',
  dueHint: 'YYYY-MM-DD, in Orlando time: today or later, within a year',
  noteLabel: 'Note on the invoice (optional)',
  submit: 'Issue invoice',
  submitCorrected: 'Issue corrected invoice',
  issued: 'Invoice issued and e-mailed to the customer.',
  // Refusals and field messages.
  invalid: 'Please correct the marked fields.',
  customerInvalid: 'Choose the customer',
  customerNotFound: 'That customer account does not exist (or was deleted). Choose the customer again.',
  orderInvalid: 'Choose one of the customer’s orders, or No order',
  orderNotFound: 'That order is not one of this customer’s. Choose one of theirs, or No order.',
  orderEnded: 'That order was canceled or refunded: nothing more is billed for it.',
  orderNotPayable: 'That order is paid already: a build invoice is written only while its order awaits payment.',
  orderHasInvoice: 'That order already has a live invoice of this kind. Void it first.',
  notVoid: 'Only a void invoice can be corrected.',
  alreadyReplaced: 'This invoice already has a live corrected invoice.',
  replacedNotFound: 'The invoice to correct was not found.',
  linesMissing: 'Fill in at least one line: a description, a quantity and a unit price',
  descriptionInvalid: 'Describe the line in 1 to 200 characters, without special characters',
  quantityInvalid: 'Enter a whole quantity from 1 to 1000',
  priceInvalid: 'Enter the unit price in dollars, from 0.01 to 100000.00, with at most 2 decimals',
  totalTooLarge: 'The invoice total cannot exceed $1,000,000.00',
  dueInvalid: 'Enter the due date as YYYY-MM-DD',
  duePast: 'The due date cannot be before today',
  dueTooFar: 'The due date must be within a year',
  noteInvalid: 'Keep the note under 1,000 characters, without special characters',
} as const;

export const OWNER_INVOICE_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map([
  ['issued', { tone: 'success', text: OWNER_INVOICES.issued }],
  ['invalid', { tone: 'error', text: OWNER_INVOICES.invalid }],
  ['customer-not-found', { tone: 'error', text: OWNER_INVOICES.customerNotFound }],
  ['order-not-found', { tone: 'error', text: OWNER_INVOICES.orderNotFound }],
  ['order-ended', { tone: 'error', text: OWNER_INVOICES.orderEnded }],
  ['order-not-payable', { tone: 'error', text: OWNER_INVOICES.orderNotPayable }],
  ['order-has-invoice', { tone: 'error', text: OWNER_INVOICES.orderHasInvoice }],
  ['not-void', { tone: 'error', text: OWNER_INVOICES.notVoid }],
  ['already-replaced', { tone: 'error', text: OWNER_INVOICES.alreadyReplaced }],
  ['not-found', { tone: 'error', text: OWNER_INVOICES.replacedNotFound }],
]);

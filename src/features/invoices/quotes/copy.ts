/** Words of the quotes for extra revision rounds: the admin's form, the customer's answer, the mail. */
type Notices = ReadonlyMap<string, { tone: 'success' | 'error'; text: string }>;

export const REVISION_QUOTES = {
  title: 'Quote for extra revision rounds',
  adminTitle: 'Extra revision rounds',
  adminLead:
    'The included rounds are used: quote the extra rounds. The customer accepts it on their order page, which issues its invoice.',
  notYet: 'A quote can be written once the customer has used the revision rounds included.',
  roundsLabel: 'Extra rounds',
  roundsInvalid: 'Enter the number of extra rounds, 1 to 20',
  priceLabel: 'Price per round (USD)',
  priceInvalid: 'Enter the price per round in dollars, above zero and at most 100000.00 (for example 350.00)',
  noteLabel: 'Note to the customer (optional)',
  noteInvalid: 'Keep the note under 1,000 characters, without special characters',
  submit: 'Send quote',
  summary: (rounds: number, unit: string, total: string) =>
    `${rounds} extra revision ${rounds === 1 ? 'round' : 'rounds'} at ${unit} each: ${total}`,
  status: { open: 'Waiting for the customer', accepted: 'Accepted', declined: 'Declined' } as const,
  invoiceLink: (number: string) => `Invoice ${number}`,
  customerLead: 'You have used the revision rounds included with your website. Here is our quote for the extra rounds:',
  accept: 'Accept quote',
  acceptHint: 'We send you its invoice and start on your changes.',
  decline: 'Decline quote',
  invoiceLine: (order: string) => `Extra revision round for order ${order}`,
  // Notices and refusals.
  sent: 'Quote sent: the customer has been e-mailed to accept it on their order page.',
  accepted: 'Thank you! You accepted the quote; its invoice is in your e-mail and under Invoices.',
  declined: 'You declined the quote. Reply to our e-mail if you would like to talk it over.',
  notFound: 'Quote not found',
  notOpen: 'This quote was already answered. The page shows where it stands.',
  orderEnded: 'This order has ended: nothing more is billed for it.',
  hasOpen: 'A quote is already waiting for the customer on this order.',
  notEligible: 'The customer has not used the included revision rounds yet: no quote is needed.',
  invalid: 'Please correct the marked fields.',
  limited: 'Too many answers in a short time. Please wait a few minutes.',
  mailSubject: (order: string) => `A quote for extra revision rounds (${order})`,
  mailLead: 'You have used the revision rounds included with your website, so here is our quote for the extra rounds:',
  mailButton: 'Review the quote',
  mailButtonLead: 'Open your order to accept or decline it',
} as const;

export const QUOTE_NOTICES: Notices = new Map([
  ['quote-accepted', { tone: 'success', text: REVISION_QUOTES.accepted }],
  ['quote-declined', { tone: 'success', text: REVISION_QUOTES.declined }],
  ['quote-not-open', { tone: 'error', text: REVISION_QUOTES.notOpen }],
  ['quote-order-ended', { tone: 'error', text: REVISION_QUOTES.orderEnded }],
  ['quote-limited', { tone: 'error', text: REVISION_QUOTES.limited }],
]);

export const ADMIN_QUOTE_NOTICES: Notices = new Map([
  ['quote-sent', { tone: 'success', text: REVISION_QUOTES.sent }],
  ['quote-has-open', { tone: 'error', text: REVISION_QUOTES.hasOpen }],
  ['quote-not-eligible', { tone: 'error', text: REVISION_QUOTES.notEligible }],
  ['quote-order-ended', { tone: 'error', text: REVISION_QUOTES.orderEnded }],
  ['quote-invalid', { tone: 'error', text: REVISION_QUOTES.invalid }],
]);

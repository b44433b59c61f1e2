/** Words of the Stripe endpoints (JSON errors), of order history notes and of the agency's checks. */
export const STRIPE_MESSAGES = {
  notConfigured: 'Stripe payments are not configured on this server',
  missingSignature: 'Missing Stripe-Signature header',
  badSignature: 'Invalid webhook signature',
  tooManyReturns: 'Too many requests. Please wait a minute and reload this page.',
  paidNote: 'Paid by card through Stripe Checkout',
  /** The one line of an invoice's payment page. */
  invoiceLine: (number: string) => `Invoice ${number}`,
  paymentFailedNote: 'The bank payment through Stripe failed; the order is still waiting for payment',
  amountMismatchNote: (session: string, paid: string, due: string) =>
    `Stripe session ${session} paid ${paid}, but the order is ${due}: not marked paid, please check`,
  extraPaymentNote: (session: string, status: string) =>
    `Stripe session ${session} was paid while the order was already ${status}: check for a double payment and refund`,
  offerAmountMismatch: (session: string, paid: string, due: string) =>
    `Stripe session ${session} paid ${paid}, but the offer is ${due}: not activated. Check the Stripe subscription and refund or adjust it.`,
  offerExtraPayment: (session: string, stripeSubscription: string, status: string) =>
    `Stripe session ${session} started subscription ${stripeSubscription} while the offer was already ${status}: check for a double payment, cancel that Stripe subscription and refund.`,
} as const;

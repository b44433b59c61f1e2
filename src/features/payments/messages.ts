/** Words of the Stripe endpoints (JSON errors) and of order history notes written for Stripe. */
export const STRIPE_MESSAGES = {
  notConfigured: 'Stripe payments are not configured on this server',
  missingSignature: 'Missing Stripe-Signature header',
  badSignature: 'Invalid webhook signature',
  tooManyReturns: 'Too many requests. Please wait a minute and reload this page.',
  paidNote: 'Paid by card through Stripe Checkout',
  paymentFailedNote: 'The bank payment through Stripe failed; the order is still waiting for payment',
  amountMismatchNote: (session: string, paid: string, due: string) =>
    `Stripe session ${session} paid ${paid}, but the order is ${due}: not marked paid, please check`,
  extraPaymentNote: (session: string, status: string) =>
    `Stripe session ${session} was paid while the order was already ${status}: check for a double payment and refund`,
} as const;

/** Words around checkout: shared by the page, its script, the endpoint and the tests. */
export const CHECKOUT = {
  nameMin: 'Name must be at least 2 characters',
  nameMax: 'Name must be at most 100 characters',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  businessName: 'Business name is required',
  businessNameMax: 'Business name must be at most 120 characters',
  terms: 'You must agree to the terms and refund policy',
  extraPages: 'Extra pages must be a whole number from 0 to {max}',
  /** Extra pages sent where the reading sells none (the flat site). */
  extraPagesNotOffered: 'Extra pages are not offered with this plan',
  /** The monthly plan asked for where the reading has none (the flat site). */
  monthlyNotOffered: 'The monthly plan is not offered with this plan',
  controlSingleLine: 'Please use one line of plain text (no line breaks or control characters)',
  termsLabel: 'I agree to the Terms and Refund Policy',
  submit: 'Place Order',
  pending: 'Placing your order…',
  title: 'Checkout',
  /** Sent with a price, amount or total: the server sets every price. */
  priceRefused: 'Prices are set by our server; please submit the form without amounts',
  invalidNotice: 'Please correct the fields marked below.',
  limitedNotice: 'You have placed several orders in a short time. Please wait a few minutes, or call us.',
  errorNotice: 'We could not place your order. Nothing was charged. Please try again, or call us.',
  providerDown:
    'Your order is saved, but the payment page could not be opened. Please try again in a moment; you will not be charged twice.',
  canceledNotice: 'Payment canceled: nothing was charged. Your order is saved; place it again whenever you are ready.',
  /** Invoice mode's promise: online payment only where Stripe is configured to take it. */
  invoiceNote: (payOnline: boolean) =>
    payOnline
      ? 'No card needed: we will e-mail you an invoice for this order, payable online or by bank transfer.'
      : 'No card needed: we will e-mail you an invoice for this order, payable by bank transfer.',
  /** Under the monthly plan's box: it is chosen now and billed from launch. */
  planFromLaunch: 'Nothing for the plan is due today: its first invoice comes on the day your site goes live.',
  planFromLaunchCard:
    'Nothing for the plan is charged today: Stripe keeps your card for it, and the first month is charged on the day your site goes live.',
  /** Over the summary's list of what the plan in the order includes. */
  included: (plan: string) => `The ${plan} includes`,
  stripeNote: 'You will pay securely on the next page (Stripe). We never see your card details.',
} as const;

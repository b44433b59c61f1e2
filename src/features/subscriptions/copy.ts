import { formatPrice, perMonthFromLaunch } from '#data/pricing.ts';

/** Words around subscriptions in the customer's account. */
export const SUBSCRIPTIONS = {
  notFound: 'Subscription not found',
  notCancellable: 'This subscription cannot be canceled (it has ended or is already canceling).',
  notOffered: 'This subscription is not waiting for your acceptance.',
  providerDown: 'We could not reach the payment provider. Nothing changed; please try again in a moment.',
  cancelRequested: 'Your cancellation is confirmed. We e-mailed you the details.',
  // Said after an invoiced accept and after paying by card alike: the billing mail differs.
  accepted: 'Thank you! Your subscription is active.',
  notPaid:
    'Your subscription has not started: the payment was not completed. You can accept it again when you are ready.',
  processing: 'Thank you! Your payment is being confirmed; your subscription shows as active once it clears.',
  notPayable: 'This offer cannot be paid online. Please contact us and we will invoice it.',
  accept: 'Accept',
  cancel: 'Cancel subscription',
  confirmCancel: 'Confirm cancellation',
  keep: 'Keep my subscription',
} as const;

type Priced = {
  createdBy: string;
  status: keyof typeof SUBSCRIPTION_STATUS_LABELS;
  priceCents: number;
  interval: string;
  startedAt: Date | null;
};

/** A checkout's plan before launch: chosen, not yet billed. */
const awaitsLaunch = (s: Priced) => s.createdBy === 'checkout' && s.status === 'pending' && s.startedAt === null;

/** '$199 per month from launch' for a plan waiting for launch, '$199 per month' once it bills. */
export const subscriptionPriceText = (s: Priced) =>
  awaitsLaunch(s) ? perMonthFromLaunch(s.priceCents) : `${formatPrice(s.priceCents)} per ${s.interval}`;

/** The status in words; a checkout's plan waiting for launch says so. */
export const subscriptionStatusText = (s: Priced) =>
  awaitsLaunch(s) ? 'Starts at launch' : SUBSCRIPTION_STATUS_LABELS[s.status];

export const SUBSCRIPTION_STATUS_LABELS = {
  pending: 'Waiting to start',
  active: 'Active',
  past_due: 'Payment overdue',
  canceling: 'Canceling',
  canceled: 'Canceled',
} as const;

/**
 * Notices on /account after paying for (or leaving) an offer: `?notice=` codes in the URL, the one
 * exception to the form-outcome cookie, because Stripe sends the browser back there itself
 * (src/features/payments/return-paths.ts). A Map: a code comes from the URL, and
 * `?notice=valueOf` must find nothing.
 */
export const SUBSCRIPTION_RETURN_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map([
  ['subscription-accepted', { tone: 'success', text: SUBSCRIPTIONS.accepted }],
  ['subscription-not-paid', { tone: 'error', text: SUBSCRIPTIONS.notPaid }],
  ['subscription-processing', { tone: 'success', text: SUBSCRIPTIONS.processing }],
]);

/** Notice codes on /account of the subscription forms (the form-outcome cookie's `notice`), and the returns. */
export const SUBSCRIPTION_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map([
  ...SUBSCRIPTION_RETURN_NOTICES,
  ['subscription-canceling', { tone: 'success', text: SUBSCRIPTIONS.cancelRequested }],
  ['subscription-not-found', { tone: 'error', text: SUBSCRIPTIONS.notFound }],
  ['subscription-not-cancellable', { tone: 'error', text: SUBSCRIPTIONS.notCancellable }],
  ['subscription-not-offered', { tone: 'error', text: SUBSCRIPTIONS.notOffered }],
  ['subscription-not-payable', { tone: 'error', text: SUBSCRIPTIONS.notPayable }],
  ['subscription-provider', { tone: 'error', text: SUBSCRIPTIONS.providerDown }],
  ['subscription-error', { tone: 'error', text: 'Something went wrong. Please try again.' }],
]);

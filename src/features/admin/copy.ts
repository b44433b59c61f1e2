import { ADMIN_REVIEW } from '#features/orders/reviews/copy.ts';
import { LIFECYCLE } from '#features/lifecycle/copy.ts';

/** Words on the admin's order screens. */
export const ADMIN_ORDERS = {
  notFound: 'Order not found',
  notAllowed: 'The order cannot move to that status from where it is now',
  /** A form rendered before someone else changed the order (version check). */
  stale: 'Someone else changed this order after you opened it. Nothing was changed: check the page and try again.',
  noteRequired: 'Write the note (up to 2,000 characters)',
  noteBodyTooLong: 'The note must be at most 2,000 characters',
  noteAdded: 'Note added.',
  canceled: 'Order canceled.',
  refunded: 'Order refunded.',
  refundedInvoice: 'Refund recorded. Pay it back to the customer outside the site (invoice mode).',
  noStripePayment: 'Stripe has no card payment for this order to refund. Refund it in the Stripe Dashboard.',
  providerDown: 'The payment provider did not accept the request. Nothing changed; please try again.',
  mailed: 'Status changed and the customer was e-mailed.',
  updateStatus: 'Update status',
  statusLabel: 'Status',
  badStatus: 'Choose a status from the list',
  /** A plain form post that failed validation: the status or the note. */
  invalidMove: 'Choose a status from the list; a note is at most 500 characters, without control characters.',
  noteTooLong: 'The note must be at most 500 characters',
  noteControl: 'Please remove control characters from the note',
  moved: 'Status changed.',
  /** The status form's two notes: the agency's own, and what the customer is told. */
  internalNoteLabel: 'Note (internal, optional)',
  internalNoteHint: 'Only admins see this. It is never shown or sent to the customer.',
  customerNoteLabel: 'Message to the customer (optional)',
  customerNoteHint: "Shown on the customer's order page, and in the e-mail when you send one.",
  /** Beside a history step on the admin's page: the message the customer was shown. */
  customerNoteShown: 'Customer sees',
  /** Introduces the customer's message in the status e-mail. */
  customerNoteInMail: 'A note from us:',
  markPaid: 'Mark paid',
  /** The order page's Mark paid: what was received, the balance by default. */
  markPaidAmount: 'Amount received (USD)',
  partPaid: 'Payment recorded. The order stays pending until the balance is paid.',
  /** The history note of a Mark paid. */
  invoicePaidNote: 'Invoice paid',
  markLaunched: 'Mark launched',
  liveUrlLabel: 'Live site address (optional)',
  liveUrlHint: 'The address the customer is sent to, e.g. https://example.com',
  badLiveUrl: 'Give the live address as a full web address starting with https:// or http:// (at most 300 characters)',
  launchHint: (plan: string | null) =>
    plan
      ? `The customer is told the site is live, and the ${plan} starts today: its first month is billed now.`
      : 'The customer is told the site is live.',
  launched: 'Site marked launched.',
  launchedPlan: 'Site marked launched; the monthly plan started and its first month is billed.',
  notLaunchable: 'Only a paid order that is not canceled or refunded can be marked launched.',
  launchedOn: (date: string) => `Launched on ${date}`,
  /** History lines of a launch: the agency's, and the customer's with the address. */
  launchedNote: 'Site launched',
  launchedCustomerNote: (url: string) => `Your site is live at ${url}`,
  intakeTitle: 'Website intake',
  intakeNotStarted: 'Not started: the customer has not saved any answers yet.',
  intakeDraft: (when: string) => `Draft: answers saved, not submitted yet (last saved ${when}).`,
  intakeSubmitted: (when: string) => `Submitted ${when}.`,
  openIntake: 'Read the intake',
} as const;

/** Notice codes (the form-outcome cookie) on /admin/orders/{id}. */
export const ADMIN_ORDER_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map([
  ['moved', { tone: 'success', text: ADMIN_ORDERS.moved }],
  ['part-paid', { tone: 'success', text: ADMIN_ORDERS.partPaid }],
  ['over-balance', { tone: 'error', text: LIFECYCLE.overBalance }],
  ['invoice-voided', { tone: 'error', text: LIFECYCLE.buildInvoiceVoided }],
  ['not-allowed', { tone: 'error', text: ADMIN_ORDERS.notAllowed }],
  ['stale', { tone: 'error', text: ADMIN_ORDERS.stale }],
  ['mailed', { tone: 'success', text: ADMIN_ORDERS.mailed }],
  ['note-added', { tone: 'success', text: ADMIN_ORDERS.noteAdded }],
  ['canceled', { tone: 'success', text: ADMIN_ORDERS.canceled }],
  ['launched', { tone: 'success', text: ADMIN_ORDERS.launched }],
  ['launched-plan', { tone: 'success', text: ADMIN_ORDERS.launchedPlan }],
  ['not-launchable', { tone: 'error', text: ADMIN_ORDERS.notLaunchable }],
  ['bad-live-url', { tone: 'error', text: ADMIN_ORDERS.badLiveUrl }],
  ['preview-posted', { tone: 'success', text: ADMIN_REVIEW.posted }],
  ['bad-preview-url', { tone: 'error', text: ADMIN_REVIEW.badPreviewUrl }],
  ['not-postable', { tone: 'error', text: ADMIN_REVIEW.notPostable }],
  ['refunded', { tone: 'success', text: ADMIN_ORDERS.refunded }],
  ['refund-recorded', { tone: 'success', text: ADMIN_ORDERS.refundedInvoice }],
  ['no-stripe-payment', { tone: 'error', text: ADMIN_ORDERS.noStripePayment }],
  ['provider', { tone: 'error', text: ADMIN_ORDERS.providerDown }],
  ['invalid', { tone: 'error', text: ADMIN_ORDERS.invalidMove }],
  ['not-found', { tone: 'error', text: ADMIN_ORDERS.notFound }],
  ['error', { tone: 'error', text: 'Something went wrong. Please try again.' }],
]);

/** Notice codes (the form-outcome cookie) on /admin: a form posted for an order that does not exist lands there. */
export const ADMIN_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map([
  ['order-not-found', { tone: 'error', text: ADMIN_ORDERS.notFound }],
]);

/** Words on the admin's subscription screens. */
export const ADMIN_SUBSCRIPTIONS = {
  notFound: 'Subscription not found',
  stale:
    'Someone else changed this subscription after you opened it. Nothing was changed: check the page and try again.',
  notCancellable: 'This subscription has already ended.',
  notPriceable: 'Only a custom plan that has not ended can change its price.',
  providerDown: 'The payment provider did not accept the request. Nothing changed; please try again.',
  canceledNow: 'Subscription canceled.',
  canceling: 'Subscription ends at the end of the notice period.',
  priceChanged: 'New price saved: it applies from the next period.',
  created: 'Subscription offered. The customer was e-mailed and accepts it in their account.',
  invalid: 'Please correct the marked fields.',
  badWhen: 'Choose when the subscription ends',
  emailInvalid: 'Enter the customer’s e-mail address',
  descriptionLength: 'The description must be 2 to 200 characters',
  descriptionOneLine: 'The description must be one line, without control characters',
  priceInvalid: 'Enter a price in dollars above zero, with at most 2 decimals (for example 87.65)',
  intervalInvalid: 'Choose month or year',
  create: 'Create subscription',
} as const;

/** Notice codes (the form-outcome cookie) on /admin/subscriptions/{id} and /admin/custom-subscription. */
export const ADMIN_SUBSCRIPTION_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map([
  ['created', { tone: 'success', text: ADMIN_SUBSCRIPTIONS.created }],
  ['canceled', { tone: 'success', text: ADMIN_SUBSCRIPTIONS.canceledNow }],
  ['canceling', { tone: 'success', text: ADMIN_SUBSCRIPTIONS.canceling }],
  ['price-changed', { tone: 'success', text: ADMIN_SUBSCRIPTIONS.priceChanged }],
  ['stale', { tone: 'error', text: ADMIN_SUBSCRIPTIONS.stale }],
  ['not-cancellable', { tone: 'error', text: ADMIN_SUBSCRIPTIONS.notCancellable }],
  ['not-priceable', { tone: 'error', text: ADMIN_SUBSCRIPTIONS.notPriceable }],
  ['provider', { tone: 'error', text: ADMIN_SUBSCRIPTIONS.providerDown }],
  ['invalid', { tone: 'error', text: ADMIN_SUBSCRIPTIONS.invalid }],
  ['not-found', { tone: 'error', text: ADMIN_SUBSCRIPTIONS.notFound }],
  ['error', { tone: 'error', text: 'Something went wrong. Please try again.' }],
]);

/** Words on the admin's lists. */
export const ADMIN_LISTS = {
  /** /admin/orders?q=: what the one search box matches. */
  ordersSearchLabel: 'Order number, phone, or start of e-mail or business name',
  /** A date filter (from/to) that is not a real day: refused, never silently dropped. */
  dateInvalid: 'Enter a real day as YYYY-MM-DD, for example 2026-11-01',
  /** The CSV export's 400 and the list's notice, naming the fields to fix ('from', 'to'). */
  datesInvalid: (fields: readonly string[]) =>
    `Invalid date in ${fields.map((f) => `'${f}'`).join(' and ')}: enter a real day as YYYY-MM-DD, for example 2026-11-01. Nothing was exported or filtered.`,
} as const;

/** Words on the admin's order screens. */
export const ADMIN_ORDERS = {
  notFound: 'Order not found',
  notAllowed: 'The order cannot move to that status from where it is now',
  badStatus: 'Choose a status from the list',
  /** A plain form post that failed validation: the status or the note. */
  invalidMove: 'Choose a status from the list; a note is at most 500 characters, without control characters.',
  noteTooLong: 'The note must be at most 500 characters',
  noteControl: 'Please remove control characters from the note',
  moved: 'Status changed.',
  markPaid: 'Mark paid',
  /** The history note of a Mark paid. */
  invoicePaidNote: 'Invoice paid',
} as const;

/** ?notice= codes on /admin/orders/{id}. */
export const ADMIN_ORDER_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map([
  ['moved', { tone: 'success', text: ADMIN_ORDERS.moved }],
  ['not-allowed', { tone: 'error', text: ADMIN_ORDERS.notAllowed }],
  ['invalid', { tone: 'error', text: ADMIN_ORDERS.invalidMove }],
  ['not-found', { tone: 'error', text: ADMIN_ORDERS.notFound }],
  ['error', { tone: 'error', text: 'Something went wrong. Please try again.' }],
]);

/** ?notice= codes on /admin: a form posted for an order that does not exist lands there. */
export const ADMIN_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map([
  ['order-not-found', { tone: 'error', text: ADMIN_ORDERS.notFound }],
]);

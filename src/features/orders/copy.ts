/** Words people see about held orders (/confirm-order) and in the admin's order lists. */
export const HELD_ORDER = {
  /** The admin's label for an order held for its address owner's confirmation. */
  unconfirmed: 'Unconfirmed',
  unconfirmedHint: 'Placed without logging in for an existing account; waiting for the address owner to confirm it.',
  pageTitle: 'Confirm your order',
  pageLead: 'Press the button to confirm that you placed this order.',
  button: 'Confirm this order',
  confirmed: 'Thank you: your order is confirmed. We have e-mailed you its details.',
  alreadyConfirmed: 'This order is already confirmed.',
  invalid: 'This link is not valid. If you placed an order, reply to the e-mail or call us.',
  expired: 'This link has expired. Please call us or reply to the e-mail, and we will confirm your order with you.',
  used: 'This link has already been used. If you pressed the button before, your order is confirmed.',
} as const;

/** Words on the customer's order page. */
export const CUSTOMER_ORDER = {
  launchedOn: (date: string) => `Your site went live on ${date}`,
} as const;

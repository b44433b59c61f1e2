/** What /thank-you says happens next (src/pages/thank-you.astro): each step a title and its words. */
export const THANK_YOU = {
  orderLead: 'We have your order. Here is what happens next.',
  messageLead: 'We have your message. Here is what happens next.',
  generalLead: 'We have your order or your message. Here is what happens next.',
  held: {
    title: 'Confirm your order.',
    text: 'This email address already has an account with us, so we sent it a link: open it and press the button. Your order goes ahead, and appears in that account, once it is confirmed.',
  },
  newAccount: {
    title: 'Activate your account.',
    text: 'We e-mailed you a confirmation of your order and a link to choose a password, so you can follow your order.',
  },
  /** Beside the new account's step: the activation link again, for a buyer who cannot find the mail. */
  resendActivation: 'Send the activation link again',
  resendActivationHint: 'No e-mail from us? Check your spam folder, or have the link sent again:',
  /** Invoice mode before the account is activated: where the invoice is, and how to see it in the account. */
  invoiceBeforeActivation: (invoice: string) =>
    `Invoice ${invoice} is in that e-mail. To see it in your account as well, activate your account first with the link we e-mailed you.`,
  signedIn: { title: 'Follow your order in your account.', text: 'We e-mailed you a confirmation too.' },
  confirmationSent: { title: 'Check your e-mail.', text: 'We e-mailed you a confirmation of your order.' },
  invoice: {
    title: 'Pay.',
    text: 'We will e-mail you an invoice for your order; your project starts when it is paid.',
  },
  /** Invoice mode, once the invoice is issued (the order is not held): it is in the mail already. */
  invoiceIssued: {
    title: 'Pay your invoice.',
    text: 'We e-mailed it to you with its PDF; your project starts when it is paid.',
  },
  paid: { title: 'Paid.', text: 'Thank you: we e-mail your receipt.' },
  processing: {
    title: 'Pay.',
    text: 'If you paid by card, we e-mail your receipt as soon as the payment clears (usually at once).',
  },
  /** With a monthly plan: when it starts ('The All-Inclusive Monthly Plan, $199 per month from launch'). */
  plan: {
    title: 'Your monthly plan starts at launch.',
    text: 'Nothing for it is due today; its first month is billed on the day your site goes live.',
  },
  intake: {
    title: 'Complete your website intake.',
    text: 'In your account, tell us about your business, your pages, your colors, and send your logo and photos.',
  },
} as const;

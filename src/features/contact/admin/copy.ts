/** The longest reply the agency writes to a contact message, in characters. */
export const MAX_REPLY_CHARS = 5000;

/** Words of a contact message's page in /admin, the reply it sends, and the agency's notification. */
export const ADMIN_CONTACT = {
  title: (name: string) => `Message from ${name}`,
  allMessages: 'All contact messages',
  from: 'From',
  email: 'Email',
  subject: 'Subject',
  received: 'Received',
  state: 'State',
  open: 'Open',
  handled: 'Handled',
  noSubject: '(none)',
  lead: 'Their lead',
  message: 'Their message',
  replies: 'Replies',
  noReplies: 'No reply yet.',
  replyBy: (name: string) => `by ${name}`,
  replyTitle: 'Reply',
  replyLabel: 'Your reply',
  replyHint: (email: string) =>
    `E-mailed to ${email} from the site (they answer by e-mail to the agency's inbox), and kept with the message and the lead. Up to ${MAX_REPLY_CHARS} characters.`,
  send: 'Send reply',
  sent: 'Reply sent.',
  replyRequired: 'Write the reply',
  replyTooLong: `The reply must be at most ${MAX_REPLY_CHARS.toLocaleString('en-US')} characters`,
  replyControl: 'Please remove control characters from the reply',
  notFound: 'Message not found',
  notificationButton: 'Read and reply',
  notificationHowToAnswer:
    "Answer on the message's page in the back office: the reply is e-mailed from the site and kept with their lead.",
} as const;

export const ADMIN_CONTACT_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map([
  ['reply-sent', { tone: 'success', text: ADMIN_CONTACT.sent }],
  ['message-handled', { tone: 'success', text: 'Marked handled.' }],
  ['invalid', { tone: 'error', text: 'Please correct the reply below.' }],
  ['error', { tone: 'error', text: 'Something went wrong. Please try again.' }],
]);

/** The reply's e-mail to the person who wrote. */
export const CONTACT_REPLY_MAIL = {
  subject: (subject: string | null, brand: string) => (subject ? `Re: ${subject}` : `Your message to ${brand}`),
  youWrote: (date: string) => `You wrote on ${date}:`,
  howToAnswer: 'To answer, reply to this e-mail: it reaches us directly.',
} as const;

/** Words of the project messages (a thread per order, and the replies on a care-plan request). */
import { UPLOADS } from '#features/intake/uploads/copy.ts';

/** The longest message, in characters (the multipart reader caps a field at 16 KiB). */
export const MAX_MESSAGE_CHARS = 4000;
/** Images on one thread at most: a conversation, not file storage (each is up to 10 MB as sent). */
export const MAX_THREAD_FILES = 50;

export const MESSAGES = {
  title: 'Messages',
  intro: 'Write to us about your project here: we answer on this page and e-mail you when we do.',
  agencyIntro:
    'The customer sees these messages and is e-mailed when you write. For the agency only, use Internal notes.',
  none: 'No messages yet.',
  bodyLabel: 'Your message',
  bodyHint: `Up to ${MAX_MESSAGE_CHARS} characters.`,
  fileLabel: 'Attach an image (optional)',
  fileHint: 'JPEG, PNG, WebP, GIF or AVIF, up to 10 MB.',
  send: 'Send message',
  you: 'You',
  agencyName: (brand: string) => brand,
  attachment: 'Attached image',
  unreadBadge: (count: number) => `${count} unread`,
  sent: 'Message sent.',
  empty: 'Please write a message or attach an image.',
  tooLong: `Please keep a message under ${MAX_MESSAGE_CHARS} characters.`,
  control: 'The message contains characters we cannot keep.',
  notFound: 'Not found',
  tooManyFiles: `A conversation holds at most ${MAX_THREAD_FILES} images. Please send a link to more instead.`,
  limited: 'You are sending messages very often. Please wait a moment and try again.',
  error: 'The message could not be sent. Please try again.',
  // The account and admin summaries.
  accountUnread: (count: number) =>
    count === 1 ? 'You have 1 unread message from us.' : `You have ${count} unread messages from us.`,
  agencyUnreadTitle: 'Project messages',
  agencyUnread: (count: number) =>
    count === 1 ? '1 unread message from customers.' : `${count} unread messages from customers.`,
  agencyNoUnread: 'No unread messages from customers.',
} as const;

/** The section's notices after a plain form post (codes in the form-outcome cookie). */
export const MESSAGE_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map([
  ['message-sent', { tone: 'success', text: MESSAGES.sent }],
  ['message-empty', { tone: 'error', text: MESSAGES.empty }],
  ['message-too-long', { tone: 'error', text: MESSAGES.tooLong }],
  ['message-invalid', { tone: 'error', text: MESSAGES.control }],
  ['message-limited', { tone: 'error', text: MESSAGES.limited }],
  ['message-error', { tone: 'error', text: MESSAGES.error }],
  ['message-too-large', { tone: 'error', text: UPLOADS.tooLarge }],
  ['message-pixels', { tone: 'error', text: UPLOADS.tooManyPixels }],
  ['message-type', { tone: 'error', text: UPLOADS.type }],
  ['message-svg', { tone: 'error', text: UPLOADS.svg }],
  ['message-pdf', { tone: 'error', text: UPLOADS.pdf }],
  ['message-heic', { tone: 'error', text: UPLOADS.heic }],
  ['message-unreadable', { tone: 'error', text: UPLOADS.unreadable }],
  ['message-too-many', { tone: 'error', text: MESSAGES.tooManyFiles }],
  ['message-one-file', { tone: 'error', text: UPLOADS.oneFile }],
  ['message-malformed', { tone: 'error', text: UPLOADS.malformed }],
]);

export const MESSAGE_MAIL = {
  toAgencySubject: (what: string) => `New message from a customer: ${what}`,
  toAgencyLead: (name: string, what: string) => `${name} wrote a message about ${what}:`,
  toCustomerSubject: (brand: string, what: string) => `New message from ${brand} about ${what}`,
  toCustomerLead: (brand: string, what: string) => `${brand} wrote you a message about ${what}:`,
  image: 'Attached image (opens once you are signed in): ',
  open: 'Read and reply',
  customerHowToAnswer:
    'To answer, sign in to your account, open the conversation and write under the last message: we keep the whole conversation there with your project',
  agencyHowToAnswer:
    'Answer on the admin page, under the last message: the customer reads it in their account and is e-mailed',
  signIn: 'The button opens your account; sign in first if you are asked to.',
} as const;

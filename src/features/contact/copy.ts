/** Words the visitor sees around the contact form: shared by the island, the endpoint's no-JS answers and tests. */
export const CONTACT = {
  nameMin: 'Name must be at least 2 characters',
  nameMax: 'Name must be at most 100 characters',
  nameType: 'Name must be text',
  email: 'Please enter a valid email address',
  subjectMax: 'Subject must be at most 150 characters',
  subjectType: 'Subject must be text',
  messageMin: 'Message must be at least 10 characters',
  messageMax: 'Message must be at most 5000 characters',
  messageType: 'Message must be text',
  controlSingleLine: 'Please use one line of plain text (no line breaks or control characters)',
  controlMultiline: 'Please remove control characters (such as NUL) from your message',
  submit: 'Send Message',
  pending: 'Sending...',
  sentTitle: 'Message Sent',
  sentDescription: 'We will get back to you shortly!',
  errorTitle: 'Error',
  errorDescription: 'There was a problem sending your message. Please try again.',
  /** The summary over a form a plain post sent back refused, with a message at each field. */
  invalidNotice: 'Please correct the fields marked below.',
  limitedNotice: 'You have sent several messages in a short time. Please wait a few minutes, or call us.',
} as const;

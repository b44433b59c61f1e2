/** What booking a call says: /book, the manage page, /admin/bookings and the e-mails. */
import { site } from '#data/site.ts';

export const BOOKING_COPY = {
  pageTitle: 'Schedule a Call',
  pageLead: `Pick a time for a free 30-minute call about your website. Calls are ${site.businessHours.display}.`,
  pageDescription: `Book a free 30-minute call with ${site.brand}: pick a time that suits you.`,
  slotsLegend: 'Pick a time',
  slotsHint: 'Times are shown in Eastern Time, where we are.',
  /** Where the visitor's clock differs, the page's script writes their time after each Eastern one. */
  yourTime: 'your time',
  localHint: (zone: string) => `Times are shown in your time zone (${zone}) too, beside Eastern Time.`,
  eastern: 'Eastern',
  noSlots: `No times are free in the next 14 days. Please call us at ${site.phone.display} or send a message.`,
  detailsLegend: 'Your details',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  business: 'Business (optional)',
  topic: 'What would you like to talk about?',
  submit: 'Book this call',
  // Field messages
  slotRequired: 'Please pick a time.',
  nameInvalid: 'Please enter your name (2-100 characters).',
  emailInvalid: 'Please enter a valid email address.',
  phoneInvalid: 'Please enter a phone number we can call (7-15 digits).',
  businessInvalid: 'Please keep the business name under 150 characters.',
  topicInvalid: 'Please tell us what the call is about (10-2000 characters).',
  controlCharacters: 'Please remove special control characters.',
  // Failures
  taken: 'That time was just taken, please pick another',
  unavailable: 'That time is no longer available, please pick another',
  invalid: 'Please check the highlighted fields.',
  limited: 'Too many attempts. Please wait a few minutes and try again.',
  error: 'Something went wrong. Please try again, or call us.',
  linkInvalid: 'This link is not valid. Please use the link in your latest booking e-mail.',
  // Manage page
  manageTitle: 'Your call',
  bookedTitle: 'Your call is booked',
  bookedText: 'We e-mailed you a confirmation with a calendar invitation. Use this page to change the time or cancel.',
  rescheduledText: 'Your call has a new time. We e-mailed you an updated invitation.',
  cancelledText: 'Your call is canceled. We e-mailed you to confirm.',
  isCancelled: 'This call was canceled.',
  isPast: 'This call has already taken place.',
  when: 'When',
  topicLabel: 'About',
  rescheduleTitle: 'Pick a new time',
  reschedule: 'Reschedule',
  cancelTitle: 'Cancel the call',
  cancelHint: 'Cancelling frees the time for someone else. You can always book again.',
  cancel: 'Cancel',
  bookAgain: 'Book another call',
} as const;

/** Notices a form post leaves for /book and the manage page. */
export const BOOKING_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map([
  ['taken', { tone: 'error', text: BOOKING_COPY.taken }],
  ['unavailable', { tone: 'error', text: BOOKING_COPY.unavailable }],
  ['invalid', { tone: 'error', text: BOOKING_COPY.invalid }],
  ['limited', { tone: 'error', text: BOOKING_COPY.limited }],
  ['error', { tone: 'error', text: BOOKING_COPY.error }],
  ['booked', { tone: 'success', text: BOOKING_COPY.bookedText }],
  ['rescheduled', { tone: 'success', text: BOOKING_COPY.rescheduledText }],
  ['cancelled', { tone: 'success', text: BOOKING_COPY.cancelledText }],
  ['not-active', { tone: 'error', text: BOOKING_COPY.isCancelled }],
  ['past', { tone: 'error', text: BOOKING_COPY.isPast }],
  ['bad-link', { tone: 'error', text: BOOKING_COPY.linkInvalid }],
]);

export const ADMIN_BOOKINGS = {
  listTitle: 'Bookings',
  upcoming: 'Upcoming',
  past: 'Past',
  viewLabel: 'Show',
  listCaption: 'Calls',
  columns: ['When (Eastern)', 'Who', 'About', 'Status'],
  none: 'No calls here yet.',
  statusLabels: { active: 'Booked', cancelled: 'Canceled' },
  blocksTitle: 'Blocked times',
  blocksHint: 'Visitors cannot book a call that overlaps a blocked time. Times are Eastern.',
  noBlocks: 'No upcoming blocked times.',
  blockFrom: 'From',
  blockTo: 'To',
  blockReason: 'Reason (optional)',
  block: 'Block this time',
  unblock: 'Unblock',
  blockInvalid: 'Please give a start and an end, the end after the start.',
  blockNotATime: 'Please enter a date and a time.',
  blockNoSuchDay: 'That day does not exist. Please check the date.',
  blockSkippedHour: 'The clocks skip that time when daylight saving starts. Please pick another.',
  blockPast: 'That time has already passed. Please pick a time from now on.',
  /** When a block would cover booked calls: the form comes back with these, and a confirmation. */
  coversCalls: (count: number) =>
    count === 1
      ? 'This time covers a booked call. Blocking it cancels the call and e-mails the visitor.'
      : `This time covers ${count} booked calls. Blocking it cancels them and e-mails each visitor.`,
  coversCallsError:
    'This time covers booked calls. Nothing is blocked: send their ids in cancelCalls to block it, cancel them and e-mail each visitor.',
  coversCallsTitle: 'Booked calls in this time',
  confirmBlock: (count: number) => (count === 1 ? 'Block and cancel the call' : `Block and cancel ${count} calls`),
  keepCalls: 'Keep the calls: change the time instead',
  /** Mailed to each visitor whose call a block cancels. */
  blockCancelMessage:
    'Something has come up and we are no longer free at this time. We are sorry: please book another time that suits you.',
  reasonInvalid: 'Please keep it under 200 characters, on one line.',
  backToList: 'All bookings',
  detailTitle: (name: string) => `Call with ${name}`,
  contact: 'Contact',
  messages: 'Messages from this e-mail',
  orders: 'Orders from this e-mail',
  lead: 'Their lead',
  notesTitle: 'Notes',
  notesLabel: 'Notes (only the agency sees these)',
  saveNotes: 'Save notes',
  notesInvalid: 'Notes can be at most 5000 characters.',
  cancelTitle: 'Cancel this call',
  cancelMessageLabel: 'Message to the visitor',
  cancelMessageInvalid: 'Please write a message to the visitor (1-2000 characters).',
  cancel: 'Cancel the call and e-mail the visitor',
  notFound: 'Booking not found',
  notActive: 'This call is already canceled.',
  dashboardTitle: 'Calls today and tomorrow',
  dashboardToday: 'Today',
  dashboardTomorrow: 'Tomorrow',
  dashboardNone: 'No calls.',
} as const;

export const ADMIN_BOOKING_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map([
  ['blocked', { tone: 'success', text: 'The time is blocked.' }],
  [
    'blocked-cancelled',
    { tone: 'success', text: 'The time is blocked, its calls canceled and each visitor e-mailed.' },
  ],
  ['unblocked', { tone: 'success', text: 'The time is open again.' }],
  ['notes-saved', { tone: 'success', text: 'Notes saved.' }],
  ['cancelled', { tone: 'success', text: 'The call is canceled and the visitor e-mailed.' }],
  ['invalid', { tone: 'error', text: 'Please check the highlighted fields.' }],
  [
    'covers-calls',
    {
      tone: 'error',
      text: 'Nothing is blocked yet: this time covers booked calls. Confirm below, or change the time.',
    },
  ],
  ['not-active', { tone: 'error', text: ADMIN_BOOKINGS.notActive }],
  ['error', { tone: 'error', text: 'Something went wrong. Please try again.' }],
]);

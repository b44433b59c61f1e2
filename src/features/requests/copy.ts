/** Words of care-plan requests: the customer's /account/requests and the agency's /admin/requests. */
import type { CareRequestStatus } from '#server/db/schema.ts';
import { UPLOADS } from '#features/intake/uploads/copy.ts';

export const REQUEST_STATUS_LABELS: Record<CareRequestStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  done: 'Done',
};

export const MAX_PAGE_CHARS = 200;
export const MAX_DETAILS_CHARS = 4000;

export const REQUESTS = {
  title: 'Content update requests',
  intro: 'Your monthly plan includes content updates: tell us what to change and on which page.',
  newTitle: 'Ask for an update',
  pageLabel: 'Which page',
  pageHint: 'For example: Home, Menu, or the address of the page.',
  detailsLabel: 'What to change',
  detailsHint: 'New text, prices, opening hours, a photo to swap: as much detail as you like.',
  fileLabel: 'Attach an image (optional)',
  send: 'Send request',
  listTitle: 'Your requests',
  none: 'No requests yet.',
  status: 'Status',
  assignee: 'Handled by',
  unassigned: 'Not assigned yet',
  sentOn: 'Sent',
  back: 'Back to your requests',
  conversation: 'Conversation',
  // Without an active plan.
  noPlanTitle: 'Content updates come with the monthly plan',
  noPlanLead: (plan: string) => `With the ${plan} we make content updates for you. It includes:`,
  noPlanAdd: 'See the plan and add it',
  noPlanContact: 'Ask us about a plan',
  noPlanAtAll: 'Content updates come with a monthly care plan. Ask us about one.',
  // Notices and refusals.
  sent: 'Request sent. We e-mail you when its status changes.',
  noPlan: 'Content update requests need an active monthly plan.',
  notFound: 'Request not found',
  pageRequired: 'Please say which page this is about.',
  detailsRequired: 'Please describe what to change.',
  tooLong: 'That is longer than we can keep. Please shorten it.',
  invalid: 'Please check the form.',
  limited: 'You are sending requests very often. Please wait a moment and try again.',
} as const;

export const ADMIN_REQUESTS = {
  title: 'Care-plan requests',
  filterLabel: 'Status',
  filterAll: 'All',
  filter: 'Filter',
  none: 'No requests.',
  customer: 'Customer',
  page: 'Page',
  status: 'Status',
  assignee: 'Assigned to',
  received: 'Received',
  unread: 'Unread',
  older: 'Older requests',
  statusLabel: 'Move to',
  save: 'Save status',
  close: 'Close (Done)',
  assignLabel: 'Team member',
  assign: 'Assign',
  unassigned: 'Unassigned',
  statusSaved: 'Status saved; the customer was e-mailed.',
  assigned: 'Assignment saved.',
  stale: 'Someone changed this request meanwhile. Check it and try again.',
  sameStatus: 'The request already has this status.',
  badAssignee: 'Choose a member of the team.',
  badStatus: 'Choose Open, In progress or Done.',
  notFound: 'Request not found',
} as const;

export const REQUEST_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map([
  ['request-sent', { tone: 'success', text: REQUESTS.sent }],
  ['request-no-plan', { tone: 'error', text: REQUESTS.noPlan }],
  ['request-invalid', { tone: 'error', text: REQUESTS.invalid }],
  ['request-limited', { tone: 'error', text: REQUESTS.limited }],
  ['request-too-large', { tone: 'error', text: UPLOADS.tooLarge }],
  [
    'request-file',
    { tone: 'error', text: 'The image could not be kept. Please choose a JPEG, PNG, WebP, GIF or AVIF under 10 MB.' },
  ],
]);

export const ADMIN_REQUEST_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map([
  ['status-saved', { tone: 'success', text: ADMIN_REQUESTS.statusSaved }],
  ['assigned', { tone: 'success', text: ADMIN_REQUESTS.assigned }],
  ['stale', { tone: 'error', text: ADMIN_REQUESTS.stale }],
  ['same-status', { tone: 'error', text: ADMIN_REQUESTS.sameStatus }],
  ['invalid', { tone: 'error', text: ADMIN_REQUESTS.badStatus }],
]);

export const REQUEST_MAIL = {
  newSubject: (name: string) => `New content update request from ${name}`,
  newLead: (name: string, page: string) => `${name} asked for a content update on: ${page}.`,
  open: 'Open the request',
  statusSubject: (brand: string, status: string) => `${brand}: your content update request is ${status}`,
  statusLead: (page: string, status: string) => `Your content update request for "${page}" is now: ${status}.`,
  view: 'View your request',
} as const;

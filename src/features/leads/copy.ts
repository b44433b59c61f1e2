/** Words of the leads: their stages and the admin's lead screens. */
import type { LeadStage } from '#server/db/schema.ts';

export const LEAD_STAGE_LABELS: Readonly<Record<LeadStage, string>> = {
  new: 'New',
  contacted: 'Contacted',
  call_booked: 'Call booked',
  proposal_sent: 'Proposal sent',
  ordered: 'Ordered',
  won: 'Won',
  lost: 'Lost',
};

export const ADMIN_LEADS = {
  title: 'Leads',
  notFound: 'Lead not found',
  stale: 'Someone else changed this lead after you opened it. Nothing was changed: check the page and try again.',
  stageLabel: 'Stage',
  badStage: 'Choose a stage from the list',
  changeStage: 'Change stage',
  stageChanged: 'Stage changed.',
  noteRequired: 'Write the note (up to 2,000 characters)',
  noteTooLong: 'The note must be at most 2,000 characters',
  noteControl: 'Please remove control characters from the note',
  noteAdded: 'Note added.',
  checkoutTitle: 'Send a checkout link',
  checkoutHint:
    'E-mails the lead a link to /checkout with your choices and their details filled in, for a week; the order they place is linked to this lead.',
  monthlyLabel: 'With the monthly plan',
  extraPagesLabel: 'Extra pages',
  badExtraPages: 'Extra pages must be a whole number the checkout sells',
  sendLink: 'Send checkout link',
  linkSent: 'Checkout link sent; the lead is at Proposal sent.',
  linkValidUntil: (when: string) => `The checkout link sent fills in their details until ${when}.`,
  linkExpired: (when: string) => `The checkout link sent expired on ${when}: it no longer fills in their details.`,
  linkClosed: 'The lead is won or lost: the checkout link sent no longer fills in their details.',
  renewLink: 'Renew the link for a week',
  linkRenewed: 'The checkout link fills in their details for another week (no new e-mail was sent).',
  noLinkToRenew: 'No checkout link was sent to this lead yet: send one first.',
  history: 'Everything they did',
  nothingYet: 'Nothing yet.',
  becameOrders: 'Became orders',
  byStage: 'Leads by stage',
  allLeads: 'All leads',
  contactMessages: 'Contact messages',
  ourReply: 'Our reply',
  waitingSince: 'Waiting for their reply',
  waitingUntil: (since: string, days: number) => `Since ${since}; marked lost after ${days} days without one`,
  replyToMessage: 'Read and reply',
  calls: 'Calls booked',
} as const;

export const ADMIN_LEAD_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map([
  ['stage-changed', { tone: 'success', text: ADMIN_LEADS.stageChanged }],
  ['note-added', { tone: 'success', text: ADMIN_LEADS.noteAdded }],
  ['link-sent', { tone: 'success', text: ADMIN_LEADS.linkSent }],
  ['link-renewed', { tone: 'success', text: ADMIN_LEADS.linkRenewed }],
  ['no-link', { tone: 'error', text: ADMIN_LEADS.noLinkToRenew }],
  ['stale', { tone: 'error', text: ADMIN_LEADS.stale }],
  ['invalid', { tone: 'error', text: `${ADMIN_LEADS.badStage}; ${ADMIN_LEADS.noteRequired}` }],
  ['error', { tone: 'error', text: 'Something went wrong. Please try again.' }],
]);

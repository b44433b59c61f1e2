/** Words on the admin dashboard. */
import { ADMIN_NOTICES } from '../copy.ts';

export const DASHBOARD = {
  title: 'Dashboard',
  messageNotFound: 'Message not found',
  messageHandled: 'Marked handled.',
  error: 'Something went wrong. Please try again.',
  planIncome: (days: number) => `Plan income expected in the next ${days} days`,
  /**
   * Under the weekly chart: what its bars count. Revenue is the ledger's (queries.server.ts):
   * money received, by the day it arrived, less credit notes, as the payments CSV totals it.
   */
  chartCaption:
    'Weeks are the 7-day spans ending now, oldest on the left. Orders counts the orders placed in the week; revenue counts the payments received in it (part payments included, by the day each arrived), less the credit notes issued in it.',
} as const;

/** Notice codes (the form-outcome cookie) on /admin: the order screens' own (an unknown order) plus the leads'. */
export const DASHBOARD_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map([
  ...ADMIN_NOTICES,
  ['message-handled', { tone: 'success', text: DASHBOARD.messageHandled }],
  ['message-not-found', { tone: 'error', text: DASHBOARD.messageNotFound }],
  ['error', { tone: 'error', text: DASHBOARD.error }],
]);

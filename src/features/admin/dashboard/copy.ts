/** Words on the admin dashboard. */
import { ADMIN_NOTICES } from '../copy.ts';

export const DASHBOARD = {
  title: 'Dashboard',
  messageNotFound: 'Message not found',
  messageHandled: 'Marked handled.',
  error: 'Something went wrong. Please try again.',
  planIncome: (days: number) => `Plan income expected in the next ${days} days`,
} as const;

/** Notice codes (the form-outcome cookie) on /admin: the order screens' own (an unknown order) plus the leads'. */
export const DASHBOARD_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map([
  ...ADMIN_NOTICES,
  ['message-handled', { tone: 'success', text: DASHBOARD.messageHandled }],
  ['message-not-found', { tone: 'error', text: DASHBOARD.messageNotFound }],
  ['error', { tone: 'error', text: DASHBOARD.error }],
]);

/**
 * My account's parts, one page each (issue 24: tabs, not jump links over one long page). The
 * overview keeps what a customer comes back for: orders, the website intake and plans.
 */
export const ACCOUNT_TABS = [
  { href: '/account', label: 'Overview' },
  { href: '/account/invoices', label: 'Invoices' },
  { href: '/account/requests', label: 'Requests' },
  { href: '/account/profile', label: 'Profile' },
] as const;

export type AccountTab = (typeof ACCOUNT_TABS)[number]['href'];

/** The tab a path belongs to: its own, or the one it sits under (/account/invoices/x is Invoices). */
export function currentTab(path: string): AccountTab | null {
  const clean = path.replace(/\/$/, '') || '/';
  const under = ACCOUNT_TABS.filter(
    (t) => t.href !== '/account' && (clean === t.href || clean.startsWith(`${t.href}/`)),
  );
  if (under[0]) return under[0].href;
  return clean === '/account' || clean.startsWith('/account/orders') || clean.startsWith('/account/subscriptions')
    ? '/account'
    : null;
}

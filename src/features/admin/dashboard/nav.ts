/** The admin navigation: every section, and which one a path belongs to. */
export interface AdminSection {
  href: string;
  label: string;
  /** Other paths that are this section's page (the dashboard answers at two URLs). */
  aliases?: readonly string[];
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { href: '/admin', label: 'Dashboard', aliases: ['/admin/dashboard'] },
  { href: '/admin/orders', label: 'Orders' },
  { href: '/admin/invoices', label: 'Invoices' },
  { href: '/admin/bookings', label: 'Bookings' },
  { href: '/admin/requests', label: 'Requests' },
  { href: '/admin/leads', label: 'Leads' },
  { href: '/admin/messages', label: 'Contact messages' },
  { href: '/admin/customers', label: 'Customers' },
  { href: '/admin/subscriptions', label: 'Subscriptions' },
  { href: '/admin/website-info', label: 'Website info' },
  { href: '/admin/custom-subscription', label: 'Custom subscription' },
  { href: '/admin/audit', label: 'Audit log' },
];

/**
 * aria-current for a section's link: 'page' on the section's own page, 'true' on a page inside
 * it (an order under Orders), so screen readers say "current page" only when it is one.
 * The dashboard's prefix (/admin) is every path's prefix: it matches exactly only.
 */
export function currentOf(section: AdminSection, path: string): 'page' | 'true' | undefined {
  if (path === section.href || section.aliases?.includes(path)) return 'page';
  if (section.href !== '/admin' && path.startsWith(`${section.href}/`)) return 'true';
  return undefined;
}

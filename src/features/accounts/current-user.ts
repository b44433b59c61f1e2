import { getOrNullOn401 } from '#lib/api.ts';
import { createQuery } from '#lib/query.ts';

/** The signed-in user as islands see it (GET /api/user). */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: 'customer' | 'admin';
}

/**
 * Who is signed in: loaded once from /api/user on first use and cached for the page's
 * life; set directly after sign-in or registration, and to null after sign-out.
 */
export const currentUser = createQuery<AuthUser | null>(() => getOrNullOn401<AuthUser>('/api/user'));

/** The header's account link (AccountLink.astro renders it; html-pages.ts matches its markup). */
export const ACCOUNT_LINK = {
  signedOut: { href: '/auth', label: 'Log in' },
  signedIn: { href: '/account', label: 'My account' },
} as const;

/**
 * Points every account link on the page (desktop header and mobile menu) at the state
 * the islands now know: called the moment the current user is set, so a sign-in or
 * sign-out without a reload shows in the header at once. The links are static HTML
 * (AccountLink.astro in the Astro header, which no island renders), so this edits them
 * in place.
 */
export function syncAccountLinks(signedIn: boolean): void {
  const link = signedIn ? ACCOUNT_LINK.signedIn : ACCOUNT_LINK.signedOut;
  for (const a of document.querySelectorAll<HTMLAnchorElement>('a[data-account-link]')) {
    if (a.getAttribute('href') !== link.href) a.setAttribute('href', link.href);
    if (a.textContent?.trim() !== link.label) a.textContent = link.label;
  }
}

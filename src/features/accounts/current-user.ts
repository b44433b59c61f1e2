/** The signed-in user as the browser sees it (GET /api/user, and the sign-in endpoints' answers). */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: 'customer' | 'admin';
}

/** The header's account link (AccountLink.astro renders it; html-pages.ts matches its markup). */
export const ACCOUNT_LINK = {
  signedOut: { href: '/auth', label: 'Log in' },
  signedIn: { href: '/account', label: 'My account' },
} as const;

/**
 * Points every account link on the page (desktop header and mobile menu) at the state
 * the page now knows: called by /auth's script the moment someone signs in or
 * out there, so that shows in the header at once, without a reload. The links are static
 * HTML (AccountLink.astro in the Astro header), so this edits them in place.
 */
export function syncAccountLinks(signedIn: boolean): void {
  const link = signedIn ? ACCOUNT_LINK.signedIn : ACCOUNT_LINK.signedOut;
  for (const a of document.querySelectorAll<HTMLAnchorElement>('a[data-account-link]')) {
    if (a.getAttribute('href') !== link.href) a.setAttribute('href', link.href);
    if (a.textContent?.trim() !== link.label) a.textContent = link.label;
  }
}

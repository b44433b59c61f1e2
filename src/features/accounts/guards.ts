import type { SessionUser } from './session.server.ts';

import { privatePrefixOf } from '#server/security/private-paths.ts';

export type Guard = 'admin-api' | 'admin-page' | 'user-api' | 'user-page' | null;

/** Which paths need whom (src/server/security/private-paths.ts): enforced on the server by src/middleware.ts. */
export function guardFor(path: string): Guard {
  const prefix = privatePrefixOf(path);
  if (!prefix || prefix.access === 'anyone') return null;
  return `${prefix.access}-${prefix.api ? 'api' : 'page'}`;
}

/**
 * Where a signed-in customer who opens an admin page lands: the home page, which is static
 * HTML, shows its "needs an admin account" notice while the URL fragment names it (AdminOnlyNotice.astro).
 */
export const ADMIN_ONLY_REDIRECT = '/#admin-only';

/**
 * Where an admin who has not set up two-factor sign-in lands, at sign-in and on every admin page:
 * the account page's two-factor section, which says why (TwoFactorSection.astro).
 */
export const ADMIN_TWO_FACTOR_SETUP = '/account/profile#two-factor';

/** /auth?next=… for a page that needs a signed-in user. */
export const loginRedirect = (url: URL) => `/auth?next=${encodeURIComponent(`${url.pathname}${url.search}`)}`;

/**
 * The signed-in user a private page renders for. The middleware has already redirected
 * everyone else; reaching here without one is a bug, so it fails loudly instead of rendering.
 */
export function requireUser(locals: App.Locals, role?: 'admin'): SessionUser {
  const { user } = locals;
  if (!user || (role && user.role !== role)) throw new Error('A private page rendered without its guard');
  return user;
}

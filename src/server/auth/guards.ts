/** Which paths need whom: enforced on the server by src/middleware.ts. */

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export type Guard = 'admin-api' | 'admin-page' | 'user-api' | 'user-page' | null;

export function guardFor(path: string): Guard {
  if (under(path, '/api/admin')) return 'admin-api';
  if (under(path, '/admin')) return 'admin-page';
  if (under(path, '/api/account')) return 'user-api';
  if (under(path, '/account')) return 'user-page';
  return null;
}

/** /auth?next=… for a page that needs a signed-in user. */
export const loginRedirect = (url: URL) => `/auth?next=${encodeURIComponent(`${url.pathname}${url.search}`)}`;

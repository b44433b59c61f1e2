/**
 * The one list of private URL prefixes, and who may reach each. It feeds the server-side
 * guards (src/middleware.ts), the build rule that renders every route under them on demand
 * (src/integrations/private-routes.ts: nothing private is ever a public static file), the
 * sitemap exclusions and robots.txt.
 */
export type PathAccess = 'user' | 'admin' | 'anyone';

export interface PrivatePrefix {
  prefix: string;
  /** Who may open it; 'anyone' is on demand and unlisted, but not signed-in only. */
  access: PathAccess;
  /** JSON API (401/403 answers) rather than pages (redirects). */
  api: boolean;
}

/** Most specific first: the first match decides. */
export const PRIVATE_PREFIXES: readonly PrivatePrefix[] = [
  { prefix: '/api/admin', access: 'admin', api: true },
  { prefix: '/api/account', access: 'user', api: true },
  { prefix: '/api', access: 'anyone', api: true },
  { prefix: '/admin', access: 'admin', api: false },
  { prefix: '/account', access: 'user', api: false },
  { prefix: '/auth', access: 'anyone', api: false },
  { prefix: '/checkout', access: 'anyone', api: false },
  { prefix: '/activate-account', access: 'anyone', api: false },
  { prefix: '/forgot-password', access: 'anyone', api: false },
  { prefix: '/reset-password', access: 'anyone', api: false },
  { prefix: '/confirm-email', access: 'anyone', api: false },
  { prefix: '/verify-email', access: 'anyone', api: false },
  { prefix: '/confirm-order', access: 'anyone', api: false },
  { prefix: '/book/manage', access: 'anyone', api: false },
];

export const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The private prefix a path falls under, or undefined for public paths. */
export const privatePrefixOf = (path: string): PrivatePrefix | undefined =>
  PRIVATE_PREFIXES.find(({ prefix }) => isUnder(path, prefix));

/** The URL path of a page file: 'src/pages/account/orders/[id].astro' → '/account/orders/[id]'. */
export function routePathOfPage(component: string): string | null {
  const match = /^src\/pages(\/.*?)(?:\/index)?\.(?:astro|md|mdx|ts|js|html)$/.exec(component.replaceAll('\\', '/'));
  if (!match) return null;
  return match[1] === '' ? '/' : (match[1] ?? '/');
}

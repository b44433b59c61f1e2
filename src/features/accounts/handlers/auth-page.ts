import { withParam } from '#server/http/mutation.ts';
import { safeReturnPath } from '../request-session.server.ts';

/** Where to go after signing in: the `next` parameter when it is a path on this site. */
export const nextPath = (url: URL) => safeReturnPath(url.searchParams.get('next'));

/** /auth with the form's error code, keeping `next`, scrolled to the form that failed. */
export const authPageWithError = (url: URL, code: string, form: 'login' | 'register') =>
  `${withParam(`/auth?next=${encodeURIComponent(nextPath(url))}`, 'error', code)}#${form}`;

import { landing } from '#server/http/mutation.ts';
import { safeReturnPath } from '../request-session.server.ts';

/** Where to go after signing in: the `next` parameter when it is a path on this site. */
export const nextPath = (url: URL) => safeReturnPath(url.searchParams.get('next'));

/** /auth keeping `next`, scrolled to the form that failed, with its error code in the form outcome. */
export const authPageWithError = (url: URL, code: string, form: 'login' | 'register') =>
  landing(`/auth?next=${encodeURIComponent(nextPath(url))}#${form}`, code);

import type { APIContext, AstroCookies } from 'astro';
import { clientAddress } from '../api/client-address';
import type { AppDatabase } from '../db';
import { createSession, deleteSessionCookie, invalidateSession, setSessionCookie } from './session';

/** Secure cookies whenever the request reached us over https (directly or via a trusted proxy). */
export const secureCookies = (url: URL) => url.protocol === 'https:';

/** Starts a session for `userId` on this device and sets its cookie. */
export async function signIn(database: AppDatabase, context: APIContext, userId: string) {
  // A new sign-in replaces whatever session this browser had.
  if (context.locals.session) await invalidateSession(database, context.locals.session.id);
  const { token, session } = await createSession(database, userId, {
    userAgent: context.request.headers.get('user-agent'),
    ip: clientAddress(context),
  });
  setSessionCookie(context.cookies, token, session.lastVerifiedAt, secureCookies(context.url));
  return session;
}

export async function signOut(database: AppDatabase, context: { cookies: AstroCookies; url: URL; locals: App.Locals }) {
  if (context.locals.session) await invalidateSession(database, context.locals.session.id);
  deleteSessionCookie(context.cookies, secureCookies(context.url));
  context.locals.session = null;
  context.locals.user = null;
}

/** A same-site path to return to after signing in; anything else becomes `fallback`. */
export function safeReturnPath(value: unknown, fallback = '/account'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.includes('\\')) return fallback;
  try {
    const url = new URL(value, 'http://localhost');
    // Check the path as a browser resolves it: '/.//evil.example' normalises to '//evil.example'.
    if (url.origin !== 'http://localhost' || url.pathname.startsWith('//')) return fallback;
    return `${url.pathname}${url.search}`;
  } catch {
    return fallback;
  }
}

import type { APIContext, AstroCookies } from 'astro';
import type { AppDatabase } from '../../server/db/index.ts';
import { serverEnv } from '../../server/env.ts';
import { clientAddress } from '../../server/http/client-address.ts';
import { auditStatement } from '../../server/security/audit.ts';
import { deleteSessionCookie, deleteSessionStatement, newSession, setSessionCookie } from './session.ts';

/**
 * Secure cookies whenever the site is public over https (the run-time SITE_URL), or the
 * request itself came over https. Behind a TLS proxy the request may look like http.
 */
export const secureCookies = (url: URL) => url.protocol === 'https:' || serverEnv().SITE_URL.startsWith('https:');

/**
 * Starts a session for `userId` on this device and sets its cookie. The browser's previous
 * session ends, and the sign-in is audited, in the same commit.
 */
export async function signIn(database: AppDatabase, context: APIContext, userId: string) {
  const ip = clientAddress(context);
  const { token, session, statement } = newSession(userId, {
    userAgent: context.request.headers.get('user-agent'),
    ip,
  });
  const previous = context.locals.session;
  await database.writes.run([
    ...(previous ? [deleteSessionStatement(previous.id)] : []),
    statement,
    auditStatement({ actorId: userId, action: 'auth.sign-in', entityType: 'session', entityId: session.id, ip }),
  ]);
  setSessionCookie(context.cookies, token, session.lastVerifiedAt, secureCookies(context.url));
  return session;
}

export async function signOut(database: AppDatabase, context: { cookies: AstroCookies; url: URL; locals: App.Locals }) {
  if (context.locals.session) await database.writes.run([deleteSessionStatement(context.locals.session.id)]);
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

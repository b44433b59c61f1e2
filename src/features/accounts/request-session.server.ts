import type { APIContext, AstroCookies } from 'astro';
import type { AppDatabase } from '#server/db/index.ts';
import { serverEnv } from '#server/env.ts';
import { clientAddress } from '#server/http/client-address.ts';
import { auditStatement } from '#server/security/audit.ts';
import {
  deleteSessionCookie,
  deleteSessionStatement,
  newSession,
  secondFactorRequired,
  setSessionCookie,
  type ValidatedSession,
} from './session.server.ts';

/**
 * Secure cookies whenever the site is public over https (the run-time SITE_URL), or the
 * request itself came over https. Behind a TLS proxy the request may look like http.
 */
export const secureCookies = (url: URL) => url.protocol === 'https:' || serverEnv().SITE_URL.startsWith('https:');

/**
 * What a validated session makes of a request (src/middleware.ts): the user and session, or,
 * for a session still waiting for its second factor, neither: only `pendingSignIn`, so every
 * guard, page and endpoint treats it as signed out and only the code step reads it.
 *
 * An admin's powers need the second factor: until an admin has set up two-factor sign-in, the
 * session carries a customer's powers (`role: 'customer'`) and `adminNeedsTwoFactor`, so no admin
 * page, endpoint or admin-only read (another customer's invoice, file or thread) opens for a
 * password alone, wherever it checks the role; the guards send the admin to the set-up instead.
 */
export function sessionLocals(
  result: ValidatedSession | null,
): Pick<App.Locals, 'user' | 'session' | 'pendingSignIn' | 'twoFactorOn' | 'adminNeedsTwoFactor'> {
  const none = { twoFactorOn: false, adminNeedsTwoFactor: false };
  if (!result) return { user: null, session: null, pendingSignIn: null, ...none };
  if (result.secondFactorPending) {
    return { user: null, session: null, pendingSignIn: { session: result.session, user: result.user }, ...none };
  }
  const { user, session, twoFactorOn } = result;
  if (user.role === 'admin' && !twoFactorOn) {
    return {
      user: { ...user, role: 'customer' },
      session,
      pendingSignIn: null,
      twoFactorOn,
      adminNeedsTwoFactor: true,
    };
  }
  return { user, session, pendingSignIn: null, twoFactorOn, adminNeedsTwoFactor: false };
}

/**
 * Starts a session for `userId` on this device and sets its cookie. The browser's previous
 * session ends, and the sign-in is audited, in the same commit. For an account with two-factor
 * sign-in the new session is only half signed in (`secondFactorPending`) until the code step
 * passes, unless it replaces this device's fully signed-in session of the same account (a
 * password change): a password alone, a reset link included, never gets past the code.
 */
export async function signIn(database: AppDatabase, context: APIContext, userId: string) {
  const ip = clientAddress(context);
  const { locals } = context;
  const secondFactorPassed = Boolean(locals.session && locals.user?.id === userId);
  const twoFactorOn = await secondFactorRequired(database, userId);
  const secondFactorPending = !secondFactorPassed && twoFactorOn;
  const { token, session, statement } = newSession(userId, {
    userAgent: context.request.headers.get('user-agent'),
    ip,
    secondFactorPassed,
  });
  const previous = [locals.session, locals.pendingSignIn?.session].filter((s) => s != null);
  await database.writes.run([
    ...previous.map((s) => deleteSessionStatement(s.id)),
    statement,
    auditStatement({
      actorId: userId,
      action: 'auth.sign-in',
      entityType: 'session',
      entityId: session.id,
      after: secondFactorPending ? { secondFactor: 'pending' } : undefined,
      ip,
    }),
  ]);
  setSessionCookie(context.cookies, token, session.lastVerifiedAt, secureCookies(context.url));
  return { ...session, secondFactorPending, twoFactorOn };
}

export async function signOut(database: AppDatabase, context: { cookies: AstroCookies; url: URL; locals: App.Locals }) {
  const sessions = [context.locals.session, context.locals.pendingSignIn?.session].filter((s) => s != null);
  if (sessions.length > 0) await database.writes.run(sessions.map((s) => deleteSessionStatement(s.id)));
  deleteSessionCookie(context.cookies, secureCookies(context.url));
  context.locals.session = null;
  context.locals.user = null;
  context.locals.pendingSignIn = null;
  context.locals.adminNeedsTwoFactor = false;
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

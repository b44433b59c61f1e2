/**
 * Database sessions (Lucia's recipe, owned here). The cookie holds `{id}.{secret}`; the row
 * keeps SHA-256(secret). Sessions slide: 10 days of inactivity ends one, and activity is
 * written back at most hourly.
 */
import type { AstroCookies } from 'astro';
import { and, desc, eq, gt, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { build, type AppDatabase, type WriteQuery } from '#server/db/index.ts';
import { preparedPerDatabase } from '#server/db/prepared.ts';
import { sessions, twoFactor, users } from '#server/db/schema.ts';
import type { SessionUser } from '#server/security/session-user.ts';
import { createToken, parseToken, secretMatches } from '#server/security/tokens.ts';

export const SESSION_COOKIE = 'session';
/** A session unused for this long is over (and pruned by src/features/accounts/pruning.ts). */
export const INACTIVITY_TIMEOUT_MS = 10 * 24 * 60 * 60_000;
/** Activity is written back at most this often (the sliding window moves in steps). */
export const ACTIVITY_REFRESH_MS = 60 * 60_000;
/**
 * A session of an account with two-factor sign-in starts half signed in (src/features/accounts/two-factor):
 * it has this long to pass the code step, then it is over.
 */
export const PENDING_SECOND_FACTOR_MS = 10 * 60_000;

export type { Role, SessionUser } from '#server/security/session-user.ts';

export interface Session {
  id: string;
  userId: string;
  createdAt: Date;
  lastVerifiedAt: Date;
}

export interface SessionMeta {
  userAgent?: string | null;
  ip?: string | null;
  /** The device already passed the second factor (a new session replacing one that had). */
  secondFactorPassed?: boolean;
}

/** A new session for `userId`: the token goes in the cookie and nowhere else; commit `statement`. */
export function newSession(userId: string, meta: SessionMeta = {}, now = Date.now()) {
  const { token, id, secretHash } = createToken();
  const session: Session = { id, userId, createdAt: new Date(now), lastVerifiedAt: new Date(now) };
  return {
    token,
    session,
    statement: build.insert(sessions).values({
      id,
      userId,
      secretHash: Buffer.from(secretHash),
      createdAt: session.createdAt,
      lastVerifiedAt: session.lastVerifiedAt,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
      twoFactorVerifiedAt: meta.secondFactorPassed ? new Date(now) : null,
    }),
  };
}

/** Starts a session for `userId` on its own. */
export async function createSession(database: AppDatabase, userId: string, meta: SessionMeta = {}, now = Date.now()) {
  const { token, session, statement: insert } = newSession(userId, meta, now);
  await database.writes.run([insert]);
  return { token, session };
}

export interface ValidatedSession {
  session: Session;
  user: SessionUser;
  /** The expiry moved: send the cookie again. */
  refreshed: boolean;
  /**
   * The account has two-factor sign-in and this session has not passed the code step yet:
   * it is not signed in (src/middleware.ts), it may only enter a code or sign out.
   */
  secondFactorPending: boolean;
  /** The account has two-factor sign-in turned on (read in the same query: admin pages show a prompt without it). */
  twoFactorOn: boolean;
}

/** The session with its user and two-factor state: every request with a cookie runs it, so it is prepared once. */
const sessionQuery = preparedPerDatabase((db) =>
  db
    .select({
      userId: sessions.userId,
      secretHash: sessions.secretHash,
      createdAt: sessions.createdAt,
      lastVerifiedAt: sessions.lastVerifiedAt,
      name: users.name,
      email: users.email,
      role: users.role,
      status: users.status,
      twoFactorVerifiedAt: sessions.twoFactorVerifiedAt,
      twoFactorEnabledAt: twoFactor.enabledAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(twoFactor, and(eq(twoFactor.userId, sessions.userId), isNotNull(twoFactor.enabledAt)))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare(),
);

/**
 * The session and user behind a cookie token, or null when the token is malformed,
 * unknown, wrong, expired by inactivity, or its user is not active.
 */
export async function validateSessionToken(
  database: AppDatabase,
  token: string | undefined,
  now = Date.now(),
): Promise<ValidatedSession | null> {
  const parsed = parseToken(token);
  if (!parsed) return null;
  const [row] = await sessionQuery(database.db).all({ id: parsed.id });
  if (!row || !secretMatches(parsed.secret, row.secretHash)) return null;
  const lastVerifiedAt = row.lastVerifiedAt.getTime();
  const secondFactorPending = row.twoFactorEnabledAt !== null && row.twoFactorVerifiedAt === null;
  if (
    now - lastVerifiedAt >= INACTIVITY_TIMEOUT_MS ||
    (secondFactorPending && now - row.createdAt.getTime() >= PENDING_SECOND_FACTOR_MS)
  ) {
    await invalidateSession(database, parsed.id);
    return null;
  }
  if (row.status !== 'active') return null;
  const refreshed = now - lastVerifiedAt >= ACTIVITY_REFRESH_MS;
  if (refreshed) {
    await database.writes.run([
      build
        .update(sessions)
        .set({ lastVerifiedAt: new Date(now) })
        .where(eq(sessions.id, parsed.id)),
    ]);
  }
  return {
    session: {
      id: parsed.id,
      userId: row.userId,
      createdAt: row.createdAt,
      lastVerifiedAt: new Date(refreshed ? now : lastVerifiedAt),
    },
    user: { id: row.userId, name: row.name, email: row.email, role: row.role },
    refreshed,
    secondFactorPending,
    twoFactorOn: row.twoFactorEnabledAt !== null,
  };
}

/** Whether sign-in asks `userId` for a second factor (two-factor sign-in is on). */
export async function secondFactorRequired(database: AppDatabase, userId: string): Promise<boolean> {
  const [row] = await database.db
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
  return row !== undefined;
}

/**
 * Statements that replace session `sessionId` with a new one that has passed the second factor
 * (the code step, or turning two-factor sign-in on). The token handed out before, at the password
 * step, may have been seen or planted: it stops working in the same commit, and only the new
 * token, which goes in the cookie and nowhere else, is signed in.
 */
export function replaceSessionStatements(sessionId: string, userId: string, meta: SessionMeta, now = Date.now()) {
  const fresh = newSession(userId, { ...meta, secondFactorPassed: true }, now);
  return {
    token: fresh.token,
    session: fresh.session,
    statements: [deleteSessionStatement(sessionId), fresh.statement],
  };
}

export const deleteSessionStatement = (sessionId: string): WriteQuery =>
  build.delete(sessions).where(eq(sessions.id, sessionId));

export async function invalidateSession(database: AppDatabase, sessionId: string) {
  await database.writes.run([deleteSessionStatement(sessionId)]);
}

/** Signs a user out everywhere (password change or reset), optionally keeping one session. */
export function invalidateUserSessionsStatement(userId: string, exceptSessionId?: string): WriteQuery {
  return build
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );
}

/** Idle sessions, for housekeeping. */
export const idleSessionsStatement = (now: number): WriteQuery =>
  build.delete(sessions).where(lt(sessions.lastVerifiedAt, new Date(now - INACTIVITY_TIMEOUT_MS)));

export interface ActiveSession {
  id: string;
  createdAt: Date;
  lastActiveAt: Date;
  userAgent: string | null;
  ip: string | null;
}

export async function listUserSessions(
  database: AppDatabase,
  userId: string,
  now = Date.now(),
): Promise<ActiveSession[]> {
  return database.db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastActiveAt: sessions.lastVerifiedAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.lastVerifiedAt, new Date(now - INACTIVITY_TIMEOUT_MS))))
    .orderBy(desc(sessions.lastVerifiedAt));
}

/** HttpOnly, SameSite=Lax, whole site; Secure whenever the site is served over https. */
export function setSessionCookie(cookies: AstroCookies, token: string, lastVerifiedAt: Date, secure: boolean) {
  cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    expires: new Date(lastVerifiedAt.getTime() + INACTIVITY_TIMEOUT_MS),
  });
}

export function deleteSessionCookie(cookies: AstroCookies, secure: boolean) {
  cookies.set(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: 0 });
}

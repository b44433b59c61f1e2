import type { AstroCookies } from 'astro';
import type { AppDatabase } from '../db';
import { createToken, parseToken, secretMatches } from './tokens.mjs';
import { SESSION_IDLE_MS } from '../db/housekeeping.mjs';

export const SESSION_COOKIE = 'session';
/** A session unused for this long is over (shared with src/server/db/housekeeping.mjs). */
export const INACTIVITY_TIMEOUT_MS = SESSION_IDLE_MS;
/** Activity is written back at most this often (the sliding window moves in steps). */
export const ACTIVITY_REFRESH_MS = 60 * 60_000;

export type Role = 'customer' | 'admin';

/** What pages and endpoints may know about the signed-in person. Never the password hash. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

export interface Session {
  id: string;
  userId: string;
  createdAt: Date;
  lastVerifiedAt: Date;
}

export interface SessionMeta {
  userAgent?: string | null;
  ip?: string | null;
}

/** Starts a session for `userId`; the token goes in the cookie and nowhere else. */
export async function createSession(database: AppDatabase, userId: string, meta: SessionMeta = {}, now = Date.now()) {
  const { token, id, secretHash } = createToken();
  await database.writes.run([
    {
      sql: `INSERT INTO sessions (id, user_id, secret_hash, created_at, last_verified_at, user_agent, ip) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      args: [id, userId, secretHash, now, now, meta.userAgent?.slice(0, 300) ?? null, meta.ip ?? null],
    },
  ]);
  const session: Session = { id, userId, createdAt: new Date(now), lastVerifiedAt: new Date(now) };
  return { token, session };
}

export interface ValidatedSession {
  session: Session;
  user: SessionUser;
  /** The expiry moved: send the cookie again. */
  refreshed: boolean;
}

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
  const { rows } = await database.client.execute({
    sql: `SELECT s.id, s.user_id, s.secret_hash, s.created_at, s.last_verified_at, u.name, u.email, u.role, u.status
          FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ?`,
    args: [parsed.id],
  });
  const row = rows[0];
  if (!row || !secretMatches(parsed.secret, row.secret_hash as ArrayBuffer)) return null;
  const lastVerifiedAt = Number(row.last_verified_at);
  if (now - lastVerifiedAt >= INACTIVITY_TIMEOUT_MS) {
    await invalidateSession(database, parsed.id);
    return null;
  }
  if (row.status !== 'active') return null;
  const refreshed = now - lastVerifiedAt >= ACTIVITY_REFRESH_MS;
  if (refreshed) {
    await database.writes.run([
      { sql: 'UPDATE sessions SET last_verified_at = ? WHERE id = ?', args: [now, parsed.id] },
    ]);
  }
  return {
    session: {
      id: parsed.id,
      userId: String(row.user_id),
      createdAt: new Date(Number(row.created_at)),
      lastVerifiedAt: new Date(refreshed ? now : lastVerifiedAt),
    },
    user: { id: String(row.user_id), name: String(row.name), email: String(row.email), role: row.role as Role },
    refreshed,
  };
}

export async function invalidateSession(database: AppDatabase, sessionId: string) {
  await database.writes.run([{ sql: 'DELETE FROM sessions WHERE id = ?', args: [sessionId] }]);
}

/** Signs a user out everywhere (password change or reset), optionally keeping one session. */
export function invalidateUserSessionsStatement(userId: string, exceptSessionId?: string) {
  return exceptSessionId
    ? { sql: 'DELETE FROM sessions WHERE user_id = ? AND id != ?', args: [userId, exceptSessionId] }
    : { sql: 'DELETE FROM sessions WHERE user_id = ?', args: [userId] };
}

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
  const { rows } = await database.client.execute({
    sql: `SELECT id, created_at, last_verified_at, user_agent, ip FROM sessions
          WHERE user_id = ? AND last_verified_at > ? ORDER BY last_verified_at DESC`,
    args: [userId, now - INACTIVITY_TIMEOUT_MS],
  });
  return rows.map((r) => ({
    id: String(r.id),
    createdAt: new Date(Number(r.created_at)),
    lastActiveAt: new Date(Number(r.last_verified_at)),
    userAgent: r.user_agent === null ? null : String(r.user_agent),
    ip: r.ip === null ? null : String(r.ip),
  }));
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

/**
 * The users table's one reader and writer: e-mail normalisation, the row shape pages may
 * see, and the one user insert (registration, pending accounts, the first admin).
 */
import type { InStatement } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { statement, type Db } from '#server/db/index.ts';
import { users, type USER_STATUSES } from '#server/db/schema.ts';
import type { Role, SessionUser } from './session.server.ts';

const builder = drizzle.mock();

/** E-mails are stored and compared trimmed and lower-cased. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export type UserStatus = (typeof USER_STATUSES)[number];

export interface UserRow extends SessionUser {
  passwordHash: string | null;
  status: UserStatus;
  /** A new address waiting for its confirmation link, if any. */
  pendingEmail: string | null;
  /** When the account proved it reads `email` (null: not yet; see address-proof.ts). */
  emailVerifiedAt: Date | null;
}

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  status: users.status,
  passwordHash: users.passwordHash,
  pendingEmail: users.pendingEmail,
  emailVerifiedAt: users.emailVerifiedAt,
};

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, id));
  return row ?? null;
}

export const publicUser = (u: SessionUser): SessionUser => ({ id: u.id, name: u.name, email: u.email, role: u.role });

/** The one user insert: a new id and the statement to commit (with whatever else belongs to it). */
export function insertUserStatement(
  user: {
    name: string;
    email: string;
    passwordHash: string | null;
    role?: Role;
    status: UserStatus;
    /** Only for an address someone vouched for (the operator's ADMIN_EMAIL). */
    emailVerified?: boolean;
  },
  now = Date.now(),
): { id: string; statement: InStatement } {
  const id = crypto.randomUUID();
  return {
    id,
    statement: statement(
      builder.insert(users).values({
        id,
        name: user.name,
        email: normalizeEmail(user.email),
        passwordHash: user.passwordHash,
        role: user.role ?? 'customer',
        status: user.status,
        emailVerifiedAt: user.emailVerified ? new Date(now) : null,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      }),
    ),
  };
}

export interface UserChanges {
  name: string;
  /** Stored normalised, like every e-mail. */
  email: string;
  pendingEmail: string | null;
  passwordHash: string | null;
  role: Role;
  status: UserStatus;
  emailVerifiedAt: Date | null;
}

/** Changes columns of one user (and its updated_at). */
export function updateUserStatement(id: string, changes: Partial<UserChanges>, now = Date.now()): InStatement {
  const set = { ...changes, updatedAt: new Date(now) };
  if (changes.email !== undefined) set.email = normalizeEmail(changes.email);
  if (changes.pendingEmail) set.pendingEmail = normalizeEmail(changes.pendingEmail);
  return statement(builder.update(users).set(set).where(eq(users.id, id)));
}

/**
 * The address a deleted account keeps: unique per user, on the reserved `.invalid` domain so
 * no mail can ever reach it, and different from every real address so that one can register again.
 */
export const deletedEmail = (userId: string) => `deleted-${userId}@invalid`;
export const DELETED_NAME = 'Deleted customer';

/**
 * The users table's one reader and writer: e-mail normalisation, the row shape pages may
 * see, and the one user insert (registration, pending accounts, the first admin).
 */
import { eq } from 'drizzle-orm';
import { build, type Db, type WriteQuery } from '#server/db/index.ts';
import { users, type USER_STATUSES } from '#server/db/schema.ts';
import type { Role, SessionUser } from './session.server.ts';

/** E-mails are stored and compared trimmed and lower-cased. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export type UserStatus = (typeof USER_STATUSES)[number];

/** The account as sign-in and the account pages need it: `pendingEmail` is a new address waiting for its link, `emailVerifiedAt` when `email` was proven (address-proof.ts). */
export type UserRow = SessionUser &
  Pick<typeof users.$inferSelect, 'passwordHash' | 'status' | 'pendingEmail' | 'emailVerifiedAt'>;

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
): { id: string; statement: WriteQuery } {
  const id = crypto.randomUUID();
  return {
    id,
    statement: build.insert(users).values({
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
export function updateUserStatement(id: string, changes: Partial<UserChanges>, now = Date.now()): WriteQuery {
  const set = { ...changes, updatedAt: new Date(now) };
  if (changes.email !== undefined) set.email = normalizeEmail(changes.email);
  if (changes.pendingEmail) set.pendingEmail = normalizeEmail(changes.pendingEmail);
  return build.update(users).set(set).where(eq(users.id, id));
}

/**
 * The address a deleted account keeps: unique per user, on the reserved `.invalid` domain so
 * no mail can ever reach it, and different from every real address so that one can register again.
 */
export const deletedEmail = (userId: string) => `deleted-${userId}@invalid`;
export const DELETED_NAME = 'Deleted customer';

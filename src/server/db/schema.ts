/**
 * Tables. Change this file, then `npm run db:generate` writes a migration into ./drizzle
 * (commit it); the server applies pending migrations when it starts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { blob, check, index, integer, real, sqliteTable, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';

/**
 * CHECK (column IN (...)): drizzle's `text({ enum })` types the column but the database
 * would still accept any string, so every status-like column gets one of these.
 */
function oneOf(name: string, column: AnySQLiteColumn, values: readonly string[]): ReturnType<typeof check> {
  const list: SQL = sql.join(
    values.map((v) => sql.raw(`'${v.replace(/'/g, "''")}'`)),
    sql.raw(', '),
  );
  return check(name, sql`${column} IN (${list})`);
}

/** Messages from the contact form: stored before the visitor is told they were received. */
export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject'),
    message: text('message').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);

export const OUTBOX_STATUSES = ['pending', 'sent', 'logged'] as const;

/**
 * E-mail waiting to go out. Written in the same transaction as whatever caused it, then
 * delivered (and retried with backoff) by the outbox worker, so a failed send never
 * loses the mail or the request that caused it.
 */
export const outbox = sqliteTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    /** What the mail is about, e.g. 'contact-notification'. */
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** 'logged': printed to the server log because no SMTP server is configured. */
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    /** A worker that claimed the row holds it until then (several processes may run workers). */
    lockedUntil: integer('locked_until', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    oneOf('outbox_status_check', t.status, OUTBOX_STATUSES),
  ],
);

/** Token buckets for rate limits, shared by every server process through the database. */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  tokens: real('tokens').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

export const USER_ROLES = ['customer', 'admin'] as const;
export const USER_STATUSES = ['active', 'pending'] as const;

/** People who sign in. `email` is stored lower-cased, so uniqueness is case-insensitive. */
export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    /** null until the account is activated (created by checkout or an admin). */
    passwordHash: text('password_hash'),
    role: text('role', { enum: USER_ROLES }).notNull().default('customer'),
    /** 'pending': created for a customer who has not set a password yet. */
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [oneOf('users_role_check', t.role, USER_ROLES), oneOf('users_status_check', t.status, USER_STATUSES)],
);

/** Signed-in devices. The cookie holds `{id}.{secret}`; only SHA-256(secret) is stored. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: blob('secret_hash', { mode: 'buffer' }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastVerifiedAt: integer('last_verified_at', { mode: 'timestamp_ms' }).notNull(),
    /** Shown in the list of active sessions. */
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const TOKEN_PURPOSES = ['activation', 'password_reset'] as const;

/** Single-use links sent by e-mail (account activation, password reset); stored hashed. */
export const accountTokens = sqliteTable(
  'account_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: TOKEN_PURPOSES }).notNull(),
    secretHash: blob('secret_hash', { mode: 'buffer' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('account_tokens_user_idx').on(t.userId, t.purpose),
    oneOf('account_tokens_purpose_check', t.purpose, TOKEN_PURPOSES),
  ],
);

export const AUDIT_ACTIONS = [
  'auth.sign-in',
  'auth.sign-out-others',
  'auth.password-change',
  'auth.password-reset',
  'auth.activate',
  'admin.bootstrap',
  'admin.promote',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Who changed what, when and from where. Written in the same commit as the change
 * (src/server/security/audit.ts). Rows outlive their actor: no foreign key.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    /** The user who acted; null for the system (start-up, CLI). */
    actorId: text('actor_id'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    /** What was changed, e.g. 'user' and its id. */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: text('before', { mode: 'json' }),
    after: text('after', { mode: 'json' }),
    /** The client address as resolved by the HTTP host (TRUST_PROXY aware); null outside a request. */
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    oneOf('audit_log_action_check', t.action, AUDIT_ACTIONS),
  ],
);

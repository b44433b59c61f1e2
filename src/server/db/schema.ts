/**
 * Tables. Change this file, then `npm run db:generate` writes a migration into ./drizzle
 * (commit it); the server applies pending migrations when it starts.
 */
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

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
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Token buckets for rate limits, shared by every server process through the database. */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  tokens: real('tokens').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

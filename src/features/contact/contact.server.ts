/**
 * Contact messages: stored with the agency's notification in one durable commit, and read
 * back newest first for the admin area.
 */
import { desc } from 'drizzle-orm';
import { site } from '#data/site.ts';
import { insertionOrder } from '#server/db/expressions.ts';
import { build, type AppDatabase } from '#server/db/index.ts';
import { contactMessages } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { serverEnv } from '#server/env.ts';
import { contactNotification } from './notification-mail.ts';
import { leadStatement } from '#features/leads/leads.server.ts';
import { contactMessagePath } from './admin/paths.ts';
import type { ContactInput } from './schema.ts';

export type ContactMessage = typeof contactMessages.$inferSelect;

/**
 * Stores the message, queues the agency's notification and records the writer as a lead in one
 * durable commit.
 * Resolves only once both are on disk: the visitor is told "sent" after that, and
 * the e-mail is delivered (and retried) by the outbox worker.
 */
export async function saveContactMessage(database: AppDatabase, input: ContactInput, now = Date.now()) {
  const id = crypto.randomUUID();
  const mail = contactNotification(
    { ...input, id, receivedAt: new Date(now) },
    `${serverEnv().SITE_URL}${contactMessagePath(id)}`,
  );
  await database.writes.run([
    build.insert(contactMessages).values({
      id,
      name: input.name,
      email: input.email,
      subject: input.subject ?? null,
      message: input.message,
      createdAt: new Date(now),
    }),
    outboxInsert(
      { ...mail, kind: 'contact-notification', to: serverEnv().AGENCY_INBOX ?? site.email, replyTo: input.email },
      now,
    ),
    // Whoever writes is a lead (or an existing one, brought to the top of the list).
    leadStatement({ email: input.email, name: input.name }, 'contact', now),
  ]);
  return { id };
}

/** The newest contact messages first. */
export async function latestContactMessages(database: AppDatabase, limit = 50): Promise<ContactMessage[]> {
  return database.db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(insertionOrder))
    .limit(limit);
}

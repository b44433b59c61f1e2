import { AGENCY_INBOX } from 'astro:env/server';
import { site } from '../../data/site';
import type { ContactInput } from '../../lib/schemas/contact';
import type { AppDatabase } from '../db';
import { outboxInsert } from '../email/enqueue';
import { contactNotification } from '../email/templates/contact-notification';

/**
 * Stores the message and queues the agency's notification in one durable commit.
 * Resolves only once both are on disk: the visitor is told "sent" after that, and
 * the e-mail is delivered (and retried) by the outbox worker.
 */
export async function saveContactMessage(database: AppDatabase, input: ContactInput, now = Date.now()) {
  const id = crypto.randomUUID();
  const mail = contactNotification({ ...input, id, receivedAt: new Date(now) });
  await database.writes.run([
    {
      sql: `INSERT INTO contact_messages (id, name, email, subject, message, created_at)
            VALUES (:id, :name, :email, :subject, :message, :now)`,
      args: { id, name: input.name, email: input.email, subject: input.subject ?? null, message: input.message, now },
    },
    outboxInsert({ ...mail, kind: 'contact-notification', to: AGENCY_INBOX ?? site.email, replyTo: input.email }, now),
  ]);
  return { id };
}

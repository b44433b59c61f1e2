/**
 * The agency's replies to contact messages: written on the message's page in /admin, e-mailed
 * from the product through the outbox, and kept with the message (and so with the lead, whose
 * history lists the person's messages by address). A reply, its mail, the handled stamp, the
 * lead's move to 'Contacted' and the audit entry commit together (the route's `commit`).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { build, type Db, type WriteQuery } from '#server/db/index.ts';
import { contactMessages, contactReplies, leads, users } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { randomId } from '#server/security/tokens.ts';
import { leadContactedStatement } from '#features/leads/leads.server.ts';
import { contactReplyMail } from '../reply-mail.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** Replies to these messages, oldest first, with their author's name where the account remains. */
export function repliesTo(db: Db, messageIds: readonly string[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: contactReplies.id,
      messageId: contactReplies.messageId,
      body: contactReplies.body,
      createdAt: contactReplies.createdAt,
      authorName: users.name,
    })
    .from(contactReplies)
    .leftJoin(users, eq(users.id, contactReplies.authorId))
    .where(inArray(contactReplies.messageId, [...messageIds]))
    .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id));
}

export async function findContactMessage(db: Db, id: string): Promise<ContactMessageRow | null> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row ?? null;
}

/** /admin/messages/{id}: the message, the agency's replies, and the writer's lead. */
export async function contactMessagePage(db: Db, id: string) {
  const message = await findContactMessage(db, id);
  if (!message) return null;
  const [replies, [lead]] = await Promise.all([
    repliesTo(db, [id]),
    db
      .select({ id: leads.id, name: leads.name, stage: leads.stage })
      .from(leads)
      .where(eq(leads.email, message.email.toLowerCase())),
  ]);
  return { message, replies, lead: lead ?? null };
}

/**
 * What a reply writes, to commit with its audit entry: the reply, its mail to the writer, the
 * message stamped handled (if it was not), and their lead contacted with the reply clock started.
 */
export function replyStatements(
  message: ContactMessageRow,
  reply: { body: string; authorId: string },
  now = Date.now(),
): { id: string; statements: WriteQuery[] } {
  const id = randomId();
  const at = new Date(now);
  const mail = contactReplyMail(message, reply.body);
  return {
    id,
    statements: [
      build
        .insert(contactReplies)
        .values({ id, messageId: message.id, authorId: reply.authorId, body: reply.body, createdAt: at }),
      outboxInsert({ ...mail, kind: 'contact-reply', to: message.email }, now),
      ...(message.handledAt
        ? []
        : [
            build
              .update(contactMessages)
              .set({ handledAt: at, handledBy: reply.authorId })
              .where(eq(contactMessages.id, message.id)),
          ]),
      leadContactedStatement(message.email, now),
    ],
  };
}

/**
 * Threads and their messages: one module for an order's Messages and a care-plan request's
 * replies. A thread belongs to one customer; that customer and the admins read and write it,
 * anyone else learns nothing (callers answer the 404 page). Each side's unread count lives on
 * the thread: a message adds one to the other side's, opening the thread clears one's own.
 */
import { and, asc, count, desc, eq, gt, isNotNull, type Placeholder, sql, sum } from 'drizzle-orm';
import type { AppDatabase, Db, WriteQuery } from '#server/db/index.ts';
import { build } from '#server/db/index.ts';
import { preparedPerDatabase } from '#server/db/prepared.ts';
import { messageThreads, threadMessages, type MessageSide } from '#server/db/schema.ts';
import { randomId } from '#server/security/tokens.ts';
import { ownsThread } from '#features/accounts/ownership.server.ts';
import type { StoredImage } from '#features/intake/uploads/images.server.ts';

export type Thread = typeof messageThreads.$inferSelect;
export type ThreadMessage = typeof threadMessages.$inferSelect;

/** What a thread is about: an order, or a care-plan request. */
export type ThreadSubject = { orderId: string } | { requestId: string };

const subjectWhere = (subject: ThreadSubject) =>
  'orderId' in subject ? eq(messageThreads.orderId, subject.orderId) : eq(messageThreads.requestId, subject.requestId);

export async function threadOf(db: Db, subject: ThreadSubject): Promise<Thread | null> {
  const [row] = await db.select().from(messageThreads).where(subjectWhere(subject));
  return row ?? null;
}

/** The subject's thread, created on first use (a race creates it once: the subject is unique). */
export async function ensureThread(
  database: AppDatabase,
  subject: ThreadSubject,
  customerId: string,
  now = Date.now(),
): Promise<Thread> {
  const found = await threadOf(database.db, subject);
  if (found) return found;
  await database.writes.run([
    build
      .insert(messageThreads)
      .values({ id: randomId(), ...subject, customerId, createdAt: new Date(now) })
      .onConflictDoNothing(),
  ]);
  const created = await threadOf(database.db, subject);
  if (!created) throw new Error('The thread was not created');
  return created;
}

/** An image kept with a message: the name the customer gave it and our stored copies. */
export interface Attachment {
  originalName: string;
  image: StoredImage;
  storedName: string;
  thumbName: string;
}

/** The message, and one more unread for the other side: to commit with the mail and any audit entry. */
export function postStatements(
  thread: Pick<Thread, 'id'>,
  message: { authorId: string; side: MessageSide; body: string; attachment?: Attachment | null },
  now = Date.now(),
): { id: string; statements: WriteQuery[] } {
  const id = randomId();
  const file = message.attachment;
  const unread =
    message.side === 'customer'
      ? { unreadByAgency: sql`${messageThreads.unreadByAgency} + 1` }
      : { unreadByCustomer: sql`${messageThreads.unreadByCustomer} + 1` };
  return {
    id,
    statements: [
      build.insert(threadMessages).values({
        id,
        threadId: thread.id,
        authorId: message.authorId,
        side: message.side,
        body: message.body,
        fileName: file?.originalName ?? null,
        fileMimeType: file?.image.mimeType ?? null,
        fileBytes: file?.image.bytes ?? null,
        fileWidth: file?.image.width ?? null,
        fileHeight: file?.image.height ?? null,
        fileStoredName: file?.storedName ?? null,
        fileThumbName: file?.thumbName ?? null,
        createdAt: new Date(now),
      }),
      build
        .update(messageThreads)
        .set({ ...unread, lastMessageAt: new Date(now) })
        .where(eq(messageThreads.id, thread.id)),
    ],
  };
}

/**
 * Commits a post with an image (`statements`: the message and what goes with it) only while the
 * thread holds fewer than `maxFiles` images. The count is taken inside the same write transaction
 * (which holds the database's write lock), not before it: two posts arriving together cannot both
 * see room for the last image. false, and nothing committed, when the thread is full.
 */
export function commitWithinFileCap(
  database: AppDatabase,
  threadId: string,
  maxFiles: number,
  statements: WriteQuery[],
): Promise<boolean> {
  return database.writes.transaction(async (tx) => {
    const [row] = await tx
      .select({ files: count() })
      .from(threadMessages)
      .where(and(eq(threadMessages.threadId, threadId), isNotNull(threadMessages.fileStoredName)));
    if ((row?.files ?? 0) >= maxFiles) return false;
    await tx.batch(statements);
    return true;
  });
}

/** The thread's messages, oldest first. */
export function messagesOf(db: Db, threadId: string): Promise<ThreadMessage[]> {
  return db
    .select()
    .from(threadMessages)
    .where(eq(threadMessages.threadId, threadId))
    .orderBy(asc(threadMessages.createdAt), asc(threadMessages.id));
}

/**
 * `side` has read the thread (its page was opened): its unread count goes to zero. Written
 * only when there was something unread, so reading a page costs no write most of the time.
 */
export async function markRead(database: AppDatabase, thread: Thread, side: MessageSide): Promise<void> {
  const column = side === 'customer' ? messageThreads.unreadByCustomer : messageThreads.unreadByAgency;
  if ((side === 'customer' ? thread.unreadByCustomer : thread.unreadByAgency) === 0) return;
  const reset = side === 'customer' ? { unreadByCustomer: 0 } : { unreadByAgency: 0 };
  await database.writes.run([
    build
      .update(messageThreads)
      .set(reset)
      .where(and(eq(messageThreads.id, thread.id), gt(column, 0))),
  ]);
}

/** The customer's threads with messages from the agency they have not read, newest first. */
export async function customerUnread(db: Db, customerId: string) {
  const rows = await db
    .select({
      orderId: messageThreads.orderId,
      requestId: messageThreads.requestId,
      unread: messageThreads.unreadByCustomer,
    })
    .from(messageThreads)
    .where(and(ownsThread(customerId), gt(messageThreads.unreadByCustomer, 0)))
    .orderBy(desc(messageThreads.lastMessageAt));
  return { total: rows.reduce((n, r) => n + r.unread, 0), threads: rows };
}

/** Every thread with messages from customers the agency has not read: the total, and the newest few. */
export async function agencyUnread(db: Db, limit = 10) {
  const [totals] = await agencyUnreadTotal(db).all();
  const threads = await agencyUnreadRecent(db).all({ limit });
  return { total: Number(totals?.total ?? 0), threads };
}

// Both prepared once: /admin runs them on every view.
const agencyUnreadTotal = preparedPerDatabase((db) =>
  db
    .select({ total: sum(messageThreads.unreadByAgency) })
    .from(messageThreads)
    .where(gt(messageThreads.unreadByAgency, 0))
    .prepare(),
);
const agencyUnreadRecent = preparedPerDatabase((db) => agencyUnreadThreads(db, sql.placeholder('limit')).prepare());

/**
 * The newest threads the agency has unread messages on: ten rows of the partial index
 * message_threads_agency_unread_recent_idx, not a sort of every unread thread (on /admin).
 */
export const agencyUnreadThreads = (db: Db, limit: number | Placeholder<'limit'>) =>
  db
    .select({
      orderId: messageThreads.orderId,
      requestId: messageThreads.requestId,
      unread: messageThreads.unreadByAgency,
    })
    .from(messageThreads)
    .where(gt(messageThreads.unreadByAgency, 0))
    .orderBy(desc(messageThreads.lastMessageAt))
    .limit(limit);

/** A message's attachment for its customer or an admin; null for anyone else (who must not learn it exists). */
export async function attachmentForViewer(db: Db, messageId: string, viewer: { id: string; role: string }) {
  const [row] = await db
    .select({ message: threadMessages })
    .from(threadMessages)
    .innerJoin(messageThreads, eq(messageThreads.id, threadMessages.threadId))
    .where(
      viewer.role === 'admin'
        ? eq(threadMessages.id, messageId)
        : and(eq(threadMessages.id, messageId), ownsThread(viewer.id)),
    );
  const message = row?.message;
  if (!message?.fileStoredName || !message.fileThumbName || !message.fileMimeType) return null;
  return {
    name: message.fileName ?? 'image',
    mimeType: message.fileMimeType,
    storedName: message.fileStoredName,
    thumbName: message.fileThumbName,
  };
}

/** Where a message's image is served (`thumb`: its thumbnail). */
export const attachmentUrl = (messageId: string, thumb = false) =>
  `/api/account/messages/files/${messageId}${thumb ? '?size=thumb' : ''}`;

/**
 * The customer's messages for their data export: every message on their threads (both sides),
 * text and the attachment's name. The agency's internal notes are another table and never here.
 */
export async function messagesForExport(db: Db, customerId: string) {
  const rows = await db
    .select({
      orderId: messageThreads.orderId,
      requestId: messageThreads.requestId,
      from: threadMessages.side,
      body: threadMessages.body,
      attachment: threadMessages.fileName,
      sentAt: threadMessages.createdAt,
    })
    .from(threadMessages)
    .innerJoin(messageThreads, eq(messageThreads.id, threadMessages.threadId))
    .where(ownsThread(customerId))
    .orderBy(asc(threadMessages.createdAt), asc(threadMessages.id));
  return rows;
}

/**
 * "Download my data": everything the site keeps about the signed-in person, as one JSON
 * document they can read or take elsewhere. Secrets (password hash, token and session
 * hashes) and internal bookkeeping (stored file names, idempotency keys, who on the staff
 * moved an order) are left out; uploaded files are listed, not included.
 */
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDatabase, Db } from '#server/db/index.ts';
import { auditLog, contactMessages, intakeFiles, intakes, subscriptions, users } from '#server/db/schema.ts';
import { historyOf, itemsOf, ordersOfCustomer } from '#features/orders/orders.server.ts';
import { customerHistory } from '#features/orders/progress.ts';
import { reviewsOf } from '#features/orders/reviews/reviews.server.ts';
import { deviceName } from '#features/accounts/device-name.ts';
import { PROFILE } from '#features/accounts/copy.ts';
import { listUserSessions } from '#features/accounts/session.server.ts';
import { messagesForExport } from '#features/messages/threads.server.ts';

/** Bumped when the shape changes, so a reader of an old file knows what it holds. */
export const EXPORT_FORMAT_VERSION = 1;

/**
 * Audit actions that prove the account holder reads its current address: each comes from a
 * link mailed to it (activation, password reset, e-mail change), and the address only ever
 * changes through such a link.
 */
const ADDRESS_PROVEN_BY = [
  'auth.activate',
  'auth.password-reset',
  'account.email-change',
  'account.email-verify',
] as const;

/**
 * Contact-form messages are matched by address only, and registration does not prove the
 * address: they are handed out once the account has shown it reads that mailbox, so nobody
 * can register someone else's address and download what that person wrote to the agency.
 */
async function addressProven(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, 'user'),
        eq(auditLog.entityId, userId),
        inArray(auditLog.action, [...ADDRESS_PROVEN_BY]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The document for `userId` (null when there is no such user); `currentSessionId` marks this device. */
export async function accountExport(
  database: AppDatabase,
  userId: string,
  currentSessionId: string | null,
  now = Date.now(),
) {
  const { db } = database;
  const [profile] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      pendingEmail: users.pendingEmail,
      role: users.role,
      status: users.status,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!profile) return null;

  const orderRows = await ordersOfCustomer(db, userId);
  const orders = await Promise.all(
    orderRows.map(async ({ idempotencyKey: _internal, leadId: _agencys, ...order }) => {
      const [items, history, reviews] = await Promise.all([
        itemsOf(db, order.id),
        historyOf(db, order.id),
        reviewsOf(db, order.id),
      ]);
      return {
        ...order,
        items: items.map(({ orderId: _sameOrder, ...item }) => item),
        // The customer's view of the history: the agency's internal notes are not theirs to download.
        history: customerHistory(history),
        // Each preview and their answer to it; who posted it at the agency is the agency's.
        reviews: reviews.map(({ orderId: _sameOrder, postedBy: _admin, respondedBy: _them, ...review }) => review),
      };
    }),
  );

  const intakeRows = await db.select().from(intakes).where(eq(intakes.userId, userId)).orderBy(asc(intakes.createdAt));
  const files = intakeRows.length
    ? await db
        .select({
          intakeId: intakeFiles.intakeId,
          kind: intakeFiles.kind,
          originalName: intakeFiles.originalName,
          mimeType: intakeFiles.mimeType,
          bytes: intakeFiles.bytes,
          width: intakeFiles.width,
          height: intakeFiles.height,
          uploadedAt: intakeFiles.createdAt,
        })
        .from(intakeFiles)
        .where(
          inArray(
            intakeFiles.intakeId,
            intakeRows.map((i) => i.id),
          ),
        )
        .orderBy(asc(intakeFiles.createdAt))
    : [];

  const subscriptionRows = await db
    .select({
      id: subscriptions.id,
      orderId: subscriptions.orderId,
      description: subscriptions.description,
      priceCents: subscriptions.priceCents,
      interval: subscriptions.interval,
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAt: subscriptions.cancelAt,
      paymentReference: subscriptions.paymentReference,
      createdBy: subscriptions.createdBy,
      acceptedAt: subscriptions.acceptedAt,
      createdAt: subscriptions.createdAt,
      updatedAt: subscriptions.updatedAt,
    })
    .from(subscriptions)
    // Not yet the account's: waiting for its address to be proven (address-proof.ts).
    .where(and(eq(subscriptions.userId, userId), isNull(subscriptions.unprovenEmail)))
    .orderBy(asc(subscriptions.createdAt));

  const proven = await addressProven(db, userId);
  const messages = proven
    ? await db
        .select({
          name: contactMessages.name,
          email: contactMessages.email,
          subject: contactMessages.subject,
          message: contactMessages.message,
          sentAt: contactMessages.createdAt,
        })
        .from(contactMessages)
        .where(eq(contactMessages.email, profile.email))
        .orderBy(desc(contactMessages.createdAt))
    : [];

  const sessions = await listUserSessions(database, userId, now);
  // Their conversations with the agency (orders and care-plan requests); internal notes are not theirs.
  const projectMessages = await messagesForExport(db, userId);

  return {
    format: { name: 'account-export', version: EXPORT_FORMAT_VERSION },
    exportedAt: new Date(now),
    profile,
    orders,
    intakes: intakeRows.map(({ userId: _owner, data, ...intake }) => ({
      ...intake,
      answers: data ?? {},
      files: files.filter((f) => f.intakeId === intake.id).map(({ intakeId: _intake, ...file }) => file),
    })),
    subscriptions: subscriptionRows,
    contactMessages: messages,
    projectMessages,
    ...(proven ? {} : { contactMessagesNote: PROFILE.exportContactUnconfirmed }),
    sessions: sessions.map((s) => ({
      device: deviceName(s.userAgent),
      signedInAt: s.createdAt,
      lastActiveAt: s.lastActiveAt,
      address: s.ip,
      thisDevice: s.id === currentSessionId,
    })),
  };
}

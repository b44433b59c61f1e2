/**
 * Review rounds: the agency posts a preview of the site (once the order is paid; the intake need
 * not be complete), the customer approves it for launch or asks for changes. Each answer moves the
 * order (Preview ready, Changes requested, Approved) in the commit that records it, with its history
 * row, audit entry and e-mail. Change requests count against the revision rounds the offer
 * includes (src/data/pricing.ts); one beyond them is still taken, flagged as extra work.
 */
import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import { pricing } from '#data/pricing.ts';
import { site } from '#data/site.ts';
import type { AppDatabase, Db, Tx, WriteQuery } from '#server/db/index.ts';
import { orderReviews, orders } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { serverEnv } from '#server/env.ts';
import { auditStatement } from '#server/security/audit.ts';
import { ownsOrder } from '#features/accounts/ownership.server.ts';
import { accountOrderUrl, adminOrderUrl } from '../orders.server.ts';
import { moveOrderIn } from '#features/lifecycle/lifecycle.server.ts';
import { canMove } from '#features/lifecycle/moves.ts';
import { ADMIN_REVIEW, REVIEW } from './copy.ts';
import { approvedMail, changesRequestedMail, previewReadyMail } from './mail.ts';

export type Review = typeof orderReviews.$inferSelect;

/** Every round of an order, first to last. */
export function reviewsOf(db: Db, orderId: string): Promise<Review[]> {
  return db.select().from(orderReviews).where(eq(orderReviews.orderId, orderId)).orderBy(asc(orderReviews.round));
}

/** Change requests made so far (each one is a revision round used). */
export const changeRequestsIn = (reviews: readonly Review[]) =>
  reviews.filter((r) => r.outcome === 'changes_requested').length;

/** A change request made after `used` others is beyond what the offer includes. */
export const isExtraWork = (used: number, included = pricing.includedRevisionRounds) =>
  included !== null && used >= included;

export type PostPreviewResult =
  { ok: true; round: number } | { ok: false; reason: 'not-found' | 'stale' | 'not-allowed' };

/**
 * The agency posts a preview: a new round, the order at 'Preview ready', the customer e-mailed
 * with a link to their order page (where the buttons are: the e-mail itself changes nothing).
 */
export function postPreview(
  database: AppDatabase,
  input: { orderId: string; version: number; previewUrl: string; message: string | null; actorId: string; ip: string },
  now = Date.now(),
): Promise<PostPreviewResult> {
  return database.writes.transaction(async (tx): Promise<PostPreviewResult> => {
    const [order] = await tx
      .select({
        status: orders.status,
        version: orders.version,
        name: orders.name,
        email: orders.email,
        heldAt: orders.heldAt,
      })
      .from(orders)
      .where(eq(orders.id, input.orderId));
    if (!order) return { ok: false, reason: 'not-found' };
    if (order.version !== input.version) return { ok: false, reason: 'stale' };
    if (!canMove(order.status, 'preview_ready')) return { ok: false, reason: 'not-allowed' };
    const [last] = await tx
      .select({ round: max(orderReviews.round) })
      .from(orderReviews)
      .where(eq(orderReviews.orderId, input.orderId));
    const round = (last?.round ?? 0) + 1;
    const at = new Date(now);
    await tx.insert(orderReviews).values({
      id: crypto.randomUUID(),
      orderId: input.orderId,
      round,
      previewUrl: input.previewUrl,
      message: input.message,
      postedAt: at,
      postedBy: input.actorId,
    });
    const moved = await moveOrderIn(
      tx,
      {
        orderId: input.orderId,
        to: 'preview_ready',
        actorId: input.actorId,
        ip: input.ip,
        note: ADMIN_REVIEW.postedStep(round),
        customerNote: ADMIN_REVIEW.postedStep(round),
        expectedVersion: input.version,
      },
      now,
    );
    if (!moved.moved) throw new Error(`reviews: order ${input.orderId} could not move to preview ready`);
    await tx.batch([
      auditStatement(
        {
          actorId: input.actorId,
          action: 'order.preview',
          entityType: 'order',
          entityId: input.orderId,
          after: { round, previewUrl: input.previewUrl },
          ip: input.ip,
        },
        now,
      ),
      // A held order's address owner has not confirmed it: nothing with its words goes there.
      ...(order.heldAt === null
        ? [
            outboxInsert(
              {
                ...previewReadyMail(
                  { id: input.orderId, name: order.name },
                  { round, message: input.message, accountUrl: accountOrderUrl(input.orderId) },
                ),
                kind: 'order-preview',
                to: order.email,
              },
              now,
            ),
          ]
        : []),
    ]);
    return { ok: true, round };
  });
}

export type Answer = { decision: 'approve' } | { decision: 'changes'; changes: string };

export type AnswerResult =
  { ok: true; extraWork: boolean } | { ok: false; reason: 'not-found' | 'answered' | 'not-open' };

/**
 * The customer answers round `round` of their order: approve for launch, or the changes wanted.
 * Only the open round of an order at 'Preview ready' takes an answer, once: a second press (or an
 * old tab) finds it answered and changes nothing. Another customer's order is not found.
 */
export function answerPreview(
  database: AppDatabase,
  input: {
    orderId: string;
    userId: string;
    round: number;
    answer: Answer;
    ip: string;
    /** Committed with the answer: the change request posted to the order's Messages, with its file. */
    alongside?: readonly WriteQuery[];
  },
  now = Date.now(),
): Promise<AnswerResult> {
  return database.writes.transaction(async (tx): Promise<AnswerResult> => {
    const [order] = await tx
      .select({ status: orders.status, businessName: orders.businessName, name: orders.name, email: orders.email })
      .from(orders)
      .where(and(eq(orders.id, input.orderId), ownsOrder(input.userId)));
    if (!order) return { ok: false, reason: 'not-found' };
    const [review] = await tx
      .select()
      .from(orderReviews)
      .where(and(eq(orderReviews.orderId, input.orderId), eq(orderReviews.round, input.round)));
    if (!review) return { ok: false, reason: 'not-open' };
    if (review.outcome !== null) return { ok: false, reason: 'answered' };
    if (order.status !== 'preview_ready') return { ok: false, reason: 'not-open' };
    const at = new Date(now);
    const approve = input.answer.decision === 'approve';
    const used = approve ? 0 : await changeRequestsBefore(tx, input.orderId);
    const extraWork = !approve && isExtraWork(used);
    const claimed = await tx
      .update(orderReviews)
      .set({
        outcome: approve ? 'approved' : 'changes_requested',
        changes: input.answer.decision === 'changes' ? input.answer.changes : null,
        extraWork,
        respondedAt: at,
        respondedBy: input.userId,
      })
      .where(and(eq(orderReviews.id, review.id), isNull(orderReviews.outcome)));
    if (claimed.rowsAffected === 0) return { ok: false, reason: 'answered' };
    const step = approve
      ? REVIEW.approvedStep
      : extraWork
        ? REVIEW.changesStepExtra(used + 1)
        : REVIEW.changesStep(used + 1);
    const moved = await moveOrderIn(
      tx,
      {
        orderId: input.orderId,
        to: approve ? 'approved' : 'changes_requested',
        actorId: input.userId,
        ip: input.ip,
        note: step,
        customerNote: step,
      },
      now,
    );
    if (!moved.moved) throw new Error(`reviews: order ${input.orderId} could not take the answer`);
    const contact = { id: input.orderId, name: order.name, email: order.email, businessName: order.businessName };
    const mail =
      input.answer.decision === 'approve'
        ? approvedMail(contact, { round: review.round, adminUrl: adminOrderUrl(input.orderId) })
        : changesRequestedMail(contact, {
            round: used + 1,
            changes: input.answer.changes,
            extraWork,
            adminUrl: adminOrderUrl(input.orderId),
          });
    await tx.batch([
      ...(input.alongside ?? []),
      outboxInsert(
        {
          ...mail,
          kind: approve ? 'order-approved' : 'order-changes',
          to: serverEnv().AGENCY_INBOX ?? site.email,
          replyTo: order.email,
        },
        now,
      ),
    ]);
    return { ok: true, extraWork };
  });
}

async function changeRequestsBefore(tx: Tx, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orderReviews)
    .where(and(eq(orderReviews.orderId, orderId), eq(orderReviews.outcome, 'changes_requested')));
  return row?.n ?? 0;
}

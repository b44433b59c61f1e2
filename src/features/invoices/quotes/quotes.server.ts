/**
 * Quotes for extra revision rounds: the admin writes one on an order whose customer used the
 * rounds its offer includes (orders/reviews), the customer declines it here or accepts it through
 * the lifecycle (owner-invoices.server.ts: accepting issues its invoice). Each answer and the quote
 * itself are audited in their commit; the customer is e-mailed the quote.
 */
import { and, desc, eq } from 'drizzle-orm';
import { pricing } from '#data/pricing.ts';
import { site } from '#data/site.ts';
import { build, type AppDatabase, type Db } from '#server/db/index.ts';
import { invoices, orderReviews, orders, revisionQuotes } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { button, note, p, quote as quoted, renderMail, strong } from '#server/email/template.ts';
import { auditStatement } from '#server/security/audit.ts';
import { ownsQuote } from '#features/accounts/ownership.server.ts';
import { orderNumber } from '#features/orders/order-number.ts';
import { accountOrderUrl } from '#features/orders/orders.server.ts';
import { formatAmount } from '../money.ts';
import { REVISION_QUOTES } from './copy.ts';

export type RevisionQuote = typeof revisionQuotes.$inferSelect;
export type QuoteWithInvoice = RevisionQuote & { invoiceNumber: string | null };

const ENDED = new Set(['canceled', 'refunded']);

/** 'N extra revision rounds at $X each: $Y'. */
export const quoteSummary = (q: Pick<RevisionQuote, 'rounds' | 'unitCents'>) =>
  REVISION_QUOTES.summary(q.rounds, formatAmount(q.unitCents), formatAmount(q.rounds * q.unitCents));

/** Whether an order's customer has used the rounds the offer includes (none are 'unlimited'). */
export function roundsUsedUp(changeRequests: number, included = pricing.includedRevisionRounds): boolean {
  return included !== null && changeRequests >= included;
}

const withInvoice = {
  quote: revisionQuotes,
  invoiceNumber: invoices.number,
};

/** Every quote of order `orderId`, newest first (the admin's order page). */
export async function quotesOfOrder(db: Db, orderId: string): Promise<QuoteWithInvoice[]> {
  const rows = await db
    .select(withInvoice)
    .from(revisionQuotes)
    .leftJoin(invoices, eq(invoices.id, revisionQuotes.invoiceId))
    .where(eq(revisionQuotes.orderId, orderId))
    .orderBy(desc(revisionQuotes.createdAt));
  return rows.map((r) => ({ ...r.quote, invoiceNumber: r.invoiceNumber }));
}

/** The quotes on order `orderId` that `userId`'s account owns (ownership.server.ts), newest first. */
export async function customerQuotesOf(db: Db, orderId: string, userId: string): Promise<QuoteWithInvoice[]> {
  const rows = await db
    .select(withInvoice)
    .from(revisionQuotes)
    .leftJoin(invoices, eq(invoices.id, revisionQuotes.invoiceId))
    .where(and(eq(revisionQuotes.orderId, orderId), ownsQuote(userId)))
    .orderBy(desc(revisionQuotes.createdAt));
  return rows.map((r) => ({ ...r.quote, invoiceNumber: r.invoiceNumber }));
}

export type WriteQuoteResult =
  { ok: true; quoteId: string } | { ok: false; reason: 'not-found' | 'order-ended' | 'not-eligible' | 'has-open' };

/**
 * The admin's quote on order `orderId`: `rounds` extra rounds at `unitCents` each, once the
 * customer used the included rounds and no other quote waits for an answer (one open quote per
 * order, a unique index). The customer is e-mailed (not while the order is held). Audited
 * 'quote.create'.
 */
export function writeRevisionQuote(
  database: AppDatabase,
  input: {
    orderId: string;
    rounds: number;
    unitCents: number;
    note: string | null;
    actorId: string;
    ip: string | null;
  },
  now = Date.now(),
): Promise<WriteQuoteResult> {
  return database.writes.transaction(async (tx): Promise<WriteQuoteResult> => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, name: orders.name, email: orders.email, heldAt: orders.heldAt })
      .from(orders)
      .where(eq(orders.id, input.orderId));
    if (!order) return { ok: false, reason: 'not-found' };
    if (ENDED.has(order.status)) return { ok: false, reason: 'order-ended' };
    const requested = await tx
      .select({ id: orderReviews.id })
      .from(orderReviews)
      .where(and(eq(orderReviews.orderId, order.id), eq(orderReviews.outcome, 'changes_requested')));
    if (!roundsUsedUp(requested.length)) return { ok: false, reason: 'not-eligible' };
    const [open] = await tx
      .select({ id: revisionQuotes.id })
      .from(revisionQuotes)
      .where(and(eq(revisionQuotes.orderId, order.id), eq(revisionQuotes.status, 'open')));
    if (open) return { ok: false, reason: 'has-open' };
    const id = crypto.randomUUID();
    const quote = { rounds: input.rounds, unitCents: input.unitCents };
    const number = orderNumber(order.id);
    const statements = [
      build.insert(revisionQuotes).values({
        id,
        orderId: order.id,
        ...quote,
        note: input.note,
        status: 'open',
        createdBy: input.actorId,
        createdAt: new Date(now),
      }),
      auditStatement(
        {
          actorId: input.actorId,
          ip: input.ip,
          action: 'quote.create',
          entityType: 'order',
          entityId: order.id,
          after: { quoteId: id, ...quote, totalCents: quote.rounds * quote.unitCents },
        },
        now,
      ),
    ];
    // A held order's address owner has not confirmed it: nothing with its words goes there.
    if (order.heldAt === null) {
      const mail = renderMail({
        subject: REVISION_QUOTES.mailSubject(number),
        audience: 'customer',
        body: [
          p`Hi ${order.name},`,
          p(REVISION_QUOTES.mailLead),
          p(strong(quoteSummary(quote))),
          ...(input.note ? [quoted(input.note)] : []),
          button(REVISION_QUOTES.mailButton, accountOrderUrl(order.id), { lead: REVISION_QUOTES.mailButtonLead }),
          note`Questions? Reply to this e-mail or call ${site.phone.display}.`,
        ],
      });
      statements.push(outboxInsert({ ...mail, kind: 'revision-quote', to: order.email }, now));
    }
    await tx.batch(statements);
    return { ok: true, quoteId: id };
  });
}

export type DeclineQuoteResult = { ok: true } | { ok: false; reason: 'not-found' | 'not-open' };

/** The customer declines quote `quoteId` on their order; another account's is not found. Audited 'quote.decline'. */
export function declineRevisionQuote(
  database: AppDatabase,
  input: { quoteId: string; orderId: string; userId: string; ip: string | null },
  now = Date.now(),
): Promise<DeclineQuoteResult> {
  return database.writes.transaction(async (tx): Promise<DeclineQuoteResult> => {
    const [found] = await tx
      .select({ id: revisionQuotes.id, orderId: revisionQuotes.orderId })
      .from(revisionQuotes)
      .where(
        and(eq(revisionQuotes.id, input.quoteId), eq(revisionQuotes.orderId, input.orderId), ownsQuote(input.userId)),
      );
    if (!found) return { ok: false, reason: 'not-found' };
    const changed = await tx
      .update(revisionQuotes)
      .set({ status: 'declined', answeredAt: new Date(now), answeredBy: input.userId })
      .where(and(eq(revisionQuotes.id, found.id), eq(revisionQuotes.status, 'open')))
      .returning({ id: revisionQuotes.id });
    if (changed.length === 0) return { ok: false, reason: 'not-open' };
    await tx.batch([
      auditStatement(
        {
          actorId: input.userId,
          ip: input.ip,
          action: 'quote.decline',
          entityType: 'order',
          entityId: found.orderId,
          before: { status: 'open' },
          after: { status: 'declined', quoteId: found.id },
        },
        now,
      ),
    ]);
    return { ok: true };
  });
}

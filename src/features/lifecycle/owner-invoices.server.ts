/**
 * The invoices the owner writes, issued by the lifecycle like every other invoice (numbered by the
 * database in the issuing commit, e-mailed and audited in it):
 * - a new invoice for any customer ('manual'), optionally for one of their orders;
 * - a corrected invoice replacing a voided one: the customer, purpose, order (and a plan's period)
 *   are the voided invoice's, so paying the correction moves the order as the original would have;
 *   `replaces` links the two, and the unique index invoices_replaces_idx keeps one live correction;
 * - the invoice a customer's accepted quote for extra revision rounds becomes ('revisions').
 *
 * The invariants of lifecycle.server.ts hold for each: nothing is issued against a canceled or
 * refunded order, and a build invoice only on an order still awaiting payment.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { BUILD_PURPOSES, invoices, orders, revisionQuotes, users, type InvoicePurpose } from '#server/db/schema.ts';
import { build, type AppDatabase, type Tx, type WriteQuery } from '#server/db/index.ts';
import { serverEnv } from '#server/env.ts';
import { auditStatement } from '#server/security/audit.ts';
import { ownsQuote } from '#features/accounts/ownership.server.ts';
import { issueStatements, type InvoiceDraft, type InvoiceLineDraft } from '#features/invoices/invoices.server.ts';
import { issuedInvoiceMailStatement } from '#features/invoices/mail.ts';
import { REVISION_QUOTES } from '#features/invoices/quotes/copy.ts';
import { orderNumber } from '#features/orders/order-number.ts';

const ENDED = new Set(['canceled', 'refunded']);

/** What the owner's form gives, whichever invoice it writes. */
export interface OwnerInvoiceLines {
  lines: readonly InvoiceLineDraft[];
  /** The end of the due day in the agency's time zone. */
  dueAt: Date;
  note: string | null;
  actorId: string;
  ip: string | null;
}

export type OwnerInvoiceResult =
  | { ok: true; invoiceId: string; number: string }
  | {
      ok: false;
      reason:
        | 'customer-not-found'
        | 'order-not-found'
        | 'order-ended'
        | 'not-found'
        | 'not-void'
        | 'already-replaced'
        | 'order-not-payable'
        | 'order-has-invoice';
    };

/** Issues `draft` with its e-mail and its audit entry; the number the database gave it. */
async function issueIn(
  tx: Tx,
  draft: InvoiceDraft,
  audit: {
    action: 'invoice.issue' | 'invoice.correct';
    actorId: string | null;
    ip: string | null;
    after?: Record<string, unknown>;
  },
  now: number,
): Promise<{ invoiceId: string; number: string }> {
  const issued = issueStatements(draft, now);
  const statements: WriteQuery[] = [...issued.statements, issuedInvoiceMailStatement(draft, issued.id, 'invoice', now)];
  await tx.batch(statements);
  const [row] = await tx
    .select({ number: invoices.number, totalCents: invoices.totalCents })
    .from(invoices)
    .where(eq(invoices.id, issued.id));
  if (!row) throw new Error(`invoice ${issued.id} was not written`);
  await tx.batch([
    auditStatement(
      {
        actorId: audit.actorId,
        ip: audit.ip,
        action: audit.action,
        entityType: 'invoice',
        entityId: issued.id,
        after: {
          number: row.number,
          purpose: draft.purpose,
          orderId: draft.orderId ?? null,
          totalCents: row.totalCents,
          replaces: draft.replaces ?? null,
          ...audit.after,
        },
      },
      now,
    ),
  ]);
  return { invoiceId: issued.id, number: row.number };
}

/**
 * A new invoice the owner writes for `customerId` (an account that is not deleted), optionally for
 * one of their orders (not ended): purpose 'manual', numbered, e-mailed, audited 'invoice.issue'.
 */
export function issueOwnerInvoice(
  database: AppDatabase,
  input: OwnerInvoiceLines & { customerId: string; orderId: string | null },
  now = Date.now(),
): Promise<OwnerInvoiceResult> {
  return database.writes.transaction(async (tx): Promise<OwnerInvoiceResult> => {
    const [customer] = await tx
      .select({ id: users.id, name: users.name, email: users.email, status: users.status })
      .from(users)
      .where(eq(users.id, input.customerId));
    if (!customer || customer.status === 'deleted') return { ok: false, reason: 'customer-not-found' };
    let business: string | null = null;
    if (input.orderId) {
      const [order] = await tx
        .select({ status: orders.status, businessName: orders.businessName })
        .from(orders)
        .where(and(eq(orders.id, input.orderId), eq(orders.userId, customer.id)));
      if (!order) return { ok: false, reason: 'order-not-found' };
      if (ENDED.has(order.status)) return { ok: false, reason: 'order-ended' };
      business = order.businessName;
    } else {
      // The business the customer last ordered for; their name when they never ordered.
      const [latest] = await tx
        .select({ businessName: orders.businessName })
        .from(orders)
        .where(eq(orders.userId, customer.id))
        .orderBy(desc(orders.createdAt))
        .limit(1);
      business = latest?.businessName ?? null;
    }
    const draft: InvoiceDraft = {
      purpose: 'manual',
      userId: customer.id,
      orderId: input.orderId,
      customer: { name: customer.name, business: business || customer.name, email: customer.email },
      lines: input.lines,
      dueDays: 0,
      dueAt: input.dueAt,
      note: input.note,
    };
    const issued = await issueIn(tx, draft, { action: 'invoice.issue', actorId: input.actorId, ip: input.ip }, now);
    return { ok: true, ...issued };
  });
}

/**
 * A corrected invoice replacing the void invoice `replaces`: its customer, purpose, order and plan
 * period kept, the lines, due date and note as the owner wrote them. Only a void invoice (not a
 * credit note) is corrected, once while the correction is live; an order that ended gets none, a
 * build invoice only while its order awaits payment, and never beside a live one of its purpose.
 * Audited 'invoice.correct'.
 */
export function issueCorrectedInvoice(
  database: AppDatabase,
  input: OwnerInvoiceLines & { replaces: string },
  now = Date.now(),
): Promise<OwnerInvoiceResult> {
  return database.writes.transaction(async (tx): Promise<OwnerInvoiceResult> => {
    const [voided] = await tx.select().from(invoices).where(eq(invoices.id, input.replaces));
    if (voided?.kind !== 'invoice') return { ok: false, reason: 'not-found' };
    if (voided.status !== 'void') return { ok: false, reason: 'not-void' };
    const [live] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.replaces, voided.id), sql`${invoices.status} <> 'void'`));
    if (live) return { ok: false, reason: 'already-replaced' };
    if (voided.orderId) {
      const refused = await orderRefusesIn(tx, voided.orderId, voided.purpose);
      if (refused) return { ok: false, reason: refused };
    }
    if (voided.purpose === 'plan' && voided.subscriptionId && voided.periodStart) {
      const [period] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(
          and(
            eq(invoices.subscriptionId, voided.subscriptionId),
            eq(invoices.periodStart, voided.periodStart),
            eq(invoices.purpose, 'plan'),
            sql`${invoices.status} <> 'void'`,
          ),
        );
      if (period) return { ok: false, reason: 'order-has-invoice' };
    }
    const draft: InvoiceDraft = {
      purpose: voided.purpose,
      userId: voided.userId,
      orderId: voided.orderId,
      subscriptionId: voided.subscriptionId,
      period:
        voided.periodStart && voided.periodEnd
          ? { start: voided.periodStart.getTime(), end: voided.periodEnd.getTime() }
          : undefined,
      customer: { name: voided.customerName, business: voided.customerBusiness, email: voided.customerEmail },
      lines: input.lines,
      dueDays: 0,
      dueAt: input.dueAt,
      note: input.note,
      replaces: voided.id,
    };
    const issued = await issueIn(
      tx,
      draft,
      { action: 'invoice.correct', actorId: input.actorId, ip: input.ip, after: { replacesNumber: voided.number } },
      now,
    );
    return { ok: true, ...issued };
  });
}

/** Why order `orderId` takes no new invoice of `purpose`, or null when it does. */
async function orderRefusesIn(
  tx: Tx,
  orderId: string,
  purpose: InvoicePurpose,
): Promise<'order-not-found' | 'order-ended' | 'order-not-payable' | 'order-has-invoice' | null> {
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!order) return 'order-not-found';
  if (ENDED.has(order.status)) return 'order-ended';
  // A paid order has no open build invoice (invariants.server.ts): its payment was recorded.
  if (purpose === 'build' && order.status !== 'pending_payment') return 'order-not-payable';
  if ((BUILD_PURPOSES as readonly string[]).includes(purpose)) {
    const [other] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.purpose, purpose), sql`${invoices.status} <> 'void'`));
    if (other) return 'order-has-invoice';
  }
  return null;
}

export type QuoteAnswerResult =
  { ok: true; invoiceId: string; already: boolean } | { ok: false; reason: 'not-found' | 'not-open' | 'order-ended' };

/**
 * The customer accepts quote `quoteId` on their order: the quote is claimed (open to accepted,
 * conditionally, so a second click or a concurrent one issues nothing more) and its 'revisions'
 * invoice issued, e-mailed and audited in the same commit. Another account's quote is not found.
 */
export function acceptRevisionQuote(
  database: AppDatabase,
  input: { quoteId: string; orderId: string; userId: string; ip: string | null },
  now = Date.now(),
): Promise<QuoteAnswerResult> {
  return database.writes.transaction(async (tx): Promise<QuoteAnswerResult> => {
    const [found] = await tx
      .select({
        quote: revisionQuotes,
        order: {
          id: orders.id,
          userId: orders.userId,
          status: orders.status,
          name: orders.name,
          email: orders.email,
          businessName: orders.businessName,
        },
      })
      .from(revisionQuotes)
      .innerJoin(orders, eq(orders.id, revisionQuotes.orderId))
      .where(
        and(eq(revisionQuotes.id, input.quoteId), eq(revisionQuotes.orderId, input.orderId), ownsQuote(input.userId)),
      );
    if (!found?.order.userId) return { ok: false, reason: 'not-found' };
    const { quote, order } = found;
    if (quote.status === 'accepted' && quote.invoiceId) return { ok: true, invoiceId: quote.invoiceId, already: true };
    if (quote.status !== 'open') return { ok: false, reason: 'not-open' };
    if (ENDED.has(order.status)) return { ok: false, reason: 'order-ended' };
    const at = new Date(now);
    const claimed = await tx
      .update(revisionQuotes)
      .set({ status: 'accepted', answeredAt: at, answeredBy: input.userId })
      .where(and(eq(revisionQuotes.id, quote.id), eq(revisionQuotes.status, 'open')))
      .returning({ id: revisionQuotes.id });
    if (claimed.length === 0) return { ok: false, reason: 'not-open' };
    const draft: InvoiceDraft = {
      purpose: 'revisions',
      userId: order.userId,
      orderId: order.id,
      customer: { name: order.name, business: order.businessName, email: order.email },
      lines: [
        {
          description: REVISION_QUOTES.invoiceLine(orderNumber(order.id)),
          quantity: quote.rounds,
          unitCents: quote.unitCents,
        },
      ],
      dueDays: serverEnv().INVOICE_DUE_DAYS,
      note: quote.note,
    };
    const issued = await issueIn(
      tx,
      draft,
      { action: 'invoice.issue', actorId: input.userId, ip: input.ip, after: { quoteId: quote.id } },
      now,
    );
    await tx.batch([
      build.update(revisionQuotes).set({ invoiceId: issued.invoiceId }).where(eq(revisionQuotes.id, quote.id)),
      auditStatement(
        {
          actorId: input.userId,
          ip: input.ip,
          action: 'quote.accept',
          entityType: 'order',
          entityId: order.id,
          before: { status: 'open' },
          after: { status: 'accepted', quoteId: quote.id, invoiceId: issued.invoiceId, number: issued.number },
        },
        now,
      ),
    ]);
    return { ok: true, invoiceId: issued.invoiceId, already: false };
  });
}

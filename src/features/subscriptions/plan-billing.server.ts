/**
 * Invoice mode bills monthly plans itself: on each billing date (the day of the month the plan
 * started, at launch) the hourly housekeeping issues the plan's invoice for the period that
 * begins, and mails it with its PDF. Stripe bills the plans it holds (payment_reference set) and
 * its renewals come back as receipts (payments/stripe-webhook.ts).
 *
 * Idempotent by construction: a period's invoice and the step of current_period_end to the next
 * billing date are one commit, and the database holds one live invoice per plan and period
 * (invoices_plan_period_idx), so a run repeated, or two servers running at once, bill each
 * period once. A plan canceled with notice is billed for the periods that start before its end,
 * then ends; a new price recorded for a date applies to the periods from that date.
 */
import { and, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { build, type AppDatabase, type Db } from '#server/db/index.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { orders, subscriptions, users } from '#server/db/schema.ts';
import { auditStatement } from '#server/security/audit.ts';
import { planInvoiceStatements } from '#features/invoices/plan-invoice.ts';
import { nextBillingDate } from './billing-dates.ts';
import { planStatusStatement } from '#features/lifecycle/plans.server.ts';

/** Plans that bill: started (launched), not ended, not held by a provider. */
const BILLING = ['active', 'past_due', 'canceling'] as const;

type Plan = typeof subscriptions.$inferSelect;

/** The price a period starting at `start` is billed at: a recorded change applies from its date. */
export const priceFor = (plan: Pick<Plan, 'priceCents' | 'nextPriceCents' | 'nextPriceFrom'>, start: number) =>
  plan.nextPriceCents !== null && plan.nextPriceFrom !== null && plan.nextPriceFrom.getTime() <= start
    ? plan.nextPriceCents
    : plan.priceCents;

async function duePlans(db: Db, now: number, only?: string) {
  return db
    .select({ plan: subscriptions, name: users.name, email: users.email, business: orders.businessName })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .leftJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(
      and(
        inArray(subscriptions.status, BILLING),
        isNull(subscriptions.paymentReference),
        isNotNull(subscriptions.startedAt),
        lte(subscriptions.currentPeriodEnd, new Date(now)),
        only ? eq(subscriptions.id, only) : undefined,
      ),
    );
}

type Due = Awaited<ReturnType<typeof duePlans>>[number];

/**
 * Bills every period of `due` that has begun by `now` (more than one after an outage), or ends
 * the plan at its notice date. Stops at the first period another run billed first.
 */
async function billPlan(database: AppDatabase, due: Due, now: number): Promise<number> {
  const { plan } = due;
  if (!plan.startedAt || !plan.currentPeriodEnd) return 0;
  const interval = plan.interval === 'year' ? 'year' : 'month';
  let start = plan.currentPeriodEnd.getTime();
  let billed = 0;
  while (start <= now) {
    const stillPeriod = eq(subscriptions.currentPeriodEnd, new Date(start));
    if (plan.cancelAt && start >= plan.cancelAt.getTime()) {
      // The notice ran out: nothing more to bill, the plan ends.
      await database.writes.run([
        planStatusStatement(plan.id, 'canceled', {}, now, stillPeriod),
        auditStatement(
          {
            actorId: null,
            action: 'subscription.ended',
            entityType: 'subscription',
            entityId: plan.id,
            before: { status: plan.status },
            after: { status: 'canceled', cancelAt: plan.cancelAt.toISOString() },
            ip: null,
          },
          now,
        ),
      ]);
      return billed;
    }
    const end = nextBillingDate(plan.startedAt, interval, new Date(start)).getTime();
    const invoice = planInvoiceStatements(
      {
        subscriptionId: plan.id,
        userId: plan.userId,
        description: plan.description,
        priceCents: priceFor(plan, start),
        period: { start, end },
        customer: { name: due.name, business: due.business ?? '', email: due.email },
      },
      now,
    );
    try {
      await database.writes.run([
        build
          .update(subscriptions)
          .set({ currentPeriodEnd: new Date(end), updatedAt: new Date(now) })
          .where(and(eq(subscriptions.id, plan.id), stillPeriod)),
        ...invoice.statements,
      ]);
    } catch (error) {
      // Another run (or server) issued this period's invoice first: it billed this plan.
      if (isUniqueViolation(error, 'invoices.subscription_id')) return billed;
      throw error;
    }
    billed++;
    start = end;
  }
  return billed;
}

/** The housekeeping job: bills every invoice-mode plan whose billing date has come. Answers invoices issued. */
export async function billDuePlans(database: AppDatabase, now = Date.now(), only?: string): Promise<number> {
  let billed = 0;
  for (const due of await duePlans(database.db, now, only)) billed += await billPlan(database, due, now);
  return billed;
}

/**
 * The plan income the agency can expect in the coming days: each billing plan's billing dates in
 * the window, at the price each period is billed at (a recorded price change applies from its
 * date), stopping at a plan's notice date. Plans still waiting for launch have no date yet and
 * count from the day they start. Stripe's plans and the agency's own are counted alike: both bill.
 */
import { and, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '#server/db/index.ts';
import { subscriptions } from '#server/db/schema.ts';
import { addMonths } from '../billing-dates.ts';
import { priceFor } from '../plan-billing.server.ts';

const BILLING = ['active', 'past_due', 'canceling'] as const;
export const PLAN_INCOME_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PlanIncome {
  cents: number;
  /** Billing dates in the window. */
  billings: number;
}

/** Expected plan income in [now, now + days): subscriptions_status_idx, the billing plans only. */
export async function expectedPlanIncome(db: Db, now = Date.now(), days = PLAN_INCOME_DAYS): Promise<PlanIncome> {
  const end = now + days * DAY_MS;
  const plans = await db
    .select({
      interval: subscriptions.interval,
      priceCents: subscriptions.priceCents,
      nextPriceCents: subscriptions.nextPriceCents,
      nextPriceFrom: subscriptions.nextPriceFrom,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAt: subscriptions.cancelAt,
    })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, BILLING),
        isNotNull(subscriptions.currentPeriodEnd),
        lt(subscriptions.currentPeriodEnd, new Date(end)),
      ),
    );
  let cents = 0;
  let billings = 0;
  for (const plan of plans) {
    if (!plan.currentPeriodEnd || plan.interval === 'once') continue;
    const step = plan.interval === 'year' ? 12 : 1;
    const stop = Math.min(end, plan.cancelAt?.getTime() ?? end);
    for (let k = 0; ; k += 1) {
      const at = addMonths(plan.currentPeriodEnd, k * step).getTime();
      if (at >= stop) break;
      // A date already past is billed or being billed (housekeeping runs hourly): not to come.
      if (at < now) continue;
      cents += priceFor(plan, at);
      billings += 1;
    }
  }
  return { cents, billings };
}

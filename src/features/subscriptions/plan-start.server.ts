/**
 * The monthly plan chosen at checkout starts when the site is launched, never before: the order
 * pays the build, and its plan waits 'pending' until the admin marks the site launched
 * (orders/admin/launch.server.ts). Then invoice mode bills it from that day (plan-billing.server.ts
 * issues the first invoice at once, the next on each monthly billing date), and Stripe mode
 * subscribes the card the checkout saved, so Stripe charges the first month now and renews it.
 */
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db, WriteQuery } from '#server/db/index.ts';
import { subscriptions, type PaymentProviderName } from '#server/db/schema.ts';
import { auditStatement } from '#server/security/audit.ts';
import { providerNamed } from '#features/payments/provider.ts';
import type { PlanStarted } from '#features/payments/provider-contract.ts';
import type { Subscription } from './subscriptions.server.ts';
import { planStatusStatement } from '#features/lifecycle/plans.server.ts';

/** The plan bought with `orderId` and still waiting for launch, if any. */
export async function planAwaitingLaunch(db: Db, orderId: string): Promise<Subscription | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.orderId, orderId),
        eq(subscriptions.createdBy, 'checkout'),
        eq(subscriptions.status, 'pending'),
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface LaunchOrder {
  id: string;
  paymentProvider: PaymentProviderName;
  /** What paid the build (a Stripe Checkout Session, which saved the card). */
  paymentReference: string | null;
}

export type PlanStart =
  | {
      ok: true;
      plan: Subscription | null;
      /** To commit with the launch. */
      statements: WriteQuery[];
      /** Invoice mode: bill the plan (its first period) once the launch is committed. */
      billNow: boolean;
    }
  | { ok: false; reason: 'provider' };

/**
 * What starting `order`'s plan at `launchAt` writes. Stripe is asked first (idempotent per plan:
 * a retried launch gets the same subscription), so nothing is recorded that Stripe did not do.
 */
export async function startPlanAtLaunch(
  db: Db,
  order: LaunchOrder,
  { actorId, ip }: { actorId: string; ip: string | null },
  launchAt: number,
): Promise<PlanStart> {
  const plan = await planAwaitingLaunch(db, order.id);
  if (!plan) return { ok: true, plan: null, statements: [], billNow: false };
  const interval = plan.interval === 'year' ? 'year' : 'month';
  let started: PlanStarted | null;
  try {
    started = await (
      await providerNamed(order.paymentProvider)
    ).startPlan({
      id: plan.id,
      orderId: order.id,
      description: plan.description,
      priceCents: plan.priceCents,
      interval,
      paidWith: order.paymentReference,
    });
  } catch (error) {
    console.error(`subscriptions: the provider did not start plan ${plan.id} of order ${order.id}`, error);
    return { ok: false, reason: 'provider' };
  }
  const at = new Date(launchAt);
  // Invoice mode: billed from today, its first period due now. Stripe: what Stripe says (its
  // first payment still being taken reads as past due until its invoice is paid).
  const set = started
    ? {
        status: started.status ?? ('past_due' as const),
        paymentReference: started.reference,
        currentPeriodEnd: started.currentPeriodEnd,
      }
    : { status: 'active' as const, currentPeriodEnd: at };
  const { status, ...columns } = set;
  return {
    ok: true,
    plan,
    billNow: started === null,
    statements: [
      planStatusStatement(
        plan.id,
        status,
        { ...columns, startedAt: at },
        launchAt,
        // A webhook about the new Stripe subscription may have linked it already.
        or(isNull(subscriptions.paymentReference), eq(subscriptions.paymentReference, started?.reference ?? '')),
      ),
      auditStatement(
        {
          actorId,
          action: 'subscription.start',
          entityType: 'subscription',
          entityId: plan.id,
          before: { status: plan.status },
          after: { status: set.status, startedAt: at.toISOString(), providerReference: started?.reference ?? null },
          ip,
        },
        launchAt,
      ),
    ],
  };
}

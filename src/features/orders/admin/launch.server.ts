import type { AppDatabase } from '#server/db/index.ts';
import { build } from '#server/db/index.ts';
import { orderEvents, type OrderStatus } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { auditStatement } from '#server/security/audit.ts';
import { ADMIN_ORDERS } from '#features/admin/copy.ts';
import { billDuePlans } from '#features/subscriptions/plan-billing.server.ts';
import { startPlanAtLaunch } from '#features/subscriptions/plan-start.server.ts';
import { launchMail } from '../mail.ts';
import { accountOrderUrl, findOrder } from '../orders.server.ts';
import { isUnderway } from '#features/lifecycle/moves.ts';
import { claimLaunchIn } from '#features/lifecycle/lifecycle.server.ts';

/**
 * Statuses a site can be launched from: paid, and not ended (approval usually comes first, but a
 * customer may approve by phone; the admin page says when no preview was approved). An order
 * already at 'Launched' from before launch dates were kept records its date now.
 */
const launchable = (status: OrderStatus) => isUnderway(status) || status === 'launched';

export type LaunchResult =
  | { ok: true; already: boolean; planStarted: boolean }
  | { ok: false; reason: 'not-found' | 'stale' | 'not-allowed' | 'provider' };

export async function launchOrder(
  database: AppDatabase,
  {
    orderId,
    version,
    liveUrl,
    actorId,
    ip,
  }: { orderId: string; version: number; liveUrl: string | null; actorId: string; ip: string },
  now = Date.now(),
): Promise<LaunchResult> {
  const order = await findOrder(database.db, orderId);
  if (!order) return { ok: false, reason: 'not-found' };
  if (order.launchedAt) return { ok: true, already: true, planStarted: false };
  if (order.version !== version) return { ok: false, reason: 'stale' };
  if (!launchable(order.status)) return { ok: false, reason: 'not-allowed' };

  const plan = await startPlanAtLaunch(database.db, order, { actorId, ip }, now);
  if (!plan.ok) return plan;

  const outcome = await database.writes.transaction(async (tx): Promise<LaunchResult> => {
    // The version was checked before Stripe was asked; from here only a launch that got in
    // first (a double click) stops this one, so what Stripe started is always recorded.
    const at = new Date(now);
    // The lifecycle writes the status (it is the one writer); the rest of launch commits with it.
    if (!(await claimLaunchIn(tx, { orderId, liveUrl }, now))) return { ok: true, already: true, planStarted: false };
    await tx.batch([
      build.insert(orderEvents).values({
        id: crypto.randomUUID(),
        orderId,
        at,
        actorId,
        fromStatus: order.status,
        toStatus: 'launched',
        note: ADMIN_ORDERS.launchedNote,
        customerNote: liveUrl ? ADMIN_ORDERS.launchedCustomerNote(liveUrl) : null,
      }),
      auditStatement(
        {
          actorId,
          action: 'order.launch',
          entityType: 'order',
          entityId: orderId,
          before: { status: order.status, launchedAt: null },
          after: { status: 'launched', launchedAt: at.toISOString(), liveUrl, planId: plan.plan?.id ?? null },
          ip,
        },
        now,
      ),
      ...plan.statements,
      // A held order's address owner has not confirmed it: nothing with its words goes there.
      ...(order.heldAt === null
        ? [
            outboxInsert(
              {
                ...launchMail(order, {
                  liveUrl,
                  plan: plan.plan ? { name: plan.plan.description, priceCents: plan.plan.priceCents } : null,
                  accountUrl: accountOrderUrl(orderId),
                }),
                kind: 'order-launched',
                to: order.email,
              },
              now,
            ),
          ]
        : []),
    ]);
    return { ok: true, already: false, planStarted: plan.plan !== null };
  });
  // Invoice mode bills the plan's first period now (the hourly housekeeping would, within the hour).
  if (outcome.ok && plan.billNow && plan.plan) await billDuePlans(database, now, plan.plan.id);
  return outcome;
}

/**
 * scripts/bench-account.ts's project, as the agency's work leaves it: a database the lifecycle
 * would write, which `npm run db:check` passes (the plan active only on a launched order).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices, orders, subscriptions } from '#server/db/schema.ts';
import { database, db, invoiceOrder } from '#features/admin/handlers/admin-test-kit.ts';
import { buildInvoiceStatements } from '#features/invoices/build-invoice.ts';
import { findProblems } from '#features/lifecycle/invariants.server.ts';
import { readOrderIn } from '#features/orders/orders.server.ts';
import { addAgencyWork } from './bench-account-project.ts';

describe("bench-account's project", () => {
  it('is paid and launched through the lifecycle, its plan active, and breaks no invariant', async () => {
    // As checkout leaves an invoiced order with the monthly plan: its build invoice open, the plan pending.
    const orderId = await invoiceOrder(true);
    await database.writes.transaction(async (tx) => {
      await tx.batch(buildInvoiceStatements((await readOrderIn(tx, orderId))!, Date.now()).statements);
    });
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));

    await addAgencyWork(database, { orderId, userId: order!.userId! });

    // What `npm run db:check` reads: no rule broken (a plan made active by hand broke one).
    const problems = await findProblems(database.client);
    expect(problems.map((p) => `${p.invariant.id}: ${p.record} ${p.detail}`)).toEqual([]);

    expect((await db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status).toBe('launched');
    expect((await db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId)))[0]?.status).toBe('active');
    const build = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(build.find((i) => i.purpose === 'build')?.status).toBe('paid');
  });
});

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '#server/db/index.ts';
import {
  auditLog,
  invoices,
  orderEvents,
  orders,
  payments,
  subscriptions,
  users,
  type OrderStatus,
} from '#server/db/schema.ts';
import { tempDatabase } from '#server/db/temp-database.ts';
import { findProblems, INVARIANTS } from '#features/lifecycle/invariants.server.ts';

const run = promisify(execFile);
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function fresh() {
  const temp = await tempDatabase();
  cleanups.push(temp.cleanup);
  return temp;
}

/** `npm run db:check` against `url`: its exit code and what it printed. */
async function dbCheck(url: string): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(process.execPath, ['scripts/db-check.ts'], {
      env: { ...process.env, DATABASE_URL: url },
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

const T = new Date('2026-03-02T15:00:00Z');
let sequence = 0;

/** Rows written as they are, no product code: each test states exactly what the database holds. */
function rows(database: AppDatabase) {
  const { db } = database;
  return {
    async customer() {
      const id = crypto.randomUUID();
      await db.insert(users).values({
        id,
        name: 'Ana Rivera',
        email: `${id}@example.com`,
        role: 'customer',
        status: 'active',
        createdAt: T,
        updatedAt: T,
      });
      return id;
    },
    async order(userId: string, status: OrderStatus, extra: Partial<typeof orders.$inferInsert> = {}) {
      const id = crypto.randomUUID();
      await db.insert(orders).values({
        id,
        userId,
        name: 'Ana Rivera',
        email: 'ana@example.com',
        phone: '(407) 555-0142',
        businessName: 'Rivera Plumbing',
        status,
        totalCents: 380_000,
        paymentProvider: 'invoice',
        createdAt: T,
        updatedAt: T,
        ...extra,
      });
      return id;
    },
    async invoice(userId: string, values: Partial<typeof invoices.$inferInsert>) {
      const id = crypto.randomUUID();
      sequence++;
      await db.insert(invoices).values({
        id,
        kind: 'invoice',
        purpose: 'build',
        year: 2026,
        sequence,
        number: `INV-2026-${String(sequence).padStart(4, '0')}`,
        userId,
        customerName: 'Ana Rivera',
        customerBusiness: 'Rivera Plumbing',
        customerEmail: 'ana@example.com',
        totalCents: 380_000,
        status: 'open',
        issuedAt: T,
        dueAt: T,
        createdAt: T,
        ...values,
      });
      // What an invoice received is its payments: one here, for the amount it says it was paid.
      const received = values.kind === 'credit_note' ? 0 : (values.paidCents ?? 0);
      if (received > 0) {
        await db
          .insert(payments)
          .values({ id: crypto.randomUUID(), invoiceId: id, amountCents: received, receivedAt: T, createdAt: T });
      }
      return id;
    },
    async plan(userId: string, orderId: string | null, status: 'pending' | 'active' | 'canceling' | 'canceled') {
      await db.insert(subscriptions).values({
        id: crypto.randomUUID(),
        userId,
        orderId,
        description: 'All-Inclusive Monthly Plan',
        priceCents: 9_900,
        interval: 'month',
        status,
        createdBy: orderId ? 'checkout' : 'admin',
        createdAt: T,
        updatedAt: T,
      });
    },
    async move(orderId: string, from: OrderStatus, to: OrderStatus, audited: boolean) {
      const at = new Date(T.getTime() + ++sequence * 1000);
      await db
        .insert(orderEvents)
        .values({ id: crypto.randomUUID(), orderId, at, actorId: null, fromStatus: from, toStatus: to });
      if (audited) {
        await db.insert(auditLog).values({
          id: crypto.randomUUID(),
          at,
          actorId: null,
          action: 'order.status',
          entityType: 'order',
          entityId: orderId,
          before: { status: from },
          after: { status: to },
          ip: null,
        });
      }
    },
  };
}

const paid = { status: 'paid' as const, paidAt: T, paidCents: 380_000, paidMethod: 'bank_transfer' as const };

/** A database where every rule has something to hold for, and each holds. */
async function cleanHistory(database: AppDatabase) {
  const r = rows(database);
  const customer = await r.customer();
  // Launched, paid in full, its plan billing, every move audited.
  const launched = await r.order(customer, 'launched');
  await r.invoice(customer, { orderId: launched, ...paid });
  await r.plan(customer, launched, 'active');
  await r.move(launched, 'pending_payment', 'paid', true);
  await r.move(launched, 'paid', 'launched', true);
  // Canceled unpaid: its invoice void, its plan ended.
  const canceled = await r.order(customer, 'canceled');
  await r.invoice(customer, { orderId: canceled, status: 'void', voidedAt: T, voidReason: 'Order canceled' });
  await r.plan(customer, canceled, 'canceled');
  // Refunded: the invoice stays paid, a credit note for what went back.
  const refunded = await r.order(customer, 'refunded');
  const refundedInvoice = await r.invoice(customer, { orderId: refunded, ...paid });
  await r.invoice(customer, {
    kind: 'credit_note',
    purpose: 'credit',
    number: 'CN-2026-0001',
    creditFor: refundedInvoice,
    orderId: refunded,
    ...paid,
  });
  // Waiting for payment: open invoice, pending plan; a plan the agency set up without an order.
  const pending = await r.order(customer, 'pending_payment');
  await r.invoice(customer, { orderId: pending });
  await r.plan(customer, pending, 'pending');
  // A deposit received: the invoice is open (partly paid) with its balance due.
  const deposit = await r.order(customer, 'pending_payment');
  await r.invoice(customer, { orderId: deposit, paidCents: 190_000 });
  await r.plan(customer, null, 'active');
  // Under a 50/50 schedule, approved: the deposit paid, the balance issued at approval and open.
  const scheduled = await r.order(customer, 'approved', { depositPercent: 50, balanceStage: 'approved' });
  await r.invoice(customer, {
    orderId: scheduled,
    purpose: 'deposit',
    ...paid,
    totalCents: 190_000,
    paidCents: 190_000,
  });
  await r.invoice(customer, { orderId: scheduled, purpose: 'balance', totalCents: 190_000 });
  await r.move(scheduled, 'pending_payment', 'paid', true);
  await r.move(scheduled, 'paid', 'approved', true);
}

describe('the lifecycle invariants', () => {
  it('hold on a database whose every row is consistent', async () => {
    const { database } = await fresh();
    await cleanHistory(database);
    expect(await findProblems(database.client)).toEqual([]);
  });

  it('report one row breaking each rule, under that rule', async () => {
    const { database } = await fresh();
    await cleanHistory(database);
    const r = rows(database);
    const customer = await r.customer();
    // open-invoice-on-ended-order: canceled with its invoice still open.
    const canceled = await r.order(customer, 'canceled');
    await r.invoice(customer, { orderId: canceled });
    // open-build-invoice-on-paid-order: the status form moved it to paid, the invoice stayed open.
    const movedByHand = await r.order(customer, 'in_design');
    await r.invoice(customer, { orderId: movedByHand });
    // live-plan-without-launched-order: a refunded order's plan still billing.
    const refunded = await r.order(customer, 'refunded');
    await r.plan(customer, refunded, 'active');
    // paid-amount-is-payments: $1.00 marked paid against $3,800.00.
    const partly = await r.order(customer, 'paid');
    const partlyInvoice = await r.invoice(customer, { orderId: partly, ...paid, paidCents: 100 });
    // credit-within-paid: the partly paid invoice credited in full.
    await r.invoice(customer, {
      kind: 'credit_note',
      purpose: 'credit',
      number: 'CN-2026-0009',
      creditFor: partlyInvoice,
      ...paid,
    });
    // schedule-bills-the-total: a balance issued for the whole build on top of the deposit.
    const overBilled = await r.order(customer, 'approved', { depositPercent: 50, balanceStage: 'approved' });
    await r.invoice(customer, {
      orderId: overBilled,
      purpose: 'deposit',
      ...paid,
      totalCents: 190_000,
      paidCents: 190_000,
    });
    await r.invoice(customer, { orderId: overBilled, purpose: 'balance' });
    // status-change-audited: a move with no audit entry.
    const silent = await r.order(customer, 'in_design');
    await r.move(silent, 'paid', 'in_design', false);

    const problems = await findProblems(database.client);
    expect(problems.map((p) => p.invariant.id).sort()).toEqual(INVARIANTS.map((i) => i.id).sort());
  });
});

describe('npm run db:check', () => {
  it("prints '0 problems' and exits 0 on a consistent database", async () => {
    const { database, url } = await fresh();
    await cleanHistory(database);
    const { code, stdout } = await dbCheck(url);
    expect(code).toBe(0);
    expect(stdout).toContain('0 problems');
  });

  it('lists each problem under its rule with the total, and exits 1', async () => {
    const { database, url } = await fresh();
    const r = rows(database);
    const customer = await r.customer();
    const canceled = await r.order(customer, 'canceled');
    await r.invoice(customer, { orderId: canceled, number: 'INV-2026-0777' });
    const refunded = await r.order(customer, 'refunded');
    await r.plan(customer, refunded, 'active');
    const { code, stdout } = await dbCheck(url);
    expect(code).toBe(1);
    expect(stdout).toContain('open-invoice-on-ended-order: No open invoice on a canceled or refunded order');
    expect(stdout).toContain(`  invoice INV-2026-0777: open on order ${canceled}, which is canceled`);
    expect(stdout).toContain(`active while its order ${refunded} is refunded`);
    expect(stdout).toContain('2 problems');
  });
});

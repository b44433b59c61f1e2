/**
 * The dashboard's money owed and to come: receivables by age (the balance of each open invoice,
 * part payments taken off) and the plan income of the next 30 days, on a real database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type AppDatabase } from '#server/db/index.ts';
import { subscriptions } from '#server/db/schema.ts';
import { tempDatabase } from '#server/db/temp-database.ts';
import { randomId } from '#server/security/tokens.ts';
import { insertUserStatement } from '#features/accounts/users.server.ts';
import { dashboardStats } from '#features/admin/dashboard/queries.server.ts';
import { recordPayment } from '#features/lifecycle/lifecycle.server.ts';
import { expectedPlanIncome } from '#features/subscriptions/admin/plan-income.server.ts';
import { issueStatements } from '../invoices.server.ts';
import { receivablesByAge, unpaidTotals } from './invoices-admin.server.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-03-20T16:00:00Z');

let database: AppDatabase;
let cleanup: () => void;
let userId: string;

/** An open invoice of `cents`, due `dueInDays` from NOW (negative: past due). */
async function invoiceDue(cents: number, dueInDays: number) {
  const issued = issueStatements(
    {
      purpose: 'plan',
      userId,
      customer: { name: 'Ana Ortiz', business: 'Ortiz Tile', email: 'ana@ortiz.example' },
      lines: [{ description: 'Website work', quantity: 1, unitCents: cents }],
      dueDays: 14,
    },
    NOW + (dueInDays - 14) * DAY,
  );
  await database.writes.run(issued.statements);
  return issued.id;
}

async function plan(o: {
  priceCents: number;
  nextBilling: number;
  status?: 'active' | 'canceling' | 'pending';
  cancelAt?: number;
  nextPrice?: [number, number];
}) {
  await database.writes.run([
    build.insert(subscriptions).values({
      id: randomId(),
      userId,
      description: 'All-Inclusive Monthly Plan',
      priceCents: o.priceCents,
      interval: 'month',
      status: o.status ?? 'active',
      currentPeriodEnd: new Date(o.nextBilling),
      startedAt: new Date(o.nextBilling - 30 * DAY),
      cancelAt: o.cancelAt ? new Date(o.cancelAt) : null,
      nextPriceCents: o.nextPrice?.[0] ?? null,
      nextPriceFrom: o.nextPrice ? new Date(o.nextPrice[1]) : null,
      createdBy: 'admin',
      createdAt: new Date(NOW - 60 * DAY),
      updatedAt: new Date(NOW - 60 * DAY),
    }),
  ]);
}

beforeAll(async () => {
  ({ database, cleanup } = await tempDatabase());
  const user = insertUserStatement({
    name: 'Ana Ortiz',
    email: 'ana@ortiz.example',
    passwordHash: null,
    status: 'active',
  });
  userId = user.id;
  await database.writes.run([user.statement]);
});
afterAll(() => cleanup());

describe('receivables by age', () => {
  it('puts each open invoice’s balance in its age, a part payment taken off', async () => {
    await invoiceDue(10_000, 5); // current
    const partlyPaid = await invoiceDue(380_000, -10); // 1-30 days past due
    await invoiceDue(20_000, -45); // 31-60
    await invoiceDue(30_000, -90); // over 60
    const paid = await recordPayment(
      database,
      { invoiceId: partlyPaid, cents: 100, paidAt: new Date(NOW - DAY), method: 'check', actorId: null, ip: null },
      NOW,
    );
    expect(paid).toMatchObject({ ok: true, balanceCents: 379_900 });

    const aging = await receivablesByAge(database.db, NOW);
    expect(aging).toEqual({
      current: { cents: 10_000, count: 1 },
      '1-30': { cents: 379_900, count: 1 },
      '31-60': { cents: 20_000, count: 1 },
      'over-60': { cents: 30_000, count: 1 },
      totalCents: 439_900,
    });
    // The open/overdue cards say the same money: what is still due, not the invoices' totals.
    const unpaid = await unpaidTotals(database.db, NOW);
    expect(unpaid.openCents).toBe(10_000);
    expect(unpaid.overdueCents).toBe(379_900 + 20_000 + 30_000);
    expect((await dashboardStats(database.db, new Date(NOW))).receivables).toEqual(aging);
  });
});

describe('plan income in the next 30 days', () => {
  it('counts each billing date in the window at its price, and stops at a notice date', async () => {
    await plan({ priceCents: 19_900, nextBilling: NOW + 3 * DAY });
    // A price change from the next billing date on: billed at the new price.
    await plan({ priceCents: 19_900, nextBilling: NOW + 10 * DAY, nextPrice: [24_900, NOW + 10 * DAY] });
    // Canceling with notice ending before its next billing date: nothing more to come.
    await plan({ priceCents: 19_900, nextBilling: NOW + 20 * DAY, status: 'canceling', cancelAt: NOW + 15 * DAY });
    // Beyond the window, and a plan still waiting for launch: not counted.
    await plan({ priceCents: 19_900, nextBilling: NOW + 31 * DAY });
    await plan({ priceCents: 19_900, nextBilling: NOW + 5 * DAY, status: 'pending' });

    expect(await expectedPlanIncome(database.db, NOW)).toEqual({ cents: 19_900 + 24_900, billings: 2 });
    expect((await dashboardStats(database.db, new Date(NOW))).planIncome.cents).toBe(44_800);
  });
});

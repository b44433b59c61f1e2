import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '#server/db/index.ts';
import { tempDatabase } from '#server/db/temp-database.ts';
import { insertUserStatement } from '#features/accounts/users.server.ts';
import {
  buildInvoiceOf,
  findInvoice,
  invoiceState,
  invoicesOfUser,
  issueStatements,
  type InvoiceDraft,
} from './invoices.server.ts';
import { formatNumber, numberingYear } from './numbering.ts';

let database: AppDatabase;
let cleanup: () => void;
let userId: string;

beforeAll(async () => {
  ({ database, cleanup } = await tempDatabase());
  const user = insertUserStatement({
    name: 'Rosa Diaz',
    email: 'rosa@example.com',
    passwordHash: null,
    status: 'active',
  });
  await database.writes.run([user.statement]);
  userId = user.id;
});
afterAll(() => cleanup());

const draft = (overrides: Partial<InvoiceDraft> = {}): InvoiceDraft => ({
  purpose: 'build',
  userId,
  customer: { name: 'Rosa Diaz', business: 'Diaz Bakery', email: 'rosa@example.com' },
  lines: [
    { description: 'Custom website build', quantity: 1, unitCents: 149_900 },
    { description: 'Extra page', quantity: 2, unitCents: 9_900 },
  ],
  dueDays: 14,
  ...overrides,
});

/** Issues in a year of its own, so each test's numbers start at 1 whatever ran before. */
const inYear = (year: number, month = 5) => Date.UTC(year, month, 15, 16);

describe('issuing an invoice', () => {
  it('numbers it INV-{year}-{0001}, totals its lines in cents and sets the due date', async () => {
    const now = inYear(2031);
    const { id, statements } = issueStatements(draft(), now);
    await database.writes.run(statements);
    const invoice = await findInvoice(database.db, id);
    expect(invoice).toMatchObject({
      number: 'INV-2031-0001',
      sequence: 1,
      year: 2031,
      status: 'open',
      totalCents: 169_700,
      customerBusiness: 'Diaz Bakery',
    });
    expect(invoice?.dueAt.getTime()).toBe(now + 14 * 24 * 60 * 60 * 1000);
    expect(invoice?.lines.map((l) => [l.description, l.amountCents])).toEqual([
      ['Custom website build', 149_900],
      ['Extra page', 19_800],
    ]);
    expect(invoiceState(invoice!, now)).toBe('open');
    expect(invoiceState(invoice!, now + 15 * 24 * 60 * 60 * 1000)).toBe('overdue');
  });

  it('gives 50 concurrent issues 50 consecutive numbers, none shared', async () => {
    const now = inYear(2032);
    const ids = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const { id, statements } = issueStatements(draft({ purpose: 'plan' }), now);
        await database.writes.run(statements);
        return id;
      }),
    );
    const numbers = await Promise.all(ids.map(async (id) => (await findInvoice(database.db, id))?.number));
    expect(numbers.toSorted()).toEqual(Array.from({ length: 50 }, (_, i) => formatNumber('INV', 2032, i + 1)));
  });

  it('takes no number when its commit fails: the next invoice has the next number, no gap', async () => {
    const now = inYear(2033);
    const orderless = draft({ purpose: 'build', orderId: null });
    const first = issueStatements(orderless, now);
    await database.writes.run(first.statements);
    // A line that breaks a CHECK (quantity 0) fails the whole commit, counter bump included.
    const broken = issueStatements(draft({ lines: [{ description: 'x', quantity: 0, unitCents: 1 }] }), now);
    await expect(database.writes.run(broken.statements)).rejects.toThrow();
    expect(await findInvoice(database.db, broken.id)).toBeNull();
    const next = issueStatements(orderless, now);
    await database.writes.run(next.statements);
    expect((await findInvoice(database.db, next.id))?.number).toBe('INV-2033-0002');
  });

  it('numbers credit notes in their own series, and grows past four digits', async () => {
    const now = inYear(2034);
    const note = issueStatements(draft({ kind: 'credit_note', purpose: 'credit' }), now);
    await database.writes.run(note.statements);
    expect((await findInvoice(database.db, note.id))?.number).toBe('CN-2034-0001');
    expect(formatNumber('INV', 2026, 12_345)).toBe('INV-2026-12345');
  });

  it("counts the year in Orlando: 11 PM on New Year's Eve there is still the old year", () => {
    expect(numberingYear(Date.UTC(2027, 0, 1, 4, 0))).toBe(2026); // 11 PM EST, Dec 31
    expect(numberingYear(Date.UTC(2027, 0, 1, 5, 0))).toBe(2027);
  });

  it('keeps one live build invoice per order and one per plan period, by the database', async () => {
    const now = inYear(2035);
    const { orderId, subscriptionId } = await orderWithPlan();
    await database.writes.run(issueStatements(draft({ orderId }), now).statements);
    await expect(database.writes.run(issueStatements(draft({ orderId }), now).statements)).rejects.toThrow(/UNIQUE/);
    const period = { start: now, end: now + 30 * 24 * 60 * 60 * 1000 };
    await database.writes.run(issueStatements(draft({ purpose: 'plan', subscriptionId, period }), now).statements);
    await expect(
      database.writes.run(issueStatements(draft({ purpose: 'plan', subscriptionId, period }), now).statements),
    ).rejects.toThrow(/UNIQUE/);
    expect((await buildInvoiceOf(database.db, orderId))?.number).toBe('INV-2035-0001');
    // The failed attempts took no numbers: the plan invoice is 0002.
    const mine = await invoicesOfUser(database.db, userId);
    expect(mine.filter((i) => i.year === 2035).map((i) => i.number)).toEqual(['INV-2035-0002', 'INV-2035-0001']);
  });

  it('records one receipt per provider payment', async () => {
    const now = inYear(2036);
    const receipt = draft({ purpose: 'plan', paid: { cents: 19_900, method: 'card' }, providerReference: 'in_123' });
    const { id, statements } = issueStatements(receipt, now);
    await database.writes.run(statements);
    expect(await findInvoice(database.db, id)).toMatchObject({ status: 'paid', paidCents: 19_900, paidMethod: 'card' });
    await expect(database.writes.run(issueStatements(receipt, now).statements)).rejects.toThrow(/UNIQUE/);
  });
});

/** An order with a monthly plan, written directly: the invoices' foreign keys need them. */
async function orderWithPlan(): Promise<{ orderId: string; subscriptionId: string }> {
  const { newOrderStatements } = await import('#features/orders/orders.server.ts');
  const { quote } = await import('#features/checkout/quote.ts');
  const { pricing } = await import('#data/pricing.ts');
  const order = newOrderStatements({
    userId,
    name: 'Rosa Diaz',
    email: 'rosa@example.com',
    phone: '(407) 555-0100',
    businessName: 'Diaz Bakery',
    quote: quote(pricing.checkout, { extraPages: 0, monthly: true }),
    provider: 'invoice',
    idempotencyKey: null,
    held: false,
  });
  await database.writes.run(order.statements);
  const { subscriptions } = await import('#server/db/schema.ts');
  const { eq } = await import('drizzle-orm');
  const [plan] = await database.db.select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
  return { orderId: order.id, subscriptionId: plan!.id };
}

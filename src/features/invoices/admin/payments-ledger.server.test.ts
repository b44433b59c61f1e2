/**
 * The bookkeeper's payments CSV (/api/admin/export/payments.csv): a row per payment and per
 * credit note (negative), days in Orlando, the file's total equal to the dashboard's revenue.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '#server/db/index.ts';
import { tempDatabase } from '#server/db/temp-database.ts';
import { auditLog, invoices, payments, users } from '#server/db/schema.ts';
import { callRoute } from '#server/http/testing/call-route.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { database, db, invoiceOrder, person, postAs, versionOf } from '#features/admin/handlers/admin-test-kit.ts';
import { exportCsv, EXPORT_BATCH } from '#features/admin/csv/export.server.ts';
import { getExport } from '#features/admin/csv/export-route.ts';
import { dashboardStats } from '#features/admin/dashboard/queries.server.ts';
import { postOrderRefund } from '#features/orders/admin/handlers/order-actions.ts';
import { postMarkPaid } from '#features/orders/admin/handlers/order-status.ts';
import { readOrderIn } from '#features/orders/orders.server.ts';
import { buildInvoiceStatements } from '../build-invoice.ts';
import { postInvoiceMarkPaid } from './handlers/invoice-actions.ts';
import { agencyDay } from './agency-days.ts';
import { ledgerPage, type LedgerCursor, type LedgerRow, paymentsQuery } from './payments-ledger.server.ts';

const HEADER = 'Date received,Invoice,Customer,Business,Method,Amount (USD),Recorded by,Provider reference';

const lines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
const csvOf = (db: Db, filters: { from?: string; to?: string } = {}) =>
  new Response(exportCsv(db, 'payments', filters)).text();

/** An invoice as the invoices feature leaves it, straight into `db` (the ledger only reads). */
async function seedInvoice(
  db: Db,
  n: number,
  values: {
    kind?: 'invoice' | 'credit_note';
    status?: 'open' | 'paid' | 'void';
    cents: number;
    at: Date;
    name?: string;
  },
) {
  const kind = values.kind ?? 'invoice';
  const id = `inv-${n}`;
  await db.insert(invoices).values({
    id,
    kind,
    purpose: kind === 'credit_note' ? 'credit' : 'build',
    year: 2026,
    sequence: n,
    number: `${kind === 'credit_note' ? 'CN' : 'INV'}-2026-${String(n).padStart(4, '0')}`,
    userId: 'customer',
    customerName: values.name ?? 'Ana Baker',
    customerBusiness: 'Ana’s Bakes, LLC',
    customerEmail: 'ana@example.com',
    totalCents: values.cents,
    status: values.status ?? 'paid',
    issuedAt: values.at,
    dueAt: values.at,
    createdAt: values.at,
  });
  return id;
}

async function seedPeople(db: Db) {
  const at = new Date('2026-01-01T00:00:00Z');
  await db.insert(users).values([
    { id: 'customer', name: 'Ana', email: 'ana@example.com', createdAt: at, updatedAt: at },
    { id: 'admin', name: 'Owner', email: 'owner@example.com', role: 'admin', createdAt: at, updatedAt: at },
  ]);
}

describe('the payments CSV', () => {
  it('writes a row per payment and a negative row per credit note, on Orlando days, formula-safe', async () => {
    const { database, cleanup } = await tempDatabase();
    try {
      const { db } = database;
      await seedPeople(db);
      // 3:30 am UTC on March 2 is 10:30 pm on March 1 in Orlando (EST).
      const lateEvening = new Date('2026-03-02T03:30:00Z');
      // 4:30 am UTC on March 2 is 11:30 pm on March 1; 5:30 am UTC is March 2 there.
      const justBeforeMidnight = new Date('2026-03-02T04:30:00Z');
      const justAfterMidnight = new Date('2026-03-02T05:30:00Z');
      const inv = await seedInvoice(db, 1, { cents: 380_000, at: new Date('2026-02-20T15:00:00Z'), name: '=cmd|calc' });
      await db.insert(payments).values([
        {
          id: 'p1',
          invoiceId: inv,
          amountCents: 100,
          receivedAt: lateEvening,
          method: 'bank_transfer',
          recordedBy: 'admin',
          createdAt: lateEvening,
        },
        {
          id: 'p2',
          invoiceId: inv,
          amountCents: 179_900,
          receivedAt: justAfterMidnight,
          method: 'card',
          recordedBy: null,
          providerReference: 'cs_test_123',
          createdAt: justAfterMidnight,
        },
        {
          id: 'p3',
          invoiceId: inv,
          amountCents: 200_000,
          receivedAt: new Date('2026-03-10T17:00:00Z'),
          method: null,
          recordedBy: null,
          createdAt: new Date('2026-03-10T17:00:00Z'),
        },
      ]);
      await seedInvoice(db, 2, { kind: 'credit_note', cents: 30_000, at: justBeforeMidnight });
      // A voided credit note returned nothing: not in the file (nor in the dashboard's revenue).
      await seedInvoice(db, 3, { kind: 'credit_note', status: 'void', cents: 60_000, at: justBeforeMidnight });

      const rows = lines(await csvOf(db));
      expect(rows).toEqual([
        HEADER,
        `2026-03-01,INV-2026-0001,'=cmd|calc,"Ana’s Bakes, LLC",Bank transfer,1.00,owner@example.com,`,
        `2026-03-01,CN-2026-0002,Ana Baker,"Ana’s Bakes, LLC",Credit note,-300.00,,`,
        `2026-03-02,INV-2026-0001,'=cmd|calc,"Ana’s Bakes, LLC",Card,1799.00,Stripe,cs_test_123`,
        `2026-03-10,INV-2026-0001,'=cmd|calc,"Ana’s Bakes, LLC",,2000.00,System,`,
      ]);

      // from/to are Orlando days: March 1 ends at 5 am UTC on March 2.
      const march1 = lines(await csvOf(db, { from: '2026-03-01', to: '2026-03-01' }));
      expect(march1.slice(1).map((r) => r.split(',').at(-3))).toEqual(['1.00', '-300.00']);
      const fromMarch2 = lines(await csvOf(db, { from: '2026-03-02' }));
      expect(fromMarch2.slice(1).map((r) => r.split(',')[0])).toEqual(['2026-03-02', '2026-03-10']);
    } finally {
      cleanup();
    }
  });

  it('pages merge payments and credit notes exactly, every row once, in order', async () => {
    const { database, cleanup } = await tempDatabase();
    try {
      const { db } = database;
      await seedPeople(db);
      const base = Date.UTC(2026, 4, 1, 12);
      const inv = await seedInvoice(db, 1, { cents: 10_000_000, at: new Date(base) });
      // Ties in the same millisecond, across both kinds.
      await db.insert(payments).values(
        Array.from({ length: 23 }, (_, i) => ({
          id: `p${i}`,
          invoiceId: inv,
          amountCents: 100 + i,
          receivedAt: new Date(base + Math.floor(i / 3) * 1000),
          method: 'cash' as const,
          createdAt: new Date(base),
        })),
      );
      for (let i = 0; i < 8; i += 1) {
        await seedInvoice(db, 100 + i, { kind: 'credit_note', cents: 10 + i, at: new Date(base + i * 1500) });
      }
      const all: LedgerRow[] = [];
      let cursor: LedgerCursor | null = null;
      let pages = 0;
      do {
        const page: Awaited<ReturnType<typeof ledgerPage>> = await ledgerPage(db, {}, cursor, 4);
        all.push(...page.rows);
        cursor = page.next;
        pages += 1;
      } while (cursor);
      expect(all).toHaveLength(31);
      expect(pages).toBe(8);
      const whole = (await ledgerPage(db, {}, null, 100)).rows;
      expect(all).toEqual(whole);
      expect(all.map((r) => r.at.getTime())).toEqual([...all].map((r) => r.at.getTime()).sort((a, b) => a - b));
    } finally {
      cleanup();
    }
  });

  it('streams more than one batch', async () => {
    const { database, cleanup } = await tempDatabase();
    try {
      const { db } = database;
      await seedPeople(db);
      const at = new Date('2026-06-01T12:00:00Z');
      const inv = await seedInvoice(db, 1, { cents: 100_000_000, at });
      const n = EXPORT_BATCH + 7;
      for (let i = 0; i < n; i += 500) {
        await db.insert(payments).values(
          Array.from({ length: Math.min(500, n - i) }, (_, j) => ({
            id: `p${i + j}`,
            invoiceId: inv,
            amountCents: 1,
            receivedAt: at,
            method: 'check' as const,
            createdAt: at,
          })),
        );
      }
      expect(lines(await csvOf(db))).toHaveLength(n + 1);
    } finally {
      cleanup();
    }
  });

  it('reads payments through payments_received_idx, in its order (no sort of the table)', async () => {
    const { database, cleanup } = await tempDatabase();
    try {
      const query = paymentsQuery(
        database.db,
        { from: '2026-03-01', to: '2026-03-31' },
        { at: Date.UTC(2026, 2, 5), amount: 100, row: 7 },
        EXPORT_BATCH + 1,
      ).toSQL();
      const plan = await database.client.execute({
        sql: `EXPLAIN QUERY PLAN ${query.sql}`,
        args: query.params as never,
      });
      const detail = plan.rows.map((r) => String(r.detail)).join('\n');
      expect(detail).toContain('payments_received_idx');
      expect(detail).not.toContain('TEMP B-TREE');
    } finally {
      cleanup();
    }
  });
});

describe('GET /api/admin/export/payments.csv', () => {
  const get = (path: string, user: SessionUser | null) =>
    callRoute(
      (context) => {
        context.params = { kind: 'payments' };
        return getExport(context);
      },
      `http://localhost:4321${path}`,
      { method: 'GET', user },
    );

  /** An invoiced order with its build invoice open, as checkout leaves it in invoice mode. */
  async function orderWithInvoice() {
    const orderId = await invoiceOrder(false);
    const invoiceId = await database.writes.transaction(async (tx) => {
      const issued = buildInvoiceStatements((await readOrderIn(tx, orderId))!, Date.now());
      await tx.batch(issued.statements);
      return issued.id;
    });
    return { orderId, invoiceId };
  }

  it('is for admins only: a visitor gets 401 and a customer 403, never CSV', async () => {
    const visitor = await get('/api/admin/export/payments.csv', null);
    expect(visitor.response.status).toBe(401);
    const customer = await get('/api/admin/export/payments.csv', await person('customer'));
    expect(customer.response.status).toBe(403);
    expect(customer.response.headers.get('content-type')).toContain('application/json');
  });

  it("totals to the dashboard's revenue for the month: payments, a part payment, a credit note", async () => {
    const admin = await person('admin');
    const today = agencyDay(Date.now());
    // A part payment on one invoice: $1.00 of $3,800.00.
    const part = await orderWithInvoice();
    const paidPart = await postAs(
      postInvoiceMarkPaid,
      `/api/admin/invoices/${part.invoiceId}/mark-paid`,
      { id: part.invoiceId },
      { amount: '1.00', date: today, method: 'bank_transfer' },
      admin,
    );
    expect(paidPart.status).toBe(200);
    // One paid in full, and one paid then refunded (a credit note for what was returned).
    for (const refund of [false, true]) {
      const { orderId } = await orderWithInvoice();
      const paid = await postAs(
        postMarkPaid,
        `/api/admin/orders/${orderId}/mark-paid`,
        { id: orderId },
        { version: await versionOf(orderId) },
        admin,
      );
      expect(paid.status).toBe(200);
      if (refund) {
        const refunded = await postAs(
          postOrderRefund,
          `/api/admin/orders/${orderId}/refund`,
          { id: orderId },
          { version: await versionOf(orderId) },
          admin,
        );
        expect(refunded.status).toBe(200);
      }
    }
    const credits = await db.select().from(invoices).where(eq(invoices.kind, 'credit_note'));
    expect(credits).toHaveLength(1);

    const monthStart = `${today.slice(0, 8)}01`;
    const { response } = await get(`/api/admin/export/payments.csv?from=${monthStart}&to=${today}`, admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="payments-[\d-]+\.csv"$/);
    const rows = lines(await response.text());
    expect(rows[0]).toBe(HEADER);
    expect(rows).toHaveLength(1 + 3 + 1);
    const amounts = rows.slice(1).map((r) => r.split(',')[5] ?? '');
    expect(amounts.filter((a) => a.startsWith('-'))).toEqual([`-${(credits[0]!.totalCents / 100).toFixed(2)}`]);
    expect(amounts).toContain('1.00');
    const totalCents = amounts.reduce((sum, a) => sum + Math.round(Number(a) * 100), 0);

    const stats = await dashboardStats(db, new Date());
    expect(totalCents).toBe(stats.revenueThisMonthCents);
    expect(totalCents).toBe(100 + 380_000 + 380_000 - credits[0]!.totalCents);

    // Audited as the other exports are, with its days.
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.id), eq(auditLog.action, 'admin.export')));
    expect(entry?.after).toEqual({ kind: 'payments', filters: { from: monthStart, to: today } });
  });

  it('refuses a date that is not a real day with 400 naming the field, and exports nothing', async () => {
    const admin = await person('admin');
    for (const [query, fields] of [
      ['from=2026-13-45', ['from']],
      ['to=yesterday', ['to']],
      ['from=2026-02-30&to=2026-11-31', ['from', 'to']],
    ] as const) {
      const { response } = await get(`/api/admin/export/payments.csv?${query}`, admin);
      expect(response.status, query).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/json');
      const body = (await response.json()) as { error: string; fields: Record<string, string[]> };
      for (const field of fields) expect(body.error).toContain(`'${field}'`);
      expect(Object.keys(body.fields)).toEqual(fields);
      expect(body.fields[fields[0]]).toEqual(['Enter a real day as YYYY-MM-DD, for example 2026-11-01']);
    }
    // Invoices too; an empty date is no filter, not an error.
    const invoicesCsv = await callRoute(
      (context) => {
        context.params = { kind: 'invoices' };
        return getExport(context);
      },
      'http://localhost:4321/api/admin/export/invoices.csv?from=yesterday',
      { method: 'GET', user: admin },
    );
    expect(invoicesCsv.response.status).toBe(400);
    expect(((await invoicesCsv.response.json()) as { error: string }).error).toContain("'from'");
    expect((await get('/api/admin/export/payments.csv?from=&to=2026-11-30', admin)).response.status).toBe(200);
  });
});

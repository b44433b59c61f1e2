import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '#server/db/index.ts';
import { invoices } from '#server/db/schema.ts';
import { tempDatabase } from '#server/db/temp-database.ts';
import { insertUserStatement } from '#features/accounts/users.server.ts';
import { dashboardStats } from '#features/admin/dashboard/queries.server.ts';
import { exportCsv } from '#features/admin/csv/export.server.ts';
import type { Cursor } from '#features/admin/lists/cursor.ts';
import { type Filters, readFilters } from '#features/admin/lists/filters.ts';
import { issueStatements } from '../invoices.server.ts';
import { agencyDayStart } from './agency-days.ts';
import { invoicesQuery, listInvoices, unpaidTotals, type InvoiceRow } from './invoices-admin.server.ts';

const DAY = 24 * 60 * 60 * 1000;
/** The tests' clock: every invoice is issued relative to it. */
const NOW = Date.parse('2026-03-20T16:00:00Z');

let database: AppDatabase;
let cleanup: () => void;
const ids: Record<string, string> = {};

async function issue(
  name: string,
  o: { daysAgo: number; email: string; business: string; cents: number; status?: 'paid' | 'void'; due?: number },
) {
  const user = insertUserStatement({ name, email: `${name}-${o.email}`, passwordHash: null, status: 'active' });
  const issued = issueStatements(
    {
      purpose: 'plan',
      userId: user.id,
      customer: { name, business: o.business, email: o.email },
      lines: [{ description: 'Monthly plan', quantity: 1, unitCents: o.cents }],
      dueDays: o.due ?? 14,
    },
    NOW - o.daysAgo * DAY,
  );
  await database.writes.run([user.statement, ...issued.statements]);
  if (o.status === 'paid') {
    await database.db
      .update(invoices)
      .set({ status: 'paid', paidAt: new Date(NOW - DAY), paidCents: o.cents, paidMethod: 'check' })
      .where(eq(invoices.id, issued.id));
  }
  if (o.status === 'void') {
    await database.db
      .update(invoices)
      .set({ status: 'void', voidReason: 'Duplicate', voidedAt: new Date(NOW) })
      .where(eq(invoices.id, issued.id));
  }
  ids[name] = issued.id;
}

beforeAll(async () => {
  ({ database, cleanup } = await tempDatabase());
  // Open and not yet due (issued 3 and 10 days ago, 14 days to pay).
  await issue('open-a', { daysAgo: 3, email: 'maria@lopez.example', business: 'Lopez Bakery', cents: 19_900 });
  await issue('open-b', { daysAgo: 10, email: 'sam@harbor.example', business: 'Harbor Dental', cents: 380_000 });
  // Overdue: issued 20 and 40 days ago.
  await issue('overdue-a', { daysAgo: 20, email: 'maria@lopez.example', business: 'Lopez Bakery', cents: 19_900 });
  await issue('overdue-b', { daysAgo: 40, email: 'ann@=cmd.example', business: '=HYPERLINK("x")', cents: 12_345 });
  await issue('paid', {
    daysAgo: 30,
    email: 'sam@harbor.example',
    business: 'Harbor Dental',
    cents: 50_000,
    status: 'paid',
  });
  await issue('void', {
    daysAgo: 5,
    email: 'sam@harbor.example',
    business: 'Harbor Dental',
    cents: 7_000,
    status: 'void',
  });
});
afterAll(() => cleanup());

/** Every row of the list with `filters`, walking its pages `limit` at a time. */
async function all(filters: Filters<'invoices'>, limit = 2): Promise<InvoiceRow[]> {
  const rows: InvoiceRow[] = [];
  let after: Cursor | null = null;
  do {
    const page: Awaited<ReturnType<typeof listInvoices>> = await listInvoices(
      database.db,
      filters,
      { after, limit },
      NOW,
    );
    rows.push(...page.rows);
    after = page.next;
  } while (after);
  return rows;
}
const names = (rows: InvoiceRow[]) => rows.map((r) => Object.keys(ids).find((k) => ids[k] === r.id));

describe('the admin invoices list', () => {
  it('shows every invoice newest issued first, voided ones included, across keyset pages', async () => {
    expect(names(await all({}))).toEqual(['open-a', 'void', 'open-b', 'overdue-a', 'paid', 'overdue-b']);
  });

  it("filters by state: 'open' is open and not yet due, 'overdue' is open past its due date", async () => {
    expect(names(await all({ state: 'open' }))).toEqual(['open-a', 'open-b']);
    expect(names(await all({ state: 'overdue' }))).toEqual(['overdue-a', 'overdue-b']);
    expect(names(await all({ state: 'paid' }))).toEqual(['paid']);
    expect(names(await all({ state: 'void' }))).toEqual(['void']);
  });

  it('searches the start of the number, e-mail or business name, in any case', async () => {
    const [first] = await database.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.id, ids.paid!));
    expect(names(await all({ q: first!.number.toLowerCase() }))).toEqual(['paid']);
    expect(names(await all({ q: 'MARIA@' }))).toEqual(['open-a', 'overdue-a']);
    expect(names(await all({ q: 'harbor d', state: 'open' }))).toEqual(['open-b']);
    expect(names(await all({ q: 'inv-' }))).toHaveLength(6);
    expect(await all({ q: 'bakery' })).toEqual([]);
    // LIKE's own wildcards are taken literally.
    expect(await all({ q: '%' })).toEqual([]);
  });

  it('narrows to issue days in Orlando, both ends included', async () => {
    const day = (daysAgo: number) => new Date(NOW - daysAgo * DAY).toISOString().slice(0, 10);
    expect(names(await all({ from: day(10), to: day(3) }))).toEqual(['open-a', 'void', 'open-b']);
    expect(names(await all({ from: day(3) }))).toEqual(['open-a']);
    expect(names(await all({ to: day(30) }))).toEqual(['paid', 'overdue-b']);
    // An Orlando day starts at its own midnight (EDT in March: 04:00 UTC).
    expect(agencyDayStart('2026-03-20').toISOString()).toBe('2026-03-20T04:00:00.000Z');
    expect(agencyDayStart('2026-01-05').toISOString()).toBe('2026-01-05T05:00:00.000Z');
  });

  it('ignores filters that do not validate', () => {
    const params = new URLSearchParams({ state: 'late', from: '2026-02-30', to: '2026-03-01', q: ' x ' });
    expect(readFilters('invoices', params)).toEqual({ to: '2026-03-01', q: 'x' });
  });

  it('never scans the invoices table for a search or a state', async () => {
    const cases: [Filters<'invoices'>, Cursor | null][] = [
      [{}, { at: NOW, row: 99 }],
      [{ q: 'maria' }, null],
      [{ q: 'INV-2026' }, null],
      [{ state: 'overdue' }, null],
      [{ state: 'paid' }, { at: NOW, row: 99 }],
      [{ kind: 'invoice' }, null],
      [{ kind: 'credit_note' }, null],
    ];
    for (const [filters, after] of cases) {
      const query = invoicesQuery(database.db, filters, after, 51, NOW).toSQL();
      const plan = await database.client.execute({
        sql: `EXPLAIN QUERY PLAN ${query.sql}`,
        args: query.params as never,
      });
      const details = plan.rows.map((r) => String(r.detail));
      expect(
        details.some((d) => /^SCAN invoices$/.test(d)),
        `${JSON.stringify(filters)}: ${details.join(' | ')}`,
      ).toBe(false);
      // A search is one index range per term (number, e-mail, business), never a walk of every row.
      if (filters.q) expect(details[0], details.join(' | ')).toBe('MULTI-INDEX OR');
    }
  });
});

describe('the overdue list at volume', () => {
  it('walks the status index newest first and reads due dates from it, not from each row', async () => {
    const query = invoicesQuery(database.db, { state: 'overdue' }, null, 51, NOW).toSQL();
    const plan = await database.client.execute({ sql: `EXPLAIN QUERY PLAN ${query.sql}`, args: query.params as never });
    const details = plan.rows.map((r) => String(r.detail)).join(' | ');
    expect(details).toMatch(/USING INDEX invoices_status_issued_idx \(status=\?\)/);
    const columns = await database.client.execute("PRAGMA index_info('invoices_status_issued_idx')");
    expect(columns.rows.map((r) => r.name)).toEqual(['status', 'issued_at', 'due_at']);
  });
});

describe('unpaid totals on the dashboard', () => {
  it('each equals the sum of the list it links to', async () => {
    const totals = await unpaidTotals(database.db, NOW);
    const sum = (rows: InvoiceRow[]) => rows.reduce((cents, r) => cents + r.totalCents, 0);
    expect(totals.openCents).toBe(sum(await all(readFilters('invoices', new URLSearchParams('state=open')))));
    expect(totals.overdueCents).toBe(sum(await all(readFilters('invoices', new URLSearchParams('state=overdue')))));
    expect(totals).toEqual({ openCents: 399_900, openCount: 2, overdueCents: 32_245, overdueCount: 2 });
    const stats = await dashboardStats(database.db, new Date(NOW));
    expect(stats.invoices).toEqual(totals);
  });
});

describe('the accountant’s CSV', () => {
  it('lists the range with dates, customer, items total, state and payment, formula-safe', async () => {
    const filters = readFilters('invoices', new URLSearchParams('from=2026-02-01&to=2026-02-28'));
    const text = await new Response(exportCsv(database.db, 'invoices', filters)).text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe(
      'Number,Kind,Issued,Due,Customer,Business,Email,Total (USD),Amount due (USD),Status,Paid date,Paid method',
    );
    // Issued 20, 30 and 40 days before March 20: February 28, 18 and 8.
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^INV-2026-\d{4},invoice,2026-02-28,2026-03-14,overdue-a,/);
    const [paid, overdue] = [lines[2]!, lines[3]!];
    expect(paid).toMatch(
      /^INV-2026-\d{4},invoice,2026-02-18,2026-03-04,paid,Harbor Dental,sam@harbor\.example,500\.00,0\.00,/,
    );
    expect(paid).toMatch(/,paid,2026-03-1\d,check$/);
    expect(overdue).toContain(`,"'=HYPERLINK(""x"")",ann@=cmd.example,`);
    expect(overdue).toMatch(/,123\.45,123\.45,overdue,,$/);
  });
});

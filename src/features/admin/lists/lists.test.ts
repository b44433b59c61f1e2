import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tempDatabase } from '#server/db/temp-database.ts';
import { getDatabase } from '#server/db/index.ts';
import { auditLog, contactMessages, orders, users } from '#server/db/schema.ts';
import { callRoute } from '#server/http/testing/call-route.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { getExport } from '../csv/export-route.ts';
import { formatCursor, parseCursor } from './cursor.ts';
import { readFilters } from './filters.ts';
import { listMessages, listOrders } from './lists.server.ts';

describe('cursor', () => {
  it('round-trips and refuses anything else', () => {
    const cursor = { at: 1_790_000_000_123, row: 42 };
    expect(parseCursor(formatCursor(cursor))).toEqual(cursor);
    for (const bad of ['', '12', '12.', 'a.1', '1.2.3', '-1.2', '1e3.4', null]) expect(parseCursor(bad)).toBeNull();
  });

  it('filters that do not validate are ignored', () => {
    const params = new URLSearchParams({ q: '  maria ', status: 'bogus' });
    expect(readFilters('orders', params)).toEqual({ q: 'maria' });
    expect(readFilters('messages', new URLSearchParams({ state: 'handled' }))).toEqual({ state: 'handled' });
  });
});

describe('contact messages by e-mail', () => {
  it('?q= is the start of the address, any case: a booking or lead links to its messages', async () => {
    const { database, cleanup } = await tempDatabase();
    try {
      const { db } = database;
      const at = new Date('2026-11-01T12:00:00Z');
      const message = (email: string, n: number) => ({
        id: `m${n}`,
        name: 'N',
        email,
        subject: null,
        message: `Message ${n}`,
        createdAt: new Date(at.getTime() + n),
      });
      await db
        .insert(contactMessages)
        .values([message('ann@example.com', 1), message('bob@example.com', 2), message('ann@example.com', 3)]);
      const page = await listMessages(db, readFilters('messages', new URLSearchParams({ q: 'ANN@example.com' })), {
        after: null,
      });
      expect(page.rows.map((r) => r.message)).toEqual(['Message 3', 'Message 1']);
    } finally {
      cleanup();
    }
  });
});

describe('keyset pages', () => {
  it('page 2 continues exactly after page 1, with ties in created_at', async () => {
    const { database, cleanup } = await tempDatabase();
    try {
      const { db } = database;
      const userId = crypto.randomUUID();
      const at = new Date('2026-10-01T12:00:00Z');
      await db
        .insert(users)
        .values({ id: userId, name: 'C', email: 'c@example.com', role: 'customer', createdAt: at, updatedAt: at });
      // 120 orders over 3 distinct instants: 40 rows share each created_at.
      const rows = Array.from({ length: 120 }, (_, i) => ({
        id: `order-${String(i).padStart(3, '0')}`,
        userId,
        name: 'C',
        email: i % 2 ? 'maria@example.com' : 'other@example.com',
        phone: '1',
        businessName: i % 3 ? 'Lake Bakery' : 'Orlando Dental',
        status: 'paid' as const,
        totalCents: 100,
        paymentProvider: 'invoice' as const,
        createdAt: new Date(at.getTime() + Math.floor(i / 40) * 1000),
        updatedAt: at,
      }));
      await db.insert(orders).values(rows);
      const seen: string[] = [];
      let after = null;
      let pages = 0;
      do {
        const page: Awaited<ReturnType<typeof listOrders>> = await listOrders(db, {}, { after });
        seen.push(...page.rows.map((r) => r.id));
        after = page.next;
        pages += 1;
      } while (after);
      expect(pages).toBe(3);
      expect(seen).toHaveLength(120);
      expect(new Set(seen).size).toBe(120);
      // Newest instant first; inside an instant, the later insert first.
      expect(seen.slice(0, 2)).toEqual(['order-119', 'order-118']);
      expect(seen.slice(49, 51)).toEqual(['order-070', 'order-069']);

      const maria = await listOrders(db, readFilters('orders', new URLSearchParams({ q: 'MARIA@' })), { after: null });
      expect(maria.rows.length).toBe(50);
      expect(maria.rows.every((r) => r.email === 'maria@example.com')).toBe(true);
      const dental = await listOrders(db, { q: 'orlando d' }, { after: null, limit: 100 });
      expect(dental.rows.every((r) => r.businessName === 'Orlando Dental')).toBe(true);
      expect(dental.rows).toHaveLength(40);
    } finally {
      cleanup();
    }
  });
});

describe('GET /api/admin/export/{kind}.csv', () => {
  const person = async (role: 'admin' | 'customer'): Promise<SessionUser> => {
    const { db } = await getDatabase();
    const id = crypto.randomUUID();
    const email = `${role}-${id}@example.com`;
    await db.insert(users).values({ id, name: role, email, role, createdAt: new Date(), updatedAt: new Date() });
    return { id, name: role, email, role };
  };
  // The route's [kind] parameter, as Astro's router would fill it.
  const get = (path: string, user: SessionUser | null, kind = 'orders') =>
    callRoute(
      (context) => {
        context.params = { kind };
        return getExport(context);
      },
      path,
      { method: 'GET', user },
    );

  it('a visitor gets 401 and a customer 403, in JSON, never CSV', async () => {
    const visitor = await get('/api/admin/export/orders.csv', null);
    expect(visitor.response.status).toBe(401);
    expect(visitor.response.headers.get('content-type')).toContain('application/json');
    const customer = await get('/api/admin/export/orders.csv', await person('customer'));
    expect(customer.response.status).toBe(403);
    expect(customer.response.headers.get('content-type')).toContain('application/json');
  });

  it('an admin gets a CSV attachment with a header row, and the export is audited with its filters', async () => {
    const admin = await person('admin');
    const { response } = await get('/api/admin/export/orders.csv?status=paid&q=%3Devil', admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await response.text();
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Order,Order id,Placed,Status,Name,Email,Business name,Total (USD),Payment',
    );
    const { db } = await getDatabase();
    const entries = await db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({ action: 'admin.export', entityType: 'export', entityId: 'orders' });
    expect(entry?.after).toEqual({ kind: 'orders', filters: { status: 'paid', q: '=evil' } });
  });

  it('every kind answers with its header; an unknown kind is a 404', async () => {
    const admin = await person('admin');
    for (const kind of ['messages', 'customers', 'subscriptions', 'audit', 'invoices', 'payments']) {
      const { response } = await get(`/api/admin/export/${kind}.csv`, admin, kind);
      expect(response.status).toBe(200);
      expect((await response.text()).split('\r\n')[0]?.length).toBeGreaterThan(5);
    }
    expect((await get('/api/admin/export/users.csv', admin, 'users')).response.status).toBe(404);
  });

  it('writes the money exports’ instants in Orlando, not UTC', async () => {
    const { database, cleanup } = await tempDatabase();
    try {
      const { db } = database;
      // 3:30 am UTC on March 2 is 10:30 pm on March 1 in Orlando (EST).
      const at = new Date('2026-03-02T03:30:00Z');
      const userId = crypto.randomUUID();
      await db.insert(users).values({ id: userId, name: 'C', email: 'c@example.com', createdAt: at, updatedAt: at });
      await db.insert(orders).values({
        id: 'o-late',
        userId,
        name: 'Late Larry',
        email: 'c@example.com',
        phone: '1',
        businessName: 'Night Owl',
        status: 'paid',
        totalCents: 100_00,
        paymentProvider: 'invoice',
        createdAt: at,
        updatedAt: at,
      });
      const { exportCsv } = await import('../csv/export.server.ts');
      const text = await new Response(exportCsv(db, 'orders', {})).text();
      const row = text.split('\r\n').find((line) => line.includes('o-late'));
      expect(row).toContain(',o-late,2026-03-01 22:30,paid,');
      expect(row).not.toContain('2026-03-02');
    } finally {
      cleanup();
    }
  });

  it('streams every row across batches', async () => {
    const { database, cleanup } = await tempDatabase();
    try {
      const { db } = database;
      const at = new Date();
      const userId = crypto.randomUUID();
      await db.insert(users).values({ id: userId, name: 'C', email: 'c@example.com', createdAt: at, updatedAt: at });
      const { exportCsv, EXPORT_BATCH } = await import('../csv/export.server.ts');
      const n = EXPORT_BATCH + 7;
      for (let i = 0; i < n; i += 200) {
        await db.insert(orders).values(
          Array.from({ length: Math.min(200, n - i) }, (_, j) => ({
            id: `o-${i + j}`,
            userId,
            name: 'Ann, "the" baker',
            email: 'ann@example.com',
            phone: '1',
            businessName: '=cmd|calc',
            status: 'paid' as const,
            totalCents: 12_345,
            paymentProvider: 'stripe' as const,
            createdAt: at,
            updatedAt: at,
          })),
        );
      }
      const text = await new Response(exportCsv(db, 'orders', {})).text();
      const lines = text.split('\r\n').filter(Boolean);
      expect(lines).toHaveLength(n + 1);
      expect(lines[1]).toContain(`"Ann, ""the"" baker",ann@example.com,'=cmd|calc,123.45,stripe`);
    } finally {
      cleanup();
    }
  });
});

describe('prepared first pages', () => {
  it('answer what the list built per request answers, and see rows added after they were prepared', async () => {
    const { database, cleanup } = await tempDatabase();
    try {
      const { db } = database;
      const at = new Date('2026-11-01T12:00:00Z');
      const message = (n: number, handled: boolean) => ({
        id: `m${n}`,
        name: 'N',
        email: `p${n}@example.com`,
        subject: null,
        message: `Message ${n}`,
        createdAt: new Date(at.getTime() + n),
        handledAt: handled ? new Date(at.getTime() + 1000) : null,
      });
      await db.insert(contactMessages).values([message(1, false), message(2, true), message(3, false)]);
      // The first page of all messages and of the open ones run prepared statements; `q` does not.
      const open = await listMessages(db, { state: 'open' }, { after: null, limit: 2 });
      expect(open.rows.map((r) => r.id)).toEqual(['m3', 'm1']);
      expect(open.next).toBeNull();
      const all = await listMessages(db, {}, { after: null, limit: 2 });
      expect(all.rows.map((r) => r.id)).toEqual(['m3', 'm2']);
      expect(all.next).not.toBeNull();
      const handled = await listMessages(db, { state: 'handled' }, { after: null });
      expect(handled.rows.map((r) => r.id)).toEqual(['m2']);
      // Prepared once, run again: the new row is there, and a limit is bound per run.
      await db.insert(contactMessages).values(message(4, false));
      expect((await listMessages(db, { state: 'open' }, { after: null, limit: 1 })).rows.map((r) => r.id)).toEqual([
        'm4',
      ]);
      expect((await listMessages(db, {}, { after: null })).rows.map((r) => r.id)).toEqual(['m4', 'm3', 'm2', 'm1']);
    } finally {
      cleanup();
    }
  });

  it("each database has its own: a second database never answers with the first one's rows", async () => {
    const first = await tempDatabase();
    const second = await tempDatabase();
    try {
      const row = (id: string) => ({
        id,
        name: 'N',
        email: `${id}@example.com`,
        subject: null,
        message: 'Hello',
        createdAt: new Date('2026-11-01T12:00:00Z'),
      });
      await first.database.db.insert(contactMessages).values(row('first'));
      await second.database.db.insert(contactMessages).values(row('second'));
      expect((await listMessages(first.database.db, {}, { after: null })).rows.map((r) => r.id)).toEqual(['first']);
      expect((await listMessages(second.database.db, {}, { after: null })).rows.map((r) => r.id)).toEqual(['second']);
    } finally {
      first.cleanup();
      second.cleanup();
    }
  });
});

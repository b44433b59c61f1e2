/**
 * /admin/orders?q= finds an order the way customers quote it: its number with or without
 * 'ORD-' in any case, or their phone number written any way, besides the e-mail and business
 * name prefixes it always matched. Every form of search is an index range (no table scan).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDatabase } from '#server/db/temp-database.ts';
import { orders, users } from '#server/db/schema.ts';
import { randomId } from '#server/security/tokens.ts';
import { orderNumber } from '#features/orders/order-number.ts';
import { readFilters } from './filters.ts';
import { listOrders, orderIdPrefix, ordersQuery, phoneSearchDigits } from './lists.server.ts';

let temp: Awaited<ReturnType<typeof tempDatabase>>;
const target = { id: randomId(), phone: '(321) 555-0147', email: 'maria@lopezbakery.com', business: 'Lopez Bakery' };
const plusOne = { id: randomId(), phone: '+1 689 555 0123' };

beforeAll(async () => {
  temp = await tempDatabase();
  const { db } = temp.database;
  const at = new Date('2026-10-01T12:00:00Z');
  const userId = crypto.randomUUID();
  await db.insert(users).values({ id: userId, name: 'C', email: 'c@example.com', createdAt: at, updatedAt: at });
  const order = (id: string, i: number, phone: string, email = `buyer${i}@example.com`, business = `Shop ${i}`) => ({
    id,
    userId,
    name: 'C',
    email,
    phone,
    businessName: business,
    status: 'paid' as const,
    totalCents: 100,
    paymentProvider: 'invoice' as const,
    createdAt: new Date(at.getTime() + i * 1000),
    updatedAt: at,
  });
  // Enough others that a scan would be visible in the plan, some sharing digits with the target.
  const others = Array.from({ length: 500 }, (_, i) => order(randomId(), i, `(407) 555-${String(1000 + i)}`));
  await db
    .insert(orders)
    .values([
      ...others,
      order(target.id, 600, target.phone, target.email, target.business),
      order(plusOne.id, 601, plusOne.phone),
    ]);
});
afterAll(() => temp.cleanup());

/** The ids /admin/orders lists for `?q=`, read as the page reads its query string. */
const search = async (q: string) => {
  const filters = readFilters('orders', new URLSearchParams({ q }));
  return (await listOrders(temp.database.db, filters, { after: null, limit: 100 })).rows.map((r) => r.id);
};

describe('finding an order by its number', () => {
  it('ORD-J43F85QD as quoted, in any case, with or without the prefix', async () => {
    const number = orderNumber(target.id); // 'ORD-' and the first 8 characters, upper-cased
    expect(number).toMatch(/^ORD-[A-Z2-9]{8}$/);
    const bare = number.slice(4);
    for (const q of [number, number.toLowerCase(), ` ${number} `, bare, bare.toLowerCase(), `ord ${bare}`]) {
      expect(await search(q), q).toEqual([target.id]);
    }
    // The whole id works too (it is what the admin's address bar shows).
    expect(await search(target.id)).toEqual([target.id]);
  });

  it('reads a number only where it can be one', () => {
    expect(orderIdPrefix('ORD-J43F85QD')).toBe('j43f85qd');
    expect(orderIdPrefix('j43f85qd')).toBe('j43f85qd');
    expect(orderIdPrefix('ord-j4')).toBe('j4');
    // Too short without the prefix, or characters no id has (l, o, 0, 1).
    expect(orderIdPrefix('j43f')).toBeNull();
    expect(orderIdPrefix('hello world')).toBeNull();
    expect(orderIdPrefix('ORD-J43F85Q0')).toBeNull();
  });
});

describe('finding an order by phone number', () => {
  it('any formatting of the same digits finds it', async () => {
    for (const q of [
      '(321) 555-0147',
      '321-555-0147',
      '321.555.0147',
      '3215550147',
      '+1 321 555 0147',
      '13215550147',
    ]) {
      expect(await search(q), q).toEqual([target.id]);
    }
  });

  it('a number stored with the country code is found without it, and the other way round', async () => {
    for (const q of ['(689) 555-0123', '6895550123', '+16895550123']) {
      expect(await search(q), q).toEqual([plusOne.id]);
    }
  });

  it('a partial number of at least 7 digits narrows by prefix; fewer digits are not read as a phone', async () => {
    expect(await search('407-555-10')).toHaveLength(100);
    expect(phoneSearchDigits('555-01')).toEqual([]);
    expect(phoneSearchDigits('maria')).toEqual([]);
  });

  it('e-mail and business name still match by prefix', async () => {
    expect(await search('MARIA@LOPEZ')).toEqual([target.id]);
    expect(await search('lopez bak')).toEqual([target.id]);
  });
});

describe('the search is index-backed', () => {
  it('no form of ?q= scans the orders table', async () => {
    const { db } = temp.database;
    for (const q of [orderNumber(target.id), orderNumber(target.id).slice(4), '(321) 555-0147', 'maria@', 'lopez']) {
      const query = ordersQuery(db, { q }, null, 26).toSQL();
      const plan = await temp.database.client.execute({
        sql: `EXPLAIN QUERY PLAN ${query.sql}`,
        args: query.params as never,
      });
      const details = plan.rows.map((r) => String(r.detail));
      expect(
        details.some((d) => /^SCAN orders\b/.test(d)),
        `${q}: ${details.join(' | ')}`,
      ).toBe(false);
      expect(
        details.some((d) => /MULTI-INDEX OR/.test(d)),
        `${q}: ${details.join(' | ')}`,
      ).toBe(true);
    }
    // The phone digits are the database's own: no write keeps them.
    const [row] = await db
      .select({ digits: orders.phoneDigits })
      .from(orders)
      .where(sql`${orders.id} = ${target.id}`);
    expect(row?.digits).toBe('3215550147');
  });
});

import { describe, expect, it } from 'vitest';
import { getDatabase } from '#server/db/index.ts';
import { bookings } from '#server/db/schema.ts';
import { addDays, agencyDayOf, agencyInstant } from '../zone.ts';
import { callsBetween, listBookings } from './bookings-admin.server.ts';

const { db } = await getDatabase();
const HOUR = 60 * 60 * 1000;

async function insert(startsAt: Date, status: 'active' | 'cancelled' = 'active', name = 'Caller') {
  const id = crypto.randomUUID().replace(/-/g, '').slice(0, 26);
  await db.insert(bookings).values({
    id,
    secretHash: Buffer.alloc(32),
    startsAt,
    endsAt: new Date(startsAt.getTime() + HOUR / 2),
    status,
    name,
    email: `${id}@example.com`,
    phone: '4075550100',
    topic: 'A new site',
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  return id;
}

describe('admin booking queries', () => {
  it("the dashboard's today and tomorrow are Orlando days, active calls only", async () => {
    const today = agencyDayOf(Date.now());
    const lateToday = await insert(agencyInstant(today, 23 * 60 + 30), 'active', 'Late today');
    const tomorrowNoon = await insert(agencyInstant(addDays(today, 1), 12 * 60), 'active', 'Tomorrow');
    await insert(agencyInstant(addDays(today, 1), 13 * 60), 'cancelled');
    await insert(agencyInstant(addDays(today, 2), 0), 'active', 'Day after');
    const calls = await callsBetween(db, agencyInstant(today, 0), agencyInstant(addDays(today, 2), 0));
    expect(calls.map((c) => c.id)).toEqual([lateToday, tomorrowNoon]);
  });

  it('lists upcoming calls soonest first and past ones latest first, a page at a time', async () => {
    const now = Date.UTC(2031, 0, 1);
    const future = [];
    for (let i = 0; i < 55; i++) future.push(await insert(new Date(now + (i + 1) * HOUR)));
    const past = [await insert(new Date(now - 2 * HOUR)), await insert(new Date(now - HOUR))];
    const first = await listBookings(db, 'upcoming', null, now);
    expect(first.rows).toHaveLength(50);
    expect(first.rows.map((r) => r.id)).toEqual(future.slice(0, 50));
    const second = await listBookings(db, 'upcoming', first.next, now);
    expect(second.rows.map((r) => r.id)).toEqual(future.slice(50));
    expect(second.next).toBeNull();
    const earlier = await listBookings(db, 'past', null, now);
    expect(earlier.rows.slice(0, 2).map((r) => r.id)).toEqual([past[1], past[0]]);
  });
});

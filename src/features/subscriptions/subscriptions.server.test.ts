import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '#server/db/index.ts';
import { auditLog, outbox, subscriptions, users } from '#server/db/schema.ts';
import { randomId } from '#server/security/tokens.ts';
import { DAY_MS } from './billing-dates.ts';
import { acceptOffer, requestCancel, subscriptionsOf } from './subscriptions.server.ts';

const database = await getDatabase();
const { db } = database;

async function customerWith(status: 'active' | 'pending', createdBy: 'checkout' | 'admin' = 'checkout') {
  const userId = crypto.randomUUID();
  const now = new Date();
  await db.insert(users).values({
    id: userId,
    name: 'Sub Scriber',
    email: `${userId}@example.com`,
    status: 'active',
    createdAt: now,
    updatedAt: now,
  });
  const id = randomId();
  await db.insert(subscriptions).values({
    id,
    userId,
    description: createdBy === 'admin' ? 'SEO retainer' : 'All-Inclusive Monthly Plan',
    priceCents: createdBy === 'admin' ? 8765 : 19_900,
    interval: 'month',
    status,
    createdBy,
    currentPeriodEnd: new Date(now.getTime() + 10 * DAY_MS),
    createdAt: now,
    updatedAt: now,
  });
  return { userId, id };
}

describe('a customer cancels with notice', () => {
  it('ends 30 days later, e-mails both sides, audits; a second request keeps the date', async () => {
    const { userId, id } = await customerWith('active');
    const now = Date.UTC(2026, 10, 23, 12);
    const first = await requestCancel(database, { id, userId, ip: '203.0.113.7' }, now);
    expect(first.ok).toBe(true);
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(row?.status).toBe('canceling');
    expect(row?.cancelAt?.getTime()).toBe(now + 30 * DAY_MS);
    const again = await requestCancel(database, { id, userId, ip: null }, now + 5 * DAY_MS);
    expect(again.ok && again.subscription.cancelAt?.getTime()).toBe(now + 30 * DAY_MS);
    const mails = await db.select().from(outbox);
    expect(mails.filter((m) => m.kind === 'subscription-cancel' && m.to === `${userId}@example.com`)).toHaveLength(1);
    expect(
      mails.filter((m) => m.kind === 'subscription-cancel-notice' && m.replyTo === `${userId}@example.com`),
    ).toHaveLength(1);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((a) => [a.action, a.actorId, a.ip])).toEqual([
      ['subscription.cancel-request', userId, '203.0.113.7'],
    ]);
  });

  it("another customer's subscription is not found; an ended one cannot be canceled", async () => {
    const { id } = await customerWith('active');
    const stranger = await customerWith('active');
    expect(await requestCancel(database, { id, userId: stranger.userId, ip: null })).toEqual({
      ok: false,
      reason: 'not-found',
    });
    const pending = await customerWith('pending');
    expect(await requestCancel(database, { ...pending, ip: null })).toEqual({ ok: false, reason: 'not-cancellable' });
  });
});

describe('a customer accepts an offer from the agency', () => {
  it('becomes active, the agency is told, audited; accepting twice is refused', async () => {
    const { userId, id } = await customerWith('pending', 'admin');
    const accepted = await acceptOffer(database, { id, userId, ip: null });
    expect(accepted.ok && accepted.subscription.status).toBe('active');
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(row?.acceptedAt).toBeInstanceOf(Date);
    expect(await acceptOffer(database, { id, userId, ip: null })).toEqual({ ok: false, reason: 'not-offered' });
    const mails = await db.select().from(outbox).where(eq(outbox.kind, 'subscription-accepted'));
    expect(mails.some((m) => m.replyTo === `${userId}@example.com`)).toBe(true);
  });

  it("checkout's own pending subscription is not an offer", async () => {
    const { userId, id } = await customerWith('pending', 'checkout');
    expect(await acceptOffer(database, { id, userId, ip: null })).toEqual({ ok: false, reason: 'not-offered' });
  });
});

describe("a customer's subscriptions at volume", () => {
  it('are checked against their own order only: the orders table is never scanned', async () => {
    const query = subscriptionsOf(db, 'someone').toSQL();
    const plan = await database.client.execute({ sql: `EXPLAIN QUERY PLAN ${query.sql}`, args: query.params as never });
    const details = plan.rows.map((r) => String(r.detail));
    expect(
      details.some((d) => /^SCAN orders\b/.test(d)),
      details.join(' | '),
    ).toBe(false);
    expect(details.join(' | ')).toMatch(
      /SEARCH orders USING INTEGER PRIMARY KEY|SEARCH orders USING INDEX sqlite_autoindex_orders_1/,
    );
  });
});

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, outbox, subscriptions, users } from '#server/db/schema.ts';
import { formOutcomeOf } from '#server/http/testing/call-route.ts';
import { ADMIN_SUBSCRIPTIONS } from '#features/admin/copy.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { adminSubscriptionPage } from '../subscriptions.server.ts';
import { pruneExpired } from '#server/db/housekeeping.ts';
import { duePriceChanges } from '../../price-changes.server.ts';
import { postAs, database, db, person } from '#features/admin/handlers/admin-test-kit.ts';
import { postCustomSubscription, postSubscriptionCancel, postSubscriptionPrice } from './subscriptions.ts';

const create = (body: Record<string, string>, user: SessionUser | null, form = false) =>
  postAs(postCustomSubscription, '/api/admin/subscriptions', {}, body, user, form);
const cancel = (id: string, body: Record<string, string>, user: SessionUser | null) =>
  postAs(postSubscriptionCancel, `/api/admin/subscriptions/${id}/cancel`, { id }, body, user);
const price = (id: string, body: Record<string, string>, user: SessionUser | null) =>
  postAs(postSubscriptionPrice, `/api/admin/subscriptions/${id}/price`, { id }, body, user);
const row = async (id: string) => (await db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
const auditOf = async (id: string) =>
  (
    await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'subscription'), eq(auditLog.entityId, id)))
  ).map((a) => a.action);
const offer = (email: string) => ({ email, description: 'Local SEO care', price: '87.65', interval: 'month' });

async function created(admin: SessionUser, email: string) {
  const res = await create(offer(email), admin);
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('POST /api/admin/subscriptions (custom subscription)', () => {
  it('offers it to an existing customer: pending, by admin, in cents; e-mail; audited; 303 to its page', async () => {
    const admin = await person('admin');
    const customer = await person('customer');
    const res = await create(offer(customer.email.toUpperCase()), admin, true);
    expect(res.status).toBe(303);
    const id = /^\/admin\/subscriptions\/([a-z2-9]+)$/.exec(res.headers.get('location') ?? '')?.[1];
    expect((await formOutcomeOf(res))?.notice).toBe('created');
    expect(id).toBeTruthy();
    expect(await row(id ?? '')).toMatchObject({
      userId: customer.id,
      description: 'Local SEO care',
      priceCents: 8765,
      interval: 'month',
      status: 'pending',
      createdBy: 'admin',
      acceptedAt: null,
    });
    const mails = await db.select().from(outbox).where(eq(outbox.to, customer.email));
    expect(mails.map((m) => m.kind)).toEqual(['subscription-offer']);
    expect(await auditOf(id ?? '')).toEqual(['subscription.create']);
    const page = await adminSubscriptionPage(db, id ?? '');
    expect(page?.customer?.email).toBe(customer.email);
    expect(page?.trail.entries.map((h) => h.action)).toEqual(['subscription.create']);
  });

  it('creates a pending account with an activation e-mail for a new e-mail', async () => {
    const admin = await person('admin');
    const email = `new-${crypto.randomUUID()}@example.com`;
    const id = await created(admin, email);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ status: 'pending', role: 'customer', passwordHash: null });
    expect((await row(id))?.userId).toBe(user?.id);
    const kinds = (await db.select().from(outbox).where(eq(outbox.to, email))).map((m) => m.kind).sort();
    expect(kinds).toEqual(['account-activation', 'subscription-offer']);
  });

  it('validation messages for every field; visitors 401, customers 403', async () => {
    const admin = await person('admin');
    const bad = await create({ email: 'nope', description: 'x', price: '12.345', interval: 'week' }, admin);
    expect(bad.status).toBe(400);
    const { fields } = (await bad.json()) as { fields: Record<string, string[]> };
    expect(Object.keys(fields).sort()).toEqual(['description', 'email', 'interval', 'price']);
    expect(fields.price?.[0]).toContain('at most 2 decimals');
    for (const p of ['0', '-5', 'abc', '0.00']) {
      expect((await create({ ...offer('a@example.com'), price: p }, admin)).status, p).toBe(400);
    }
    expect((await create({ ...offer('a@example.com'), description: 'two\nlines' }, admin)).status).toBe(400);
    const form = await create({ ...offer('a@example.com'), price: 'x' }, admin, true);
    expect(form.headers.get('location')).toBe('/admin/custom-subscription');
    expect((await formOutcomeOf(form))?.notice).toBe('invalid');
    expect((await create(offer('a@example.com'), null)).status).toBe(401);
    expect((await create(offer('a@example.com'), await person('customer'))).status).toBe(403);
  });
});

describe('subscription actions', () => {
  it('cancel at the notice date: canceling with cancel_at in 30 days; audited; stale version 409', async () => {
    const admin = await person('admin');
    const customer = await person('customer');
    const id = await created(admin, customer.email);
    expect((await cancel(id, { when: 'notice', version: '3' }, admin)).status).toBe(409);
    const before = Date.now();
    const res = await cancel(id, { when: 'notice', version: '0' }, admin);
    expect(res.status).toBe(200);
    const s = await row(id);
    expect(s?.status).toBe('canceling');
    expect(s?.version).toBe(1);
    const days = ((s?.cancelAt?.getTime() ?? 0) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    expect(await auditOf(id)).toEqual(['subscription.create', 'subscription.cancel']);
    // The same form again is stale.
    expect((await cancel(id, { when: 'now', version: '0' }, admin)).status).toBe(409);
    // Now it can still be ended at once.
    expect((await cancel(id, { when: 'now', version: '1' }, admin)).status).toBe(200);
    expect((await row(id))?.status).toBe('canceled');
    expect((await cancel(id, { when: 'now', version: '2' }, admin)).status).toBe(409);
  });

  it('price change: an offer not accepted yet changes at once; audited; access and validation', async () => {
    const admin = await person('admin');
    const customer = await person('customer');
    const id = await created(admin, customer.email);
    expect((await price(id, { price: '99.5', version: '0' }, null)).status).toBe(401);
    expect((await price(id, { price: '99.5', version: '0' }, customer)).status).toBe(403);
    expect((await price(id, { price: '99.555', version: '0' }, admin)).status).toBe(400);
    const res = await price(id, { price: '99.5', version: '0' }, admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ nextPriceCents: null, version: 1 });
    expect(await row(id)).toMatchObject({ priceCents: 9950, nextPriceCents: null, nextPriceFrom: null });
    expect(await auditOf(id)).toEqual(['subscription.create', 'subscription.price-change']);
    expect((await cancel(id, { when: 'bogus', version: '1' }, admin)).status).toBe(400);
    // A missing version is refused in the subscription's words, not an order's.
    const unversioned = await price(id, { price: '99.5' }, admin);
    expect(unversioned.status).toBe(400);
    expect((await unversioned.json()).fields.version).toEqual([ADMIN_SUBSCRIPTIONS.stale]);
    expect((await cancel('abcdefghijkmnpqrstuvwxyz23', { when: 'now', version: '0' }, admin)).status).toBe(404);
    expect((await cancel(id, { when: 'now', version: '1' }, customer)).status).toBe(403);
  });

  it('price change of an accepted plan: from the next billing date, applied then by housekeeping', async () => {
    const admin = await person('admin');
    const customer = await person('customer');
    const id = await created(admin, customer.email);
    // Accepted (invoiced) on Jan 31: billed on the last day of each month after.
    const acceptedAt = new Date('2026-01-31T15:00:00Z');
    await db.update(subscriptions).set({ status: 'active', acceptedAt }).where(eq(subscriptions.id, id));
    const now = Date.UTC(2026, 2, 5);
    const { changeSubscriptionPrice } = await import('../subscriptions.server.ts');
    const result = await changeSubscriptionPrice(
      database,
      { id, version: 0, priceCents: 9950, actorId: admin.id, ip: '203.0.113.9' },
      now,
    );
    expect(result.ok).toBe(true);
    const from = new Date('2026-03-31T15:00:00Z');
    expect(await row(id)).toMatchObject({ priceCents: 8765, nextPriceCents: 9950, nextPriceFrom: from });

    expect(await pruneExpired(database.client, [duePriceChanges], from.getTime() - 1)).toEqual({
      'subscription-prices': 0,
    });
    expect(await row(id)).toMatchObject({ priceCents: 8765, nextPriceCents: 9950 });
    expect(await pruneExpired(database.client, [duePriceChanges], from.getTime())).toEqual({
      'subscription-prices': 1,
    });
    expect(await row(id)).toMatchObject({ priceCents: 9950, nextPriceCents: null, nextPriceFrom: null, version: 2 });
    expect(await auditOf(id)).toEqual([
      'subscription.create',
      'subscription.price-change',
      'subscription.price-applied',
    ]);
    // Nothing is due twice.
    expect(await pruneExpired(database.client, [duePriceChanges], from.getTime() + 1)).toEqual({
      'subscription-prices': 0,
    });
  });
});

import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { site } from '#data/site.ts';
import { getDatabase } from '#server/db/index.ts';
import { auditLog, outbox, subscriptions, users, type SubscriptionStatus } from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import { callRoute, formOutcomeOf } from '#server/http/testing/call-route.ts';
import { serverEnv } from '#server/env.ts';
import { randomId } from '#server/security/tokens.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { DAY_MS } from '../billing-dates.ts';
import { postAccept, postCancel } from './subscription-actions.ts';

const database = await getDatabase();
const { db } = database;
const AGENCY = serverEnv().AGENCY_INBOX ?? site.email;

async function customer(): Promise<SessionUser> {
  const id = crypto.randomUUID();
  const now = new Date();
  const email = `cancel-${id}@example.com`;
  await db
    .insert(users)
    .values({ id, name: 'Can Celer', email, role: 'customer', status: 'active', createdAt: now, updatedAt: now });
  return { id, name: 'Can Celer', email, role: 'customer' };
}

async function subscriptionOf(
  user: SessionUser,
  status: SubscriptionStatus = 'active',
  createdBy: 'checkout' | 'admin' = 'checkout',
) {
  const id = randomId();
  const now = new Date();
  await db.insert(subscriptions).values({
    id,
    userId: user.id,
    description: 'All-Inclusive Monthly Plan',
    priceCents: 19_900,
    interval: 'month',
    status,
    createdBy,
    currentPeriodEnd: new Date(now.getTime() + 12 * DAY_MS),
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/** POST /api/account/subscriptions/{id}/{action} as `user`: a plain form, or fetch (no body). */
async function post(action: 'cancel' | 'accept', id: string, user: SessionUser | null, form = false) {
  const handler = action === 'cancel' ? postCancel : postAccept;
  const path = `http://localhost:4321/api/account/subscriptions/${id}/${action}`;
  const call = await callRoute(handler, path, { form, params: { id }, user, ip: '203.0.113.60' });
  return call.response;
}

const cancel = (id: string, user: SessionUser | null, form = false) => post('cancel', id, user, form);

const row = async (id: string) => (await db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
const agencyNotices = (user: SessionUser) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'subscription-cancel-notice'), eq(outbox.replyTo, user.email)));

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/account/subscriptions/{id}/cancel', () => {
  it('the owner cancels: canceling, ends exactly 30 days later, the agency is told, audited', async () => {
    // Only Date is faked: the database client keeps its real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Date.UTC(2026, 10, 23, 15, 30);
    vi.setSystemTime(now);
    const owner = await customer();
    const id = await subscriptionOf(owner);

    const res = await cancel(id, owner, true);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/account#subscriptions');
    expect((await formOutcomeOf(res))?.notice).toBe('subscription-canceling');
    const canceled = await row(id);
    expect(canceled?.status).toBe('canceling');
    expect(canceled?.cancelAt?.getTime()).toBe(now + 30 * DAY_MS);

    const notices = await agencyNotices(owner);
    expect(notices.map((m) => m.to)).toEqual([AGENCY]);
    expect(unseal(notices[0]?.text ?? '')).toContain(owner.email);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((a) => [a.action, a.actorId, a.ip, a.after])).toEqual([
      [
        'subscription.cancel-request',
        owner.id,
        '203.0.113.60',
        { status: 'canceling', cancelAt: new Date(now + 30 * DAY_MS).toISOString() },
      ],
    ]);
  });

  it('a repeated request (JSON) answers the subscription and keeps the first date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Date.UTC(2026, 10, 23, 9);
    vi.setSystemTime(now);
    const owner = await customer();
    const id = await subscriptionOf(owner, 'past_due');
    const first = await cancel(id, owner);
    expect(first.status).toBe(200);
    const cancelAt = new Date(now + 30 * DAY_MS).toISOString();
    expect(await first.json()).toMatchObject({ id, status: 'canceling', cancelAt });

    vi.setSystemTime(now + 4 * DAY_MS);
    const again = await cancel(id, owner);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ id, status: 'canceling', cancelAt });
    expect((await row(id))?.cancelAt?.toISOString()).toBe(cancelAt);
    expect(await agencyNotices(owner)).toHaveLength(1);
    expect(await db.select().from(auditLog).where(eq(auditLog.entityId, id))).toHaveLength(1);
  });

  it("another customer's subscription is 404 and stays as it was; a visitor is 401", async () => {
    const owner = await customer();
    const id = await subscriptionOf(owner);
    const stranger = await customer();

    const res = await cancel(id, stranger);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Subscription not found' });
    const form = await cancel(id, stranger, true);
    expect(form.headers.get('location')).toBe('/account#subscriptions');
    expect((await formOutcomeOf(form))?.notice).toBe('subscription-not-found');
    expect((await cancel('not-an-id', owner)).status).toBe(404);
    expect((await cancel(id, null)).status).toBe(401);

    const untouched = await row(id);
    expect([untouched?.status, untouched?.cancelAt]).toEqual(['active', null]);
    expect(await db.select().from(auditLog).where(eq(auditLog.entityId, id))).toEqual([]);
  });

  it('an ended subscription cannot be canceled (409)', async () => {
    const owner = await customer();
    const id = await subscriptionOf(owner, 'canceled');
    const res = await cancel(id, owner);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: expect.stringContaining('cannot be canceled') });
  });
});

describe('POST /api/account/subscriptions/{id}/accept (invoice mode)', () => {
  it('a form accepts at once and lands on the notice; fetch gets the same redirect as JSON', async () => {
    const owner = await customer();
    const id = await subscriptionOf(owner, 'pending', 'admin');
    const res = await post('accept', id, owner, true);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/account?notice=subscription-accepted#subscriptions');
    expect(await row(id)).toMatchObject({ status: 'active', paymentReference: null });

    const other = await subscriptionOf(owner, 'pending', 'admin');
    const json = await post('accept', other, owner);
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({
      id: other,
      status: 'active',
      redirect: '/account?notice=subscription-accepted#subscriptions',
    });
    const again = await post('accept', other, owner);
    expect(again.status).toBe(409);
    expect(await db.select().from(auditLog).where(eq(auditLog.entityId, other))).toHaveLength(1);
  });
});

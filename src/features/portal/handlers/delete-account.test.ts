import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pricingReadings } from '#data/pricing.ts';
import { getDatabase } from '#server/db/index.ts';
import {
  accountTokens,
  auditLog,
  intakes,
  orderItems,
  orders,
  outbox,
  rateLimits,
  sessions,
  subscriptions,
  users,
} from '#server/db/schema.ts';
import { quote } from '#features/checkout/quote.ts';
import { newOrderStatements } from '#features/orders/orders.server.ts';
import { authenticate, registerUser, sendAccountLink } from '#features/accounts/accounts.server.ts';
import { AUTH, PROFILE } from '#features/accounts/copy.ts';
import { validateSessionToken } from '#features/accounts/session.server.ts';
import { deletedEmail } from '#features/accounts/users.server.ts';
import { ACCOUNT_DELETED, deleteOwnAccount } from './delete-account.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { linkRequest } from '#features/accounts/handlers/link-request.ts';
import { login } from '#features/accounts/handlers/login.ts';
import { saveProfile } from '#features/accounts/handlers/profile.ts';
import { callRoute, formOutcomeOf } from '#server/http/testing/call-route.ts';
import { signedInCustomer, TEST_PASSWORD, uniqueEmail } from '#features/accounts/handlers/test-context.ts';

const database = await getDatabase();
const { db } = database;
const offer = pricingReadings.custom.checkout;

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

/** An order with the monthly plan (its subscription made active, as after payment) and an intake. */
async function orderFor(who: Customer) {
  const { id, statements } = newOrderStatements({
    userId: who.user.id,
    name: who.user.name,
    email: who.email,
    phone: '(407) 555-0199',
    businessName: 'Lopez Bakery',
    quote: quote(offer, { extraPages: 1, monthly: true }),
    provider: 'invoice',
    idempotencyKey: null,
  });
  await database.writes.run(statements);
  await db.update(subscriptions).set({ status: 'active' }).where(eq(subscriptions.orderId, id));
  const now = new Date();
  await db.insert(intakes).values({
    id: crypto.randomUUID(),
    orderId: id,
    userId: who.user.id,
    status: 'submitted',
    version: 3,
    data: {
      businessName: 'Lopez Bakery',
      industry: 'Bakery',
      address: '12 Orange Ave, Orlando',
      phone: '(407) 555-0199',
      publicEmail: 'maria@lopez.example',
    },
    submittedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

const remove = (who: Customer, body: Record<string, string>, { form = false } = {}) =>
  callRoute(deleteOwnAccount, '/api/account/delete', { body, form, user: who.user, session: who.session });

describe('POST /api/account/delete', () => {
  it('a wrong password or a missing confirmation changes nothing', async () => {
    const who = await signedInCustomer(database, 'keep');
    const wrong = await remove(who, { currentPassword: 'not-my-password', confirm: 'DELETE' });
    expect(wrong.response.status).toBe(400);
    expect(await wrong.response.json()).toEqual({
      error: AUTH.wrongCurrentPassword,
      fields: { currentPassword: [AUTH.wrongCurrentPassword] },
    });
    const unconfirmed = await remove(who, { currentPassword: TEST_PASSWORD, confirm: 'yes' });
    expect(unconfirmed.response.status).toBe(400);
    expect(await unconfirmed.response.json()).toMatchObject({ fields: { confirm: [PROFILE.deleteConfirmMismatch] } });
    const form = await remove(who, { currentPassword: 'not-my-password', confirm: 'delete' }, { form: true });
    expect(form.response.headers.get('location')).toBe('/account/profile#delete-account');
    expect((await formOutcomeOf(form.response))?.notice).toBe('wrong-password');

    const [row] = await db.select().from(users).where(eq(users.id, who.user.id));
    expect(row).toMatchObject({ status: 'active', email: who.email });
    expect(await validateSessionToken(database, who.token)).not.toBeNull();
    expect(wrong.jar.has('session')).toBe(false);
  });

  it('anonymises the account, keeps the orders without the person, cancels subscriptions, ends everything', async () => {
    const who = await signedInCustomer(database, 'leaver');
    const orderId = await orderFor(who);
    const bystander = await signedInCustomer(database, 'bystander', 'Carlos Diaz');
    const otherOrder = await orderFor(bystander);
    // A pending e-mail change: its link must die with the account.
    await callRoute(saveProfile, '/api/account/profile', {
      body: { name: who.user.name, email: uniqueEmail('moving'), currentPassword: TEST_PASSWORD },
      user: who.user,
      session: who.session,
    });
    const second = await signedInCustomer(database, 'unused');
    await db.update(sessions).set({ userId: who.user.id }).where(eq(sessions.id, second.session.id));

    const { response, jar } = await remove(who, { currentPassword: TEST_PASSWORD, confirm: ' delete ' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: PROFILE.accountDeleted });
    expect(jar.get('session')).toMatchObject({ value: '', options: { maxAge: 0 } });

    const [row] = await db.select().from(users).where(eq(users.id, who.user.id));
    expect(row).toMatchObject({
      name: 'Deleted customer',
      email: deletedEmail(who.user.id),
      passwordHash: null,
      status: 'deleted',
      pendingEmail: null,
    });
    expect(await db.select().from(sessions).where(eq(sessions.userId, who.user.id))).toHaveLength(0);
    expect(await db.select().from(accountTokens).where(eq(accountTokens.userId, who.user.id))).toHaveLength(0);
    expect(await validateSessionToken(database, who.token)).toBeNull();
    expect(await validateSessionToken(database, second.token)).toBeNull();

    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      name: 'Deleted customer',
      email: deletedEmail(who.user.id),
      phone: '',
      businessName: 'Lopez Bakery',
      totalCents: expect.any(Number),
    });
    expect(await db.select().from(orderItems).where(eq(orderItems.orderId, orderId))).not.toHaveLength(0);
    const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    expect(subscription?.status).toBe('canceled');
    const [intake] = await db.select().from(intakes).where(eq(intakes.orderId, orderId));
    expect(intake?.data).toEqual({ businessName: 'Lopez Bakery', industry: 'Bakery' });
    expect(intake?.version).toBe(4);

    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, who.user.id), eq(auditLog.action, 'account.delete')));
    expect(entry).toMatchObject({ actorId: who.user.id, ip: '203.0.113.10' });
    expect(entry?.after).toEqual({
      canceledSubscriptions: [{ id: subscription!.id, paymentReference: null }],
      intakes: 1,
      threadImages: 0,
    });
    expect(JSON.stringify(entry)).not.toContain(who.email);

    // Someone else's records are untouched.
    const [theirs] = await db.select().from(orders).where(eq(orders.id, otherOrder));
    expect(theirs).toMatchObject({ name: 'Carlos Diaz', email: bystander.email });
    const [theirSubscription] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, otherOrder));
    expect(theirSubscription?.status).toBe('active');
    expect(await validateSessionToken(database, bystander.token)).not.toBeNull();
  });

  it('the old password never signs in again, no link revives the account, and the address can register again', async () => {
    const who = await signedInCustomer(database, 'gone');
    const deleted = await remove(who, { currentPassword: TEST_PASSWORD, confirm: 'DELETE' }, { form: true });
    expect(deleted.response.status).toBe(303);
    expect(deleted.response.headers.get('location')).toBe(ACCOUNT_DELETED.path);
    expect((await formOutcomeOf(deleted.response))?.notice).toBe(ACCOUNT_DELETED.notice);

    expect(await authenticate(database, who.email, TEST_PASSWORD)).toBeNull();
    const signIn = await callRoute(login, '/api/login', {
      body: { email: who.email, password: TEST_PASSWORD },
      ip: '192.0.2.77',
    });
    expect(signIn.response.status).toBe(401);

    await sendAccountLink(database, deletedEmail(who.user.id), 'password_reset');
    expect(
      await db
        .select()
        .from(outbox)
        .where(eq(outbox.to, deletedEmail(who.user.id))),
    ).toHaveLength(0);
    expect(await db.select().from(accountTokens).where(eq(accountTokens.userId, who.user.id))).toHaveLength(0);

    const again = await registerUser(database, { name: 'Maria Again', email: who.email, password: TEST_PASSWORD });
    expect(again.ok).toBe(true);
    if (again.ok) expect(again.user.id).not.toBe(who.user.id);
  });

  it('removes the address everywhere: mail to it is cancelled, Reply-To dropped, rate-limit keys gone', async () => {
    const who = await signedInCustomer(database, 'Forget-Me');
    const moving = uniqueEmail('forget-moving');
    // A pending e-mail change: a link to the new address, a notice to the current one.
    await callRoute(saveProfile, '/api/account/profile', {
      body: { name: who.user.name, email: moving, currentPassword: TEST_PASSWORD },
      user: who.user,
      session: who.session,
    });
    // A failed login and a reset-link request leave buckets keyed by the address.
    await callRoute(login, '/api/login', { body: { email: who.email, password: 'not-my-password' }, ip: '192.0.2.61' });
    await callRoute(linkRequest('password_reset', '/forgot-password'), '/api/password/forgot', {
      body: { email: who.email },
      ip: '192.0.2.62',
    });
    // Mail to the agency that names the person as Reply-To (as typed: any case).
    const agencyMail = outboxInsert(
      {
        kind: 'contact-notification',
        to: 'agency@example.com',
        replyTo: who.email.toUpperCase(),
        subject: 'Hi',
        text: 'Hi',
        html: 'Hi',
      },
      Date.now(),
    );
    await database.writes.run([agencyMail]);

    const addresses = [who.email.toLowerCase(), moving];
    const outboxRows = () =>
      db
        .select()
        .from(outbox)
        .where(or(inArray(sql`lower(${outbox.to})`, addresses), inArray(sql`lower(${outbox.replyTo})`, addresses)));
    const limitRows = () =>
      db
        .select()
        .from(rateLimits)
        .where(or(...addresses.map((a) => like(rateLimits.key, `%${a}%`))));
    // The reset link is queued off the response path: wait for it.
    await expect
      .poll(async () => (await outboxRows()).some((m) => m.kind === 'password-reset'), { timeout: 5000 })
      .toBe(true);
    expect((await outboxRows()).map((m) => m.kind).sort()).toEqual([
      'account-email-change',
      'account-email-change-notice',
      'account-verify-email',
      'contact-notification',
      'password-reset',
    ]);
    expect((await limitRows()).map((r) => r.key.split(':')[0]).sort()).toEqual([
      'link-email',
      'login-account',
      'login-account-client',
    ]);

    const { response } = await remove(who, { currentPassword: TEST_PASSWORD, confirm: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await outboxRows()).toEqual([]);
    expect(await limitRows()).toEqual([]);
    // The agency's mail still goes, without the address to reply to.
    const kept = await db.select().from(outbox).where(eq(outbox.kind, 'contact-notification'));
    expect(kept.some((m) => m.to === 'agency@example.com' && m.replyTo === null)).toBe(true);
  });

  it('an administrator is refused (after the password check)', async () => {
    const admin = await signedInCustomer(database, 'admin-leaver', 'Ada Admin');
    await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    const adminUser = { ...admin, user: { ...admin.user, role: 'admin' as const } };
    const wrong = await remove(adminUser, { currentPassword: 'not-my-password', confirm: 'DELETE' });
    expect(wrong.response.status).toBe(400);
    const refused = await remove(adminUser, { currentPassword: TEST_PASSWORD, confirm: 'DELETE' });
    expect(refused.response.status).toBe(403);
    expect(await refused.response.json()).toEqual({ error: PROFILE.deleteAdminRefused });
    const [row] = await db.select().from(users).where(eq(users.id, admin.user.id));
    expect(row?.status).toBe('active');
  });
});

/**
 * Items reach an account through its address only once the address is proven, and an order
 * placed signed out with an existing account's address is held for that address's owner.
 * Real database, real route handlers called with Requests, mail read back from the outbox.
 */
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertionOrder } from '#server/db/expressions.ts';
import { getDatabase } from '#server/db/index.ts';
import { invoiceLines, invoices, orderItems, orders, outbox, subscriptions, users } from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import { createCustomSubscription } from '#features/subscriptions/admin/subscriptions.server.ts';
import { listOrders } from '#features/admin/lists/lists.server.ts';
import { registerUser } from '#features/accounts/accounts.server.ts';
import { postResendVerification, postVerifyEmail } from '#features/accounts/handlers/address-links.ts';
import { saveProfile } from '#features/accounts/handlers/profile.ts';
import { callRoute, pageContext } from '#server/http/testing/call-route.ts';
import { TEST_PASSWORD, uniqueEmail } from '#features/accounts/handlers/test-context.ts';
import { createSession, type SessionUser } from '#features/accounts/session.server.ts';
import { verifyEmailPageState } from '#features/accounts/verify-email-page.server.ts';
import { confirmEmailChange } from '#features/accounts/profile.server.ts';
import { confirmOrderPageState } from '#features/orders/confirm-order-page.server.ts';
import { postConfirmOrder } from '#features/orders/handlers/confirm-order.ts';
import { customerOrderPage } from '#features/orders/customer-order.server.ts';
import { HELD_ORDER } from '#features/orders/copy.ts';
import { ordersOfCustomer } from '#features/orders/orders.server.ts';
import { subscriptionsOf } from '#features/subscriptions/subscriptions.server.ts';
import { customerInvoices, invoiceForViewer, orderInvoiceLinks } from '#features/invoices/customer-invoices.server.ts';
import { postCheckout } from './handlers/post-checkout.ts';

const database = await getDatabase();
const { db } = database;

let client = 0;
/** POST /api/checkout as JSON, signed out unless `user` is given (a fresh client address each time). */
async function checkout(email: string, { user = null as SessionUser | null, monthly = false } = {}) {
  const { response } = await callRoute(postCheckout, 'http://localhost:4321/api/checkout', {
    body: {
      name: 'Eve Mallory',
      email,
      phone: '(407) 555-0111',
      businessName: 'Totally Legit LLC',
      terms: true,
      monthly,
      idempotencyKey: `k${crypto.randomUUID().replaceAll('-', '')}`,
    },
    user,
    ip: `192.0.2.${(++client % 250) + 1}`,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { orderId: string }).orderId;
}

const mailsTo = async (to: string) =>
  (await db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt), desc(insertionOrder))).map(
    (m) => ({ kind: m.kind, subject: m.subject, text: unseal(m.text), html: unseal(m.html) }),
  );

/** The token of the newest link of `kind` mailed to `to`, e.g. ('/verify-email', 'account-verify-email'). */
async function linkIn(to: string, kind: string, path: string): Promise<string> {
  const mail = (await mailsTo(to)).find((m) => m.kind === kind);
  const match = new RegExp(`${path}\\?token=([^\\s&"]+)`).exec(mail?.text ?? '');
  if (!match) throw new Error(`no ${path} link in a ${kind} mail to ${to}`);
  return decodeURIComponent(match[1]!);
}

const pageOf = (path: string, query: string, method = 'GET') => pageContext(`${path}${query}`, { method });

/** Each press from its own address: the link routes' rate limit never decides a test. */
const pressFrom = () => `198.18.0.${(++client % 250) + 1}`;
const press = {
  verify: (token: string) => callRoute(postVerifyEmail, '/api/email/verify', { body: { token }, ip: pressFrom() }),
  confirmOrder: (token: string) =>
    callRoute(postConfirmOrder, '/api/orders/confirm', { body: { token }, ip: pressFrom() }),
};

const orderRow = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const userRow = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0]!;

async function register(email: string, name = 'Sam Stranger') {
  const registered = await registerUser(database, { name, email, password: TEST_PASSWORD });
  if (!registered.ok) throw new Error(registered.reason);
  return registered.user;
}

/** Registers `email` and proves it through the mailed link's button, as its owner would. */
async function verifiedCustomer(email: string, name = 'Vera Owner') {
  const user = await register(email, name);
  const verified = await press.verify(await linkIn(email, 'account-verify-email', '/verify-email'));
  expect(verified.response.status).toBe(200);
  return user;
}

describe('an address is proved before anything attaches to it', () => {
  it('registration signs in at once but leaves the address unproven, and mails a link to prove it', async () => {
    const email = uniqueEmail('fresh');
    const user = await register(email);
    expect((await userRow(user.id)).emailVerifiedAt).toBeNull();
    const [mail] = await mailsTo(email);
    expect(mail?.kind).toBe('account-verify-email');
    expect(mail?.text).toMatch(/\/verify-email\?token=/);
  });

  it('a stranger who registers a future customer’s address never sees what is sent to it, even after moving away', async () => {
    const address = uniqueEmail('victim');
    const stranger = await register(address);

    // The real owner orders without logging in (and confirms it from the mail), and the agency offers a plan.
    const orderId = await checkout(address, { monthly: true });
    const held = await confirmOrderPageState(
      pageOf(
        '/confirm-order',
        `?token=${encodeURIComponent(await linkIn(address, 'order-confirm-request', '/confirm-order'))}`,
      ),
    );
    expect(held.kind).toBe('button');
    await press.confirmOrder(await linkIn(address, 'order-confirm-request', '/confirm-order'));
    expect((await orderRow(orderId)).heldAt).toBeNull();
    const offer = await createCustomSubscription(database, {
      email: address,
      description: 'Local SEO care',
      priceCents: 8765,
      interval: 'month',
      actorId: 'admin-test',
      ip: '192.0.2.1',
    });
    expect(offer.ok).toBe(true);

    // Filed under the stranger's account id (the address matched), but nothing of it is shown there.
    expect((await orderRow(orderId)).userId).toBe(stranger.id);
    expect(await ordersOfCustomer(db, stranger.id)).toEqual([]);
    expect(await customerOrderPage(db, orderId, stranger.id)).toBeNull();
    expect(await subscriptionsOf(db, stranger.id)).toEqual([]);

    // The stranger moves the account to an address of their own and proves that one.
    const elsewhere = uniqueEmail('elsewhere');
    const session = await createSession(database, stranger.id, { userAgent: null, ip: '192.0.2.9' });
    await callRoute(saveProfile, '/api/account/profile', {
      body: { name: stranger.name, email: elsewhere, currentPassword: TEST_PASSWORD },
      user: stranger,
      session: session.session,
    });
    const changed = await confirmEmailChange(
      database,
      await linkIn(elsewhere, 'account-email-change', '/confirm-email'),
    );
    expect(changed).toEqual({ ok: true, email: elsewhere });
    expect((await userRow(stranger.id)).emailVerifiedAt).not.toBeNull();
    expect(await ordersOfCustomer(db, stranger.id)).toEqual([]);
    expect(await subscriptionsOf(db, stranger.id)).toEqual([]);

    // The owner registers the freed address and proves it: the order, its plan and the offer are theirs.
    const owner = await verifiedCustomer(address);
    expect((await ordersOfCustomer(db, owner.id)).map((o) => o.id)).toEqual([orderId]);
    expect((await customerOrderPage(db, orderId, owner.id))?.order.id).toBe(orderId);
    expect((await subscriptionsOf(db, owner.id)).map((s) => s.description).sort()).toEqual([
      'All-Inclusive Monthly Plan',
      'Local SEO care',
    ]);
    expect(await ordersOfCustomer(db, stranger.id)).toEqual([]);
  });

  it('an unproven account sees a signed-out order only once it presses the button of its verification link', async () => {
    const email = uniqueEmail('late');
    const user = await register(email);
    const orderId = await checkout(email);
    await press.confirmOrder(await linkIn(email, 'order-confirm-request', '/confirm-order'));
    expect(await ordersOfCustomer(db, user.id)).toEqual([]);

    // Opening the verification link (mail scanners do, with GET or HEAD) proves nothing.
    const token = await linkIn(email, 'account-verify-email', '/verify-email');
    for (const method of ['HEAD', 'GET']) {
      expect(
        await verifyEmailPageState(pageOf('/verify-email', `?token=${encodeURIComponent(token)}`, method)),
      ).toEqual({
        kind: 'button',
        token,
        email,
      });
    }
    expect((await userRow(user.id)).emailVerifiedAt).toBeNull();
    expect(await ordersOfCustomer(db, user.id)).toEqual([]);

    const pressed = await press.verify(token);
    expect(pressed.response.status).toBe(200);
    expect((await userRow(user.id)).emailVerifiedAt).not.toBeNull();
    expect((await ordersOfCustomer(db, user.id)).map((o) => o.id)).toEqual([orderId]);
    // The link works once.
    expect((await press.verify(token)).response.status).toBe(400);
  });

  it('what a signed-in customer orders is theirs at once, verified or not, and its mail goes to their own address', async () => {
    const email = uniqueEmail('own');
    const user = await register(email);
    const someoneElse = uniqueEmail('someone-else');
    const orderId = await checkout(someoneElse, { user });
    expect((await ordersOfCustomer(db, user.id)).map((o) => o.id)).toEqual([orderId]);
    expect(await mailsTo(someoneElse)).toEqual([]);
    expect((await mailsTo(email)).map((m) => m.kind)).toContain('order-confirmation');
  });

  it('the verification link can be sent again from /account, and not once the address is proven', async () => {
    const email = uniqueEmail('resend');
    const user = await register(email);
    const first = await linkIn(email, 'account-verify-email', '/verify-email');
    const resent = await callRoute(postResendVerification, '/api/account/email/verify', { user });
    expect(resent.response.status).toBe(200);
    const second = await linkIn(email, 'account-verify-email', '/verify-email');
    expect(second).not.toBe(first);
    // The older link stopped working when the new one was sent.
    expect((await press.verify(first)).response.status).toBe(400);
    expect((await press.verify(second)).response.status).toBe(200);
    expect((await callRoute(postResendVerification, '/api/account/email/verify', { user })).response.status).toBe(409);
  });
});

describe('a signed-out order for an existing account is held, not filed', () => {
  it('the address owner gets only a request to confirm, without a word from the order; the admin sees it unconfirmed', async () => {
    const email = uniqueEmail('held');
    const owner = await verifiedCustomer(email);
    const orderId = await checkout(email, { monthly: true });

    // Not in the (proven) account while held, nor its plan.
    expect((await orderRow(orderId)).heldAt).not.toBeNull();
    expect(await ordersOfCustomer(db, owner.id)).toEqual([]);
    expect(await subscriptionsOf(db, owner.id)).toEqual([]);

    const mails = await mailsTo(email);
    expect(mails.map((m) => m.kind)).toEqual(['order-confirm-request', 'account-verify-email']);
    const request = mails[0]!;
    for (const typed of ['Eve Mallory', 'Totally Legit', '555-0111']) {
      expect(request.subject + request.text + request.html).not.toContain(typed);
    }
    // Nothing went to the agency yet, nor any confirmation or receipt.
    expect(
      await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.replyTo, email))),
    ).toEqual([]);

    const listed = await listOrders(db, { q: email }, { after: null });
    expect(listed.rows.find((r) => r.id === orderId)?.heldAt).not.toBeNull();

    // Opening the link shows the number, total and a button, and confirms nothing.
    const token = await linkIn(email, 'order-confirm-request', '/confirm-order');
    for (const method of ['HEAD', 'GET', 'GET']) {
      const state = await confirmOrderPageState(
        pageOf('/confirm-order', `?token=${encodeURIComponent(token)}`, method),
      );
      expect(state).toMatchObject({ kind: 'button', token, total: '$3,800' });
    }
    expect((await orderRow(orderId)).heldAt).not.toBeNull();

    const pressed = await press.confirmOrder(token);
    expect(pressed.response.status).toBe(200);
    expect(await pressed.response.json()).toMatchObject({ message: HELD_ORDER.confirmed });
    expect((await orderRow(orderId)).heldAt).toBeNull();
    expect((await ordersOfCustomer(db, owner.id)).map((o) => o.id)).toEqual([orderId]);
    expect((await subscriptionsOf(db, owner.id)).map((s) => s.orderId)).toEqual([orderId]);
    expect((await mailsTo(email)).map((m) => m.kind)).toContain('order-confirmation');
    const notice = await db.select().from(outbox).where(eq(outbox.replyTo, email));
    expect(notice.map((m) => m.kind)).toEqual(['order-notification']);
    expect((await press.confirmOrder(token)).response.status).toBe(400);
  });

  it('a new address is not held: its order and activation link go out at once', async () => {
    const email = uniqueEmail('newcomer');
    const orderId = await checkout(email);
    expect((await orderRow(orderId)).heldAt).toBeNull();
    expect((await mailsTo(email)).map((m) => m.kind).sort()).toEqual([
      'account-activation',
      'invoice',
      'order-confirmation',
    ]);
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    expect(sub).toBeUndefined();
  });
});

describe('the build invoice (invoice mode)', () => {
  const invoicesOf = (orderId: string) => db.select().from(invoices).where(eq(invoices.orderId, orderId));
  const mailTo = async (email: string, kind: string) =>
    (
      await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, email), eq(outbox.kind, kind)))
    )[0];
  const confirmationTo = (email: string) => mailTo(email, 'order-confirmation');
  /** The invoice goes in its own e-mail, named by its number, with its PDF. */
  const invoiceMailTo = (email: string) => mailTo(email, 'invoice');
  const asViewer = (user: { id: string; name: string; email: string }): SessionUser => ({ ...user, role: 'customer' });

  it('is issued with the order, line for line, and mailed with its PDF attached and its link', async () => {
    const email = uniqueEmail('billed');
    const owner = await verifiedCustomer(email);
    const orderId = await checkout(email, { user: asViewer(owner), monthly: true });

    const [invoice, ...more] = await invoicesOf(orderId);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({ purpose: 'build', status: 'open', userId: owner.id, customerEmail: email });
    expect(invoice!.number).toMatch(/^INV-\d{4}-\d{4,}$/);
    expect(invoice!.totalCents).toBe((await orderRow(orderId)).totalCents);
    expect(invoice!.dueAt.getTime() - invoice!.issuedAt.getTime()).toBe(14 * 24 * 60 * 60 * 1000);
    // The build's lines, line for line; the monthly plan is billed from launch, not here.
    const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice!.id));
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(lines.map((l) => [l.quantity, l.unitCents]).sort()).toEqual(
      items
        .filter((i) => i.interval === 'once')
        .map((i) => [i.quantity, i.unitCents])
        .sort(),
    );
    expect(items.some((i) => i.interval === 'month')).toBe(true);
    expect(lines.some((l) => l.description.includes('Monthly'))).toBe(false);

    const mail = await invoiceMailTo(email);
    expect(mail?.attachments).toEqual([{ kind: 'invoice-pdf', ref: invoice!.id }]);
    expect(unseal(mail!.text)).toContain(`/account/invoices/${invoice!.id}`);
    expect(unseal((await confirmationTo(email))!.text)).toContain(`/account/invoices/${invoice!.id}`);
    expect((await customerInvoices(db, owner.id)).map((i) => i.id)).toEqual([invoice!.id]);
    expect(await orderInvoiceLinks(db, orderId, owner.id)).toEqual([
      {
        href: `/account/invoices/${invoice!.id}`,
        number: invoice!.number,
        summary: expect.stringMatching(/, Open$/),
        open: true,
      },
    ]);
  });

  it("of a held order waits for the owner's confirmation, then goes out with the confirmation", async () => {
    const email = uniqueEmail('held-bill');
    const owner = await verifiedCustomer(email);
    const orderId = await checkout(email);
    expect(await invoicesOf(orderId)).toEqual([]);
    expect(await confirmationTo(email)).toBeUndefined();

    await press.confirmOrder(await linkIn(email, 'order-confirm-request', '/confirm-order'));
    const [invoice] = await invoicesOf(orderId);
    expect(invoice?.userId).toBe(owner.id);
    expect(await confirmationTo(email)).toBeDefined();
    expect((await invoiceMailTo(email))?.attachments).toEqual([{ kind: 'invoice-pdf', ref: invoice!.id }]);
    expect((await customerInvoices(db, owner.id)).map((i) => i.id)).toEqual([invoice!.id]);
  });

  it('is never shown to a stranger who registered the address before its owner ordered', async () => {
    const email = uniqueEmail('not-yours');
    const stranger = await register(email);
    const orderId = await checkout(email);
    // The address's real owner confirms the order from the mailed link: the invoice is issued…
    await press.confirmOrder(await linkIn(email, 'order-confirm-request', '/confirm-order'));
    const [invoice] = await invoicesOf(orderId);
    // …and mailed to the address typed at checkout, like the order's confirmation…
    expect((await invoiceMailTo(email))?.attachments).toEqual([{ kind: 'invoice-pdf', ref: invoice!.id }]);
    // …but not in the account that merely claims that address.
    expect(await customerInvoices(db, stranger.id)).toEqual([]);
    expect(await invoiceForViewer(db, invoice!.id, asViewer(stranger))).toBeNull();
    expect(await orderInvoiceLinks(db, orderId, stranger.id)).toEqual([]);
  });
});

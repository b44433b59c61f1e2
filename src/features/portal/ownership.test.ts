/**
 * One rule decides what an account may see (src/features/accounts/ownership.server.ts): an
 * order held away from an account does not reach it through its Messages (not in the export,
 * not linked on /account, its images 404, no mail with the agency's words), and another
 * customer's record of every kind is, for this account, a record that does not exist.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, invoices, orders, outbox, users } from '#server/db/schema.ts';
import { resetServerEnv } from '#server/env.ts';
import { callRoute } from '#server/http/testing/call-route.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { database, db, invoiceOrder, person } from '#features/admin/handlers/admin-test-kit.ts';
import { buildInvoiceStatements } from '#features/invoices/build-invoice.ts';
import { invoiceForViewer } from '#features/invoices/customer-invoices.server.ts';
import AccountUnreadMessages from '#features/messages/components/AccountUnreadMessages.astro';
import { getMessageFile, postAgencyOrderMessage } from '#features/messages/handlers/order-messages.ts';
import { png, postMultipart } from '#features/messages/testing/thread-kit.ts';
import { customerUnread } from '#features/messages/threads.server.ts';
import { customerOrderPage } from '#features/orders/customer-order.server.ts';
import { findCustomerOrder } from '#features/orders/orders.server.ts';
import { newRequestStatements, requestWithCustomer } from '#features/requests/requests.server.ts';
import { customerSubscription, subscriptionsOf } from '#features/subscriptions/subscriptions.server.ts';
import { accountExport } from './account-export.server.ts';

process.env.UPLOADS_DIR = mkdtempSync(join(tmpdir(), 'palmetto-ownership-'));
resetServerEnv();

const customerOf = async (orderId: string): Promise<SessionUser> => {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return { ...row!, role: 'customer' };
};

const agencyPost = async (orderId: string, body: string, admin: SessionUser) => {
  const file = new File([await png()], 'mockup.png', { type: 'image/png' });
  const { response } = await postMultipart(
    postAgencyOrderMessage,
    `/api/admin/orders/${orderId}/messages`,
    { id: orderId },
    { body },
    admin,
    { file },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
};

const fileStatus = async (messageId: string, user: SessionUser) =>
  (
    await callRoute(getMessageFile, `/api/account/messages/files/${messageId}`, {
      method: 'GET',
      params: { id: messageId },
      user,
    })
  ).response.status;

const unreadOnAccount = async (user: SessionUser) => {
  const container = await AstroContainer.create();
  return container.renderToString(AccountUnreadMessages, {
    request: new Request('http://localhost:4321/account'),
    locals: { user, session: null },
  });
};

describe('an order held away from its account', () => {
  it('does not reach the account through its Messages until it is confirmed', async () => {
    const orderId = await invoiceOrder(false);
    const customer = await customerOf(orderId);
    // Placed signed out with this account's address: held for the address owner's confirmation.
    await db.update(orders).set({ heldAt: new Date() }).where(eq(orders.id, orderId));
    const admin = await person('admin');
    const words = `The agency's words ${crypto.randomUUID()}`;
    const messageId = await agencyPost(orderId, words, admin);

    const held = await accountExport(database, customer.id, null);
    expect(JSON.stringify(held)).not.toContain(words);
    expect((await customerUnread(db, customer.id)).total).toBe(0);
    expect(await unreadOnAccount(customer)).not.toContain(`/account/orders/${orderId}`);
    expect(await fileStatus(messageId, customer)).toBe(404);
    // Nor does a mail carry the agency's words to the address while the order is held.
    const mails = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, customer.email), eq(outbox.kind, 'message-to-customer')));
    expect(mails).toEqual([]);
    // The agency still reads its own thread.
    expect(await fileStatus(messageId, admin)).toBe(200);

    // Confirmed by the address owner: now the account's, thread and all.
    await db.update(orders).set({ heldAt: null }).where(eq(orders.id, orderId));
    const confirmed = await accountExport(database, customer.id, null);
    expect(JSON.stringify(confirmed)).toContain(words);
    expect((await customerUnread(db, customer.id)).total).toBe(1);
    expect(await unreadOnAccount(customer)).toContain(`/account/orders/${orderId}`);
    expect(await fileStatus(messageId, customer)).toBe(200);
  });

  it('waiting for the account to prove the address: the same', async () => {
    const orderId = await invoiceOrder(false);
    const customer = await customerOf(orderId);
    await db.update(orders).set({ unprovenEmail: customer.email }).where(eq(orders.id, orderId));
    const words = `Unproven words ${crypto.randomUUID()}`;
    const messageId = await agencyPost(orderId, words, await person('admin'));
    expect(JSON.stringify(await accountExport(database, customer.id, null))).not.toContain(words);
    expect(await unreadOnAccount(customer)).not.toContain(`/account/orders/${orderId}`);
    expect(await fileStatus(messageId, customer)).toBe(404);
  });
});
describe("another customer's record is not found, whatever its kind", () => {
  it('order, invoice, plan, thread image, request and booking', async () => {
    const orderId = await invoiceOrder(true);
    const owner = await customerOf(orderId);
    const stranger = await person('customer');

    // Order (its page, the intake and invoices hang off the same rule).
    expect(await customerOrderPage(db, orderId, owner.id)).not.toBeNull();
    expect(await customerOrderPage(db, orderId, stranger.id)).toBeNull();
    expect(await findCustomerOrder(db, orderId, stranger.id)).toBeNull();

    // Invoice.
    const order = await findCustomerOrder(db, orderId, owner.id);
    const issued = buildInvoiceStatements(order!, Date.now());
    await database.writes.run(issued.statements);
    const [invoice] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orderId));
    expect(await invoiceForViewer(db, invoice!.id, owner)).not.toBeNull();
    expect(await invoiceForViewer(db, invoice!.id, stranger)).toBeNull();

    // Plan.
    const [plan] = await subscriptionsOf(db, owner.id);
    expect(plan).toBeDefined();
    expect(await customerSubscription(db, plan!.id, stranger.id)).toBeNull();

    // A message's image.
    const messageId = await agencyPost(orderId, 'A mockup', await person('admin'));
    expect(await fileStatus(messageId, owner)).toBe(200);
    expect(await fileStatus(messageId, stranger)).toBe(404);

    // Care-plan request.
    const request = newRequestStatements({ userId: owner.id, page: 'Home', details: 'New photo' });
    await database.writes.run(request.statements);
    expect(await requestWithCustomer(db, request.id, owner.id)).not.toBeNull();
    expect(await requestWithCustomer(db, request.id, stranger.id)).toBeNull();

    // A booked call: the owner's once their address is proven, never the stranger's.
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, owner.id));
    const now = new Date();
    await db.insert(bookings).values({
      id: crypto.randomUUID(),
      secretHash: Buffer.alloc(32),
      startsAt: new Date(now.getTime() - 86_400_000),
      endsAt: new Date(now.getTime() - 86_400_000 + 30 * 60_000),
      status: 'cancelled',
      name: owner.name,
      email: owner.email,
      phone: '(407) 555-0100',
      topic: 'A new site',
      createdAt: now,
      updatedAt: now,
    });
    const mine = await accountExport(database, owner.id, null);
    const theirs = await accountExport(database, stranger.id, null);
    expect(mine?.bookings).toEqual([expect.objectContaining({ topic: 'A new site' })]);
    for (const kind of [
      'orders',
      'invoices',
      'subscriptions',
      'careRequests',
      'projectMessages',
      'bookings',
    ] as const) {
      expect(theirs?.[kind]).toEqual([]);
      expect(mine?.[kind].length).toBeGreaterThan(0);
    }
  });
});

/**
 * Deleting an account applies every feature's declaration (personal-data.registry.ts): the
 * invoices stay for the books without the address, threads and their images, care-plan requests
 * and contact messages go, booked calls and the lead lose the person, and afterwards no row of
 * any table holds an address the account used, rate-limit keys included (an address it moved
 * away from and still ordered with, too).
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { pricingReadings } from '#data/pricing.ts';
import * as schema from '#server/db/schema.ts';
import { resetServerEnv, serverEnv } from '#server/env.ts';
import { unseal } from '#server/email/sealed.ts';
import { callRoute } from '#server/http/testing/call-route.ts';
import { login } from '#features/accounts/handlers/login.ts';
import { signedInCustomer, TEST_PASSWORD } from '#features/accounts/handlers/test-context.ts';
import { confirmEmailChange, updateProfile } from '#features/accounts/profile.server.ts';
import { DELETED_NAME, deletedEmail } from '#features/accounts/users.server.ts';
import { database, db, person } from '#features/admin/handlers/admin-test-kit.ts';
import { quote } from '#features/checkout/quote.ts';
import { buildInvoiceStatements } from '#features/invoices/build-invoice.ts';
import { postAgencyOrderMessage } from '#features/messages/handlers/order-messages.ts';
import { png, postMultipart } from '#features/messages/testing/thread-kit.ts';
import { findCustomerOrder, newOrderStatements } from '#features/orders/orders.server.ts';
import { newRequestStatements } from '#features/requests/requests.server.ts';
import { deleteOwnAccount } from './handlers/delete-account.ts';

process.env.UPLOADS_DIR = mkdtempSync(join(tmpdir(), 'palmetto-deletion-'));
resetServerEnv();

const { bookings, careRequests, contactMessages, invoices, leads, messageThreads, outbox, rateLimits, threadMessages } =
  schema;

/** Every row of every table of the schema that mentions `text` (case-insensitive), counted by table. */
async function rowsMentioning(text: string) {
  const found: Record<string, number> = {};
  for (const value of Object.values(schema) as unknown[]) {
    if (!is(value, SQLiteTable)) continue;
    const rows = await db.all(sql`SELECT * FROM ${sql.identifier(getTableName(value))}`);
    const hits = rows.filter((row) => JSON.stringify(row).toLowerCase().includes(text.toLowerCase())).length;
    if (hits > 0) found[getTableName(value)] = hits;
  }
  return found;
}

describe('deleting an account, feature by feature', () => {
  it('keeps the books without the person and leaves the address nowhere', async () => {
    const who = await signedInCustomer(database, 'everywhere');
    const oldAddress = who.email;
    // An order placed under the first address, invoiced.
    const placed = newOrderStatements({
      userId: who.user.id,
      name: who.user.name,
      email: oldAddress,
      phone: '(407) 555-0142',
      businessName: 'Everywhere Bakery',
      quote: quote(pricingReadings.custom.checkout, { extraPages: 0, monthly: false }),
      provider: 'invoice',
      idempotencyKey: null,
    });
    await database.writes.run(placed.statements);
    const order = await findCustomerOrder(db, placed.id, who.user.id);
    await database.writes.run(buildInvoiceStatements(order!, Date.now()).statements);

    const failedSignIn = async (email: string) => {
      const { response } = await callRoute(login, '/api/login', {
        body: { email, password: 'not-the-password' },
        ip: '192.0.2.90',
      });
      expect(response.status).toBe(401);
    };
    await failedSignIn(oldAddress);
    const keyedBy = async (address: string) =>
      db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(sql`${rateLimits.key} LIKE ${`%${address}%`}`);
    expect(await keyedBy(oldAddress)).toHaveLength(2);

    // The account moves to a new address through the mailed link (which proves it).
    const newAddress = `moved-${crypto.randomUUID()}@example.com`;
    await updateProfile(database, who.user.id, {
      name: who.user.name,
      email: newAddress,
      currentPassword: TEST_PASSWORD,
    });
    const [mail] = await db.select().from(outbox).where(eq(outbox.to, newAddress));
    const token = decodeURIComponent(/token=([^\s&]+)/.exec(unseal(mail!.text))![1]!);
    expect((await confirmEmailChange(database, token)).ok).toBe(true);
    // The old address names no account now: its buckets go with the change.
    expect(await keyedBy(oldAddress)).toEqual([]);
    // Failed sign-ins under both addresses since leave buckets keyed by each.
    await failedSignIn(oldAddress);
    await failedSignIn(newAddress);
    expect(await keyedBy(oldAddress)).toHaveLength(2);

    // The agency writes on the order, with an image; a care-plan request; a call; a message; a lead.
    const admin = await person('admin');
    const file = new File([await png()], 'mockup.png', { type: 'image/png' });
    const posted = await postMultipart(
      postAgencyOrderMessage,
      `/api/admin/orders/${placed.id}/messages`,
      { id: placed.id },
      { body: 'Your mockup' },
      admin,
      { file },
    );
    expect(posted.response.status).toBe(201);
    const [message] = await db
      .select({ stored: threadMessages.fileStoredName })
      .from(threadMessages)
      .innerJoin(messageThreads, eq(messageThreads.id, threadMessages.threadId))
      .where(eq(messageThreads.orderId, placed.id));
    const storedImage = join(serverEnv().UPLOADS_DIR, message!.stored!);
    expect(existsSync(storedImage)).toBe(true);
    const request = newRequestStatements({ userId: who.user.id, page: 'Home', details: 'A new photo' });
    await database.writes.run(request.statements);
    const now = new Date();
    const bookingId = crypto.randomUUID();
    await db.insert(bookings).values({
      id: bookingId,
      secretHash: Buffer.alloc(32),
      startsAt: new Date(now.getTime() - 86_400_000),
      endsAt: new Date(now.getTime() - 86_400_000 + 30 * 60_000),
      status: 'active',
      name: who.user.name,
      email: newAddress,
      phone: '(407) 555-0142',
      topic: 'A new site',
      createdAt: now,
      updatedAt: now,
    });
    await db.insert(contactMessages).values({
      id: crypto.randomUUID(),
      name: who.user.name,
      email: newAddress,
      subject: null,
      message: 'Hello there',
      createdAt: now,
    });
    const leadId = crypto.randomUUID();
    await db.insert(leads).values({
      id: leadId,
      email: newAddress,
      name: who.user.name,
      phone: '(407) 555-0142',
      source: 'contact',
      stage: 'won',
      createdAt: now,
      updatedAt: now,
    });

    const { response } = await callRoute(deleteOwnAccount, '/api/account/delete', {
      body: { currentPassword: TEST_PASSWORD, confirm: 'DELETE' },
      user: { ...who.user, email: newAddress },
      session: who.session,
    });
    expect(response.status).toBe(200);

    // Nothing keeps either address, rate-limit keys included.
    expect(await rowsMentioning(oldAddress)).toEqual({});
    expect(await rowsMentioning(newAddress)).toEqual({});
    expect(
      await db
        .select()
        .from(rateLimits)
        .where(sql`${rateLimits.key} LIKE ${`%${who.user.id}%`}`),
    ).toEqual([]);

    // The invoice is kept for the books, filed under the anonymised login, without the address.
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, placed.id));
    expect(invoice).toMatchObject({
      userId: who.user.id,
      customerName: who.user.name,
      customerBusiness: 'Everywhere Bakery',
      customerEmail: deletedEmail(who.user.id),
    });
    // Threads, their images and requests are gone; the call and the lead lose the person.
    expect(await db.select().from(messageThreads).where(eq(messageThreads.orderId, placed.id))).toEqual([]);
    expect(existsSync(storedImage)).toBe(false);
    expect(await db.select().from(careRequests).where(eq(careRequests.id, request.id))).toEqual([]);
    const [call] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(call).toMatchObject({ name: DELETED_NAME, email: deletedEmail(who.user.id), phone: '' });
    const [lead] = await db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ name: DELETED_NAME, stage: 'won', phone: null });
  });
});

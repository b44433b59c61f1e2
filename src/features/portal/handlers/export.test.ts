import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pricingReadings } from '#data/pricing.ts';
import { getDatabase } from '#server/db/index.ts';
import {
  auditLog,
  contactMessages,
  intakeFiles,
  intakes,
  invoices,
  orderReviews,
  outbox,
  subscriptions,
} from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import { quote } from '#features/checkout/quote.ts';
import { newOrderStatements, findCustomerOrder } from '#features/orders/orders.server.ts';
import { buildInvoiceStatements } from '#features/invoices/build-invoice.ts';
import { creditInvoiceIn } from '#features/invoices/credit-notes.server.ts';
import { PROFILE } from '#features/accounts/copy.ts';
import { exportOwnData } from './export.ts';
import { confirmEmailChange, updateProfile } from '#features/accounts/profile.server.ts';
import { callRoute } from '#server/http/testing/call-route.ts';
import { signedInCustomer, TEST_PASSWORD } from '#features/accounts/handlers/test-context.ts';

const database = await getDatabase();
const { db } = database;

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

async function orderFor(who: Customer, businessName: string) {
  const { id, statements } = newOrderStatements({
    userId: who.user.id,
    name: who.user.name,
    email: who.email,
    phone: '(407) 555-0199',
    businessName,
    quote: quote(pricingReadings.custom.checkout, { extraPages: 0, monthly: true }),
    provider: 'invoice',
    idempotencyKey: `key-${crypto.randomUUID()}`,
  });
  await database.writes.run(statements);
  return id;
}

const messageFrom = (email: string, message: string) =>
  db.insert(contactMessages).values({
    id: crypto.randomUUID(),
    name: 'Maria',
    email,
    subject: null,
    message,
    createdAt: new Date(),
  });

const download = async (who: Customer) => {
  const { response } = await callRoute(exportOwnData, '/api/account/export', {
    method: 'GET',
    user: who.user,
    session: who.session,
  });
  const text = await response.text();
  return { response, text, data: response.status === 200 ? JSON.parse(text) : null };
};

describe('GET /api/account/export', () => {
  it("a JSON download of the user's own orders, intakes, subscriptions and sessions, and nobody else's", async () => {
    const who = await signedInCustomer(database, 'exporter');
    const other = await signedInCustomer(database, 'not-me', 'Carlos Diaz');
    const mine = await orderFor(who, 'Lopez Bakery');
    const theirs = await orderFor(other, 'Diaz Plumbing');
    const intakeId = crypto.randomUUID();
    const now = new Date();
    await db.insert(intakes).values({
      id: intakeId,
      orderId: mine,
      userId: who.user.id,
      data: { businessName: 'Lopez Bakery', pagesWanted: 'Home, Menu' },
      createdAt: now,
      updatedAt: now,
    });
    await db.insert(intakeFiles).values({
      id: crypto.randomUUID(),
      intakeId,
      userId: who.user.id,
      kind: 'logo',
      clientKey: 'k1',
      originalName: 'logo.png',
      mimeType: 'image/png',
      bytes: 1234,
      width: 200,
      height: 100,
      storedName: 'secret-stored-name.png',
      thumbName: 'secret-thumb-name.webp',
      createdAt: now,
    });

    const { response, text, data } = await download(who);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );

    expect(data.profile).toMatchObject({ id: who.user.id, email: who.email, name: 'Maria Lopez', pendingEmail: null });
    expect(data.orders.map((o: { id: string }) => o.id)).toEqual([mine]);
    expect(data.orders[0].items.length).toBeGreaterThan(0);
    expect(data.orders[0].history).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'pending_payment', note: 'Order placed at checkout' }),
    ]);
    const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, mine));
    expect(data.subscriptions.map((s: { id: string }) => s.id)).toEqual([subscription!.id]);
    expect(data.intakes).toEqual([
      expect.objectContaining({
        orderId: mine,
        answers: { businessName: 'Lopez Bakery', pagesWanted: 'Home, Menu' },
        files: [expect.objectContaining({ kind: 'logo', originalName: 'logo.png', bytes: 1234 })],
      }),
    ]);
    expect(data.sessions).toEqual([
      expect.objectContaining({ device: 'Chrome on Windows', thisDevice: true, address: '203.0.113.7' }),
    ]);

    // Nothing of the other customer's, and no secrets or internal names.
    for (const absent of [theirs, other.email, 'Diaz Plumbing', 'passwordHash', '$argon2', 'secret-stored-name']) {
      expect(text).not.toContain(absent);
    }
    expect(text).not.toContain('idempotencyKey');
    expect(text).not.toContain('Mozilla/5.0');

    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, who.user.id), eq(auditLog.action, 'account.export')));
    expect(entry).toMatchObject({ actorId: who.user.id, ip: '203.0.113.10' });
  });

  it('contact messages from the address only once the account has proven it reads that mailbox', async () => {
    const who = await signedInCustomer(database, 'writer');
    await messageFrom(who.email, 'Sent before someone registered my address');
    const unproven = await download(who);
    expect(unproven.data.contactMessages).toEqual([]);
    expect(unproven.data.contactMessagesNote).toBe(PROFILE.exportContactUnconfirmed);
    expect(unproven.text).not.toContain('Sent before someone registered');

    // Proving an address: confirming an e-mail change through the link sent to it.
    const next = `proven-${Date.now()}@example.com`;
    await updateProfile(database, who.user.id, { name: who.user.name, email: next, currentPassword: TEST_PASSWORD });
    const [mail] = await db.select().from(outbox).where(eq(outbox.to, next));
    const token = decodeURIComponent(/token=([^\s&]+)/.exec(unseal(mail!.text))![1]!);
    expect((await confirmEmailChange(database, token)).ok).toBe(true);
    await messageFrom(next, 'Hello from my confirmed address');
    await messageFrom(who.email, 'From the old address');

    const proven = await download(who);
    expect(proven.data.contactMessages).toEqual([
      expect.objectContaining({ email: next, message: 'Hello from my confirmed address' }),
    ]);
    expect(proven.data.contactMessagesNote).toBeUndefined();
  });

  it('signed out: 401', async () => {
    const { response } = await callRoute(exportOwnData, '/api/account/export', { method: 'GET' });
    expect(response.status).toBe(401);
  });

  it('holds each preview of their project and their answer, not who at the agency posted it', async () => {
    const who = await signedInCustomer(database, 'reviewer');
    const id = await orderFor(who, 'Review Bakery');
    await db.insert(orderReviews).values({
      id: crypto.randomUUID(),
      orderId: id,
      round: 1,
      previewUrl: 'https://preview.example/review-bakery',
      postedAt: new Date(),
      postedBy: 'admin-user-id',
      outcome: 'changes_requested',
      changes: 'Bigger logo',
      respondedAt: new Date(),
      respondedBy: who.user.id,
    });
    const { data, text } = await download(who);
    const order = data.orders.find((o: { id: string }) => o.id === id);
    expect(order.reviews).toEqual([
      expect.objectContaining({
        round: 1,
        previewUrl: 'https://preview.example/review-bakery',
        changes: 'Bigger logo',
      }),
    ]);
    expect(text).not.toContain('admin-user-id');
    expect(order).not.toHaveProperty('leadId');
  });

  it('holds their invoices and credit notes, with their lines', async () => {
    const who = await signedInCustomer(database, 'billed');
    const id = await orderFor(who, 'Billed Bakery');
    const order = await findCustomerOrder(db, id, who.user.id);
    const receipt = buildInvoiceStatements(order!, Date.now(), { cents: order!.totalCents, reference: `cs_${id}` });
    await database.writes.run(receipt.statements);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, id));
    await database.writes.transaction((tx) =>
      creditInvoiceIn(tx, invoice!, { cents: 5000, refundId: null, actorId: 'admin-id', ip: null }),
    );
    const { data } = await download(who);
    expect(data.invoices).toEqual([
      expect.objectContaining({
        orderId: id,
        status: 'paid',
        totalCents: order!.totalCents,
        lines: [expect.objectContaining({ quantity: 1 })],
        payments: [expect.objectContaining({ amountCents: order!.totalCents })],
      }),
    ]);
    expect(data.creditNotes).toEqual([
      expect.objectContaining({ orderId: id, totalCents: 5000, creditFor: data.invoices[0].id }),
    ]);
    expect((await download(await signedInCustomer(database, 'unbilled'))).data.invoices).toEqual([]);
  });
});

/**
 * Review rounds end to end through their routes: the admin posts a preview (a paid order, its
 * intake not needed), the customer asks for changes or approves; rounds count against what the
 * offer includes (custom: one), a request beyond it is taken and flagged; answers are once only;
 * another customer's order is not found.
 */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pricingReadings } from '#data/pricing.ts';
import {
  auditLog,
  messageThreads,
  orderEvents,
  orderReviews,
  orders,
  outbox,
  threadMessages,
} from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import { formOutcomeOf } from '#server/http/testing/call-route.ts';
import { database, db, person, postAs, versionOf } from '#features/admin/handlers/admin-test-kit.ts';
import { quote } from '#features/checkout/quote.ts';
import { newOrderStatements } from '../orders.server.ts';
import { postMarkPaid } from '../admin/handlers/order-status.ts';
import { postOrderLaunch } from '../admin/handlers/order-actions.ts';
import { postApprovePreview, postOrderPreview, postRequestChanges } from './handlers/review-routes.ts';
import { ADMIN_REVIEW, REVIEW } from './copy.ts';
import { png, postMultipart } from '#features/messages/testing/thread-kit.ts';

type Person = Awaited<ReturnType<typeof person>>;

async function paidOrder(admin: Person) {
  const customer = await person('customer');
  const placed = newOrderStatements({
    userId: customer.id,
    name: customer.name,
    email: customer.email,
    phone: '(407) 555-0199',
    businessName: 'Review Bakery',
    quote: quote(pricingReadings.custom.checkout, { extraPages: 0, monthly: false }),
    provider: 'invoice',
    idempotencyKey: null,
  });
  await database.writes.run(placed.statements);
  const id = placed.id;
  await postAs(postMarkPaid, `/api/admin/orders/${id}/mark-paid`, { id }, { version: await versionOf(id) }, admin);
  return { id, customer };
}

const preview = async (id: string, admin: Person, body: Record<string, string> = {}) =>
  postAs(
    postOrderPreview,
    `/api/admin/orders/${id}/preview`,
    { id },
    { version: await versionOf(id), previewUrl: 'https://preview.example/bakery', ...body },
    admin,
  );
const approve = (id: string, who: Person | null, round: number, form = false) =>
  postAs(postApprovePreview, `/api/account/orders/${id}/approve`, { id }, { round: String(round) }, who, form);
const changes = async (
  id: string,
  who: Person | null,
  round: number,
  text = 'Make the logo bigger',
  form = false,
  file?: File,
) =>
  (
    await postMultipart(
      postRequestChanges,
      `/api/account/orders/${id}/changes`,
      { id },
      { round: String(round), changes: text },
      who,
      { form, file },
    )
  ).response;

const statusOf = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!.status;
const rounds = (id: string) =>
  db.select().from(orderReviews).where(eq(orderReviews.orderId, id)).orderBy(asc(orderReviews.round));
const mails = async (kind: string) =>
  (await db.select().from(outbox).where(eq(outbox.kind, kind))).map((m) => ({ ...m, text: unseal(m.text) }));

describe('review rounds', () => {
  it('a preview needs a paid order and a web address; the customer is e-mailed a link to the buttons', async () => {
    const admin = await person('admin');
    const customer = await person('customer');
    const { id, customer: owner } = await paidOrder(admin);
    expect((await preview(id, customer)).status).toBe(403);
    expect((await preview(id, admin, { previewUrl: 'javascript:alert(1)' })).status).toBe(400);

    const posted = await preview(id, admin, { message: 'Have a look on your phone too.' });
    expect(posted.status).toBe(201);
    expect(await posted.json()).toMatchObject({ round: 1 });
    expect(await statusOf(id)).toBe('preview_ready');
    const [mail] = (await mails('order-preview')).filter((m) => m.to === owner.email);
    expect(mail?.subject).toContain('Your site preview is ready');
    expect(mail?.text).toContain(`/account/orders/${id}`);
    expect(mail?.text).toContain('Have a look on your phone too.');
    // A second preview while the first waits for an answer is refused.
    const again = await preview(id, admin);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: ADMIN_REVIEW.notPostable });
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'order.preview')));
    expect(audit).toHaveLength(1);
  });

  it('an unpaid order gets no preview', async () => {
    const admin = await person('admin');
    const customer = await person('customer');
    const placed = newOrderStatements({
      userId: customer.id,
      name: customer.name,
      email: customer.email,
      phone: '(407) 555-0199',
      businessName: 'Unpaid',
      quote: quote(pricingReadings.custom.checkout, { extraPages: 0, monthly: false }),
      provider: 'invoice',
      idempotencyKey: null,
    });
    await database.writes.run(placed.statements);
    expect((await preview(placed.id, admin)).status).toBe(409);
  });

  it('changes, then a beyond-the-round request flagged as extra work, then approval with who and when', async () => {
    const admin = await person('admin');
    const { id, customer } = await paidOrder(admin);
    const stranger = await person('customer');
    await preview(id, admin);

    // Another customer's order is the 404, and nothing moves.
    expect((await changes(id, stranger, 1)).status).toBe(404);
    expect((await approve(id, stranger, 1)).status).toBe(404);
    expect((await changes(id, customer, 1, '   ')).status).toBe(400);
    // Not a multipart form: refused before anything is read.
    const json = await postAs(
      postRequestChanges,
      `/api/account/orders/${id}/changes`,
      { id },
      { round: '1', changes: 'x' },
      customer,
    );
    expect(json.status).toBe(415);
    // A file that is not an image: refused whole, nothing recorded.
    const text = new File(['not an image'], 'notes.txt', { type: 'text/plain' });
    expect((await changes(id, customer, 1, 'With notes', false, text)).status).toBe(415);
    expect(await statusOf(id)).toBe('preview_ready');

    const screenshot = new File([await png()], 'menu.png', { type: 'image/png' });
    const first = await changes(id, customer, 1, 'Home: bigger logo\nMenu: add prices', true, screenshot);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`/account/orders/${id}#review`);
    expect((await formOutcomeOf(first))?.notice).toBe('changes-requested');
    expect(await statusOf(id)).toBe('changes_requested');
    // The request and its image are in the order's Messages, for both sides to see.
    const posted = await db
      .select({ body: threadMessages.body, file: threadMessages.fileName, side: threadMessages.side })
      .from(threadMessages)
      .innerJoin(messageThreads, eq(messageThreads.id, threadMessages.threadId))
      .where(eq(messageThreads.orderId, id));
    expect(posted).toEqual([
      { body: REVIEW.changesMessage('Home: bigger logo\nMenu: add prices'), file: 'menu.png', side: 'customer' },
    ]);
    // The same answer again (a double click, an old tab) changes nothing.
    const twice = await changes(id, customer, 1);
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ error: REVIEW.answered });

    await preview(id, admin);
    const second = await changes(id, customer, 2, 'Footer: new hours');
    expect(await second.json()).toMatchObject({ extraWork: true });
    const agency = await mails('order-changes');
    const forThis = agency.filter((m) => m.replyTo === customer.email);
    expect(forThis.map((m) => m.subject.startsWith('Extra work: '))).toEqual([false, true]);
    expect(forThis[0]?.text).toContain('Menu: add prices');

    await preview(id, admin);
    const approved = await approve(id, customer, 3);
    expect(approved.status).toBe(200);
    expect(await statusOf(id)).toBe('approved');
    expect((await rounds(id)).map((r) => [r.round, r.outcome, r.extraWork, r.respondedBy])).toEqual([
      [1, 'changes_requested', false, customer.id],
      [2, 'changes_requested', true, customer.id],
      [3, 'approved', false, customer.id],
    ]);
    expect((await rounds(id))[2]?.respondedAt).toBeInstanceOf(Date);
    expect((await mails('order-approved')).some((m) => m.replyTo === customer.email)).toBe(true);
    // An answered round cannot be answered again the other way either.
    expect((await changes(id, customer, 3)).status).toBe(409);

    // Launch follows approval; the timeline holds every step in order.
    await postAs(postOrderLaunch, `/api/admin/orders/${id}/launch`, { id }, { version: await versionOf(id) }, admin);
    expect(await statusOf(id)).toBe('launched');
    const steps = await db
      .select({ to: orderEvents.toStatus })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, id))
      .orderBy(asc(orderEvents.at));
    expect(steps.map((s) => s.to)).toEqual([
      'pending_payment',
      'paid',
      'preview_ready',
      'changes_requested',
      'preview_ready',
      'changes_requested',
      'preview_ready',
      'approved',
      'launched',
    ]);
  });
});

/**
 * The admin's internal note on a status change stays with the agency: the customer's order
 * page, their data export and the status e-mail carry only the message written for them, in
 * its own labelled field. The admin's order page shows both.
 */
import reactRenderer from '@astrojs/react/server.js';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, outbox } from '#server/db/schema.ts';
import { formOutcomeOf } from '#server/http/testing/call-route.ts';
import { unseal } from '#server/email/sealed.ts';
import { accountExport } from '#features/portal/account-export.server.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { customerOrderPage } from '../../customer-order.server.ts';
import CustomerOrderPage from '../../pages/CustomerOrderPage.astro';
import { ADMIN_ORDERS } from '#features/admin/copy.ts';
import { adminOrderPage } from '../orders.server.ts';
import OrderPage from '../OrderPage.astro';
import { postAs, database, db, invoiceOrder, person, versionOf } from '#features/admin/handlers/admin-test-kit.ts';
import { postMarkPaid, postOrderStatus } from './order-status.ts';

const INTERNAL = 'INTERNAL: slow payer, ask for the deposit first';
const SECOND_INTERNAL = 'INTERNAL: designer is out until Monday';
const FOR_CUSTOMER = 'Your designer is Ana; she will call you this week.';

async function render(
  component: typeof CustomerOrderPage | typeof OrderPage,
  props: Record<string, unknown>,
  user: SessionUser | null = null,
) {
  const container = await AstroContainer.create();
  container.addServerRenderer({ name: '@astrojs/react', renderer: reactRenderer });
  return container.renderToString(component, {
    props,
    request: new Request('http://localhost:4321/'),
    locals: { user, session: null },
  });
}

/** An order moved twice by an admin, each time with an internal note and the e-mail ticked. */
async function orderWithNotes() {
  const admin = await person('admin');
  const id = await invoiceOrder(false);
  const path = (action: string) => `/api/admin/orders/${id}/${action}`;
  expect((await postAs(postMarkPaid, path('mark-paid'), { id }, {}, admin)).status).toBe(200);
  const first = await postAs(
    postOrderStatus,
    path('status'),
    { id },
    { to: 'intake_received', version: await versionOf(id), note: INTERNAL, customerNote: FOR_CUSTOMER, notify: 'on' },
    admin,
    true,
  );
  expect(first.status).toBe(303);
  expect(first.headers.get('location')).toBe(`/admin/orders/${id}`);
  expect((await formOutcomeOf(first))?.notice).toBe('mailed');
  const second = await postAs(
    postOrderStatus,
    path('status'),
    { id },
    { to: 'in_design', version: await versionOf(id), note: SECOND_INTERNAL, notify: 'on' },
    admin,
    true,
  );
  expect(second.status).toBe(303);
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  return { id, order: order! };
}

describe('internal notes stay internal', () => {
  it("the customer's order page shows the message for them, never the internal note", async () => {
    const { id, order } = await orderWithNotes();
    const page = await customerOrderPage(db, id, order.userId);
    expect(page).not.toBeNull();
    // Not even in the data handed to the page.
    expect(JSON.stringify(page)).not.toContain('INTERNAL');
    expect(page!.history.map((e) => [e.toStatus, e.note])).toEqual([
      ['pending_payment', 'Order placed at checkout'],
      ['paid', ADMIN_ORDERS.invoicePaidNote],
      ['intake_received', FOR_CUSTOMER],
      ['in_design', null],
    ]);
    const html = await render(CustomerOrderPage, { ...page!, intake: null, invoices: [] });
    expect(html).toContain(FOR_CUSTOMER);
    expect(html).not.toContain('INTERNAL');
  });

  it('the e-mails carry the message for the customer, never the internal note', async () => {
    const { order } = await orderWithNotes();
    const mails = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, order.email), eq(outbox.kind, 'order-status')));
    expect(mails).toHaveLength(2);
    const bodies = mails.map((m) => `${unseal(m.text)}\n${m.html ? unseal(m.html) : ''}`);
    for (const body of bodies) expect(body).not.toContain('INTERNAL');
    expect(bodies.filter((b) => b.includes(FOR_CUSTOMER))).toHaveLength(1);
    const mailed = mails.find((m) => unseal(m.text).includes(FOR_CUSTOMER))!;
    expect(unseal(mailed.text)).toContain(`${ADMIN_ORDERS.customerNoteInMail}\n${FOR_CUSTOMER}`);
  });

  it("the customer's data export has the message for them, never the internal note", async () => {
    const { order } = await orderWithNotes();
    const data = await accountExport(database, order.userId, null);
    const text = JSON.stringify(data);
    expect(text).toContain(FOR_CUSTOMER);
    expect(text).not.toContain('INTERNAL');
  });

  it("the admin's page shows both, each labelled", async () => {
    const { id } = await orderWithNotes();
    const page = await adminOrderPage(db, id);
    expect(page!.history.map((e) => [e.toStatus, e.note, e.customerNote]).slice(2)).toEqual([
      ['intake_received', INTERNAL, FOR_CUSTOMER],
      ['in_design', SECOND_INTERNAL, null],
    ]);
    const html = await render(OrderPage, page!, await person('admin'));
    // (The status form and its two labelled notes are gone at 'In design': no stage is reached by hand from there.)
    expect(html).toContain(INTERNAL);
    const text = html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
    expect(text).toContain(`${ADMIN_ORDERS.customerNoteShown}: ${FOR_CUSTOMER}`);
  });
});

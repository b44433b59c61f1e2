/**
 * Leads: made by a contact message (one per address, however it is typed), moved to 'Call booked'
 * by a booking; the admin's stage, note and checkout-link routes (admins only, versioned,
 * audited); the order placed from the link is linked to the lead. Stages move with what happens:
 * a booked call, an order placed, its payment, and silence after the agency wrote.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, leads, orders, outbox, users } from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import { tempDatabase } from '#server/db/temp-database.ts';
import { formOutcomeOf } from '#server/http/testing/call-route.ts';
import { database, db, person, postAs } from '#features/admin/handlers/admin-test-kit.ts';
import { postOrder, uniqueBuyer, validOrder } from '#features/checkout/checkout-test-kit.ts';
import { saveContactMessage } from '#features/contact/contact.server.ts';
import { recordOrderPayment } from '#features/lifecycle/lifecycle.server.ts';
import { confirmHeldOrder } from '#features/orders/held-orders.server.ts';
import { postLeadCheckoutLink, postLeadNote, postLeadStage } from './admin/handlers/lead-actions.ts';
import {
  changeLeadStage,
  LEAD_LOST_AFTER_DAYS,
  leadContactedStatement,
  leadOrderedStatements,
  leadPage,
  leadStatement,
  loseSilentLeads,
} from './leads.server.ts';

const leadOf = async (email: string) => (await db.select().from(leads).where(eq(leads.email, email)))[0];
const versionOf = async (id: string) => String((await db.select().from(leads).where(eq(leads.id, id)))[0]?.version);

async function contactLead(tag: string) {
  const email = uniqueBuyer(tag);
  await saveContactMessage(database, {
    name: 'Rosa Diaz',
    email,
    subject: undefined,
    message: 'I need a website for my bakery.',
  });
  return (await leadOf(email))!;
}

describe('leads from contact messages and bookings', () => {
  it('a contact message makes a new lead; the same person writing again (any case) is the same lead', async () => {
    const lead = await contactLead('lead-contact');
    expect(lead).toMatchObject({ stage: 'new', source: 'contact', name: 'Rosa Diaz' });
    await saveContactMessage(database, {
      name: 'Rosa D.',
      email: lead.email,
      subject: undefined,
      message: 'Any news?',
    });
    await database.writes.run([leadStatement({ email: lead.email.toUpperCase(), name: 'Rosa D.' }, 'contact')]);
    const rows = await db.select().from(leads).where(eq(leads.email, lead.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe('Rosa D.');
    const page = await leadPage(db, lead.id);
    expect(page?.messages.map((m) => m.message)).toEqual(['Any news?', 'I need a website for my bakery.']);
  });

  it('a booked call moves a new lead to Call booked, and leaves a later stage alone', async () => {
    const lead = await contactLead('lead-booked');
    await database.writes.run([leadStatement({ email: lead.email, name: 'Rosa', phone: '(407) 555-0100' }, 'booking')]);
    expect(await leadOf(lead.email)).toMatchObject({ stage: 'call_booked', phone: '(407) 555-0100' });
    await db.update(leads).set({ stage: 'proposal_sent' }).where(eq(leads.id, lead.id));
    await database.writes.run([leadStatement({ email: lead.email, name: 'Rosa' }, 'booking')]);
    expect(await leadOf(lead.email)).toMatchObject({ stage: 'proposal_sent', phone: '(407) 555-0100' });
    // A first contact by booking starts at Call booked.
    const booker = uniqueBuyer('lead-first-booking');
    await database.writes.run([leadStatement({ email: booker, name: 'Sam', businessName: 'Sam Plumbing' }, 'booking')]);
    expect(await leadOf(booker)).toMatchObject({
      stage: 'call_booked',
      source: 'booking',
      businessName: 'Sam Plumbing',
    });
  });
});

describe('the admin works a lead', () => {
  it('stage and notes: admins only, a stale form is refused, every change audited', async () => {
    const admin = await person('admin');
    const customer = await person('customer');
    const lead = await contactLead('lead-admin');
    const path = (action: string) => `/api/admin/leads/${lead.id}/${action}`;
    expect(
      (await postAs(postLeadStage, path('stage'), { id: lead.id }, { version: '0', stage: 'contacted' }, customer))
        .status,
    ).toBe(403);
    expect(
      (await postAs(postLeadStage, path('stage'), { id: lead.id }, { version: '0', stage: 'maybe' }, admin)).status,
    ).toBe(400);
    const moved = await postAs(
      postLeadStage,
      path('stage'),
      { id: lead.id },
      { version: '0', stage: 'contacted' },
      admin,
      true,
    );
    expect(moved.status).toBe(303);
    expect((await formOutcomeOf(moved))?.notice).toBe('stage-changed');
    const stale = await postAs(postLeadStage, path('stage'), { id: lead.id }, { version: '0', stage: 'lost' }, admin);
    expect(stale.status).toBe(409);
    expect((await leadOf(lead.email))?.stage).toBe('contacted');
    const noted = await postAs(
      postLeadNote,
      path('notes'),
      { id: lead.id },
      { version: await versionOf(lead.id), body: 'Called, wants a quote' },
      admin,
    );
    expect(noted.status).toBe(201);
    expect((await leadPage(db, lead.id))?.notes.map((n) => n.body)).toEqual(['Called, wants a quote']);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, lead.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['lead.note', 'lead.stage']);
    const unknown = await postAs(
      postLeadStage,
      '/api/admin/leads/abcdefghjkmnpqrs/stage',
      { id: 'abcdefghjkmnpqrs' },
      { version: '0', stage: 'lost' },
      admin,
    );
    expect(unknown.status).toBe(404);
  });

  it('a checkout link is e-mailed with the proposal; the order placed from it is linked, the lead at Ordered', async () => {
    const admin = await person('admin');
    const lead = await contactLead('lead-link');
    const path = `/api/admin/leads/${lead.id}/checkout-link`;
    const bad = await postAs(postLeadCheckoutLink, path, { id: lead.id }, { version: '0', extraPages: '99' }, admin);
    expect(bad.status).toBe(400);
    const sent = await postAs(
      postLeadCheckoutLink,
      path,
      { id: lead.id },
      { version: '0', extraPages: '2', monthly: 'on' },
      admin,
    );
    expect(sent.status).toBe(200);
    expect((await leadOf(lead.email))?.stage).toBe('proposal_sent');
    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, lead.email), eq(outbox.kind, 'lead-checkout-link')));
    const text = unseal(mail!.text);
    expect(text).toContain(`/checkout?lead=${lead.id}&plan=all-inclusive-monthly&extraPages=2`);
    expect(text).toContain('2 extra pages');

    const placed = await postOrder({ ...validOrder(lead.email), extraPages: 2, monthly: true, lead: lead.id });
    expect(placed.response.status).toBe(201);
    const [order] = await db.select().from(orders).where(eq(orders.email, lead.email));
    expect(order?.leadId).toBe(lead.id);
    expect((await leadOf(lead.email))?.stage).toBe('ordered');
    expect((await leadPage(db, lead.id))?.orders.map((o) => o.id)).toEqual([order?.id]);

    // A made-up lead on the form places the order unlinked.
    const other = uniqueBuyer('lead-none');
    const unlinked = await postOrder({ ...validOrder(other), lead: 'abcdefghjkmnpqrs' });
    expect(unlinked.response.status).toBe(201);
    expect((await db.select().from(orders).where(eq(orders.email, other)))[0]?.leadId).toBeNull();
  });
});

/** The order's payment, as an admin's Mark paid records it (through the lifecycle, like every payment). */
async function pay(orderId: string) {
  const admin = await person('admin');
  const paid = await recordOrderPayment(database, {
    orderId,
    paidAt: new Date(),
    method: 'bank_transfer',
    actorId: admin.id,
    ip: null,
  });
  expect(paid.ok && paid.orderMoved).toBe(true);
}

describe('stages move with what happens', () => {
  it("an order placed with the lead's address (no link) moves it to Ordered; its payment wins it", async () => {
    const lead = await contactLead('lead-orders');
    const placed = await postOrder(validOrder(lead.email));
    expect(placed.response.status).toBe(201);
    const after = await leadOf(lead.email);
    expect(after?.stage).toBe('ordered');
    expect(after!.version).toBeGreaterThan(lead.version);
    const [order] = await db.select().from(orders).where(eq(orders.email, lead.email));
    await pay(order!.id);
    expect((await leadOf(lead.email))?.stage).toBe('won');
  });

  it('the order placed from a checkout link is won when paid', async () => {
    const lead = await contactLead('lead-link-paid');
    const placed = await postOrder({ ...validOrder(uniqueBuyer('other-address')), lead: lead.id });
    expect(placed.response.status).toBe(201);
    expect((await leadOf(lead.email))?.stage).toBe('ordered');
    const { orderId } = (await placed.response.json()) as { orderId: string };
    await pay(orderId);
    expect((await leadOf(lead.email))?.stage).toBe('won');
  });

  it("an order held for its address's owner moves their lead only once they confirm it", async () => {
    const lead = await contactLead('lead-held');
    // The address has an account; someone signed out orders with it: the order is held.
    await db.insert(users).values({
      id: crypto.randomUUID(),
      name: 'Rosa Diaz',
      email: lead.email,
      role: 'customer',
      status: 'active',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const placed = await postOrder(validOrder(lead.email));
    expect(placed.response.status).toBe(201);
    expect((await leadOf(lead.email))?.stage).toBe('new');
    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, lead.email), eq(outbox.kind, 'order-confirm-request')));
    const token = /\/confirm-order\?token=([^\s&"]+)/.exec(unseal(mail!.text))?.[1];
    expect((await confirmHeldOrder(database, decodeURIComponent(token!))).ok).toBe(true);
    expect((await leadOf(lead.email))?.stage).toBe('ordered');
  });

  it('a lost lead who writes or books again is back (New, Call booked)', async () => {
    const lead = await contactLead('lead-back');
    await db.update(leads).set({ stage: 'lost' }).where(eq(leads.id, lead.id));
    await saveContactMessage(database, {
      name: 'Rosa',
      email: lead.email,
      subject: undefined,
      message: 'Still there?',
    });
    expect((await leadOf(lead.email))?.stage).toBe('new');
    await db.update(leads).set({ stage: 'lost' }).where(eq(leads.id, lead.id));
    await database.writes.run([leadStatement({ email: lead.email, name: 'Rosa' }, 'booking')]);
    expect((await leadOf(lead.email))?.stage).toBe('call_booked');
  });
});

describe(`a lead is lost after ${LEAD_LOST_AFTER_DAYS} days without a reply`, () => {
  const DAY = 24 * 60 * 60_000;

  it('housekeeping marks lost (audited, by the system) only open leads the agency wrote to, with no word back', async () => {
    const { database: own, cleanup } = await tempDatabase();
    try {
      const t0 = Date.UTC(2026, 0, 5, 15);
      const person = (email: string, at: number) =>
        own.writes.run([leadStatement({ email, name: 'Lena' }, 'contact', at)]);
      const stageOf = async (email: string) =>
        (await own.db.select().from(leads).where(eq(leads.email, email)))[0]?.stage;
      await person('silent@example.com', t0);
      await person('answered@example.com', t0);
      await person('never-written-to@example.com', t0);
      await person('ordered@example.com', t0);
      // The agency writes to three of them; one writes back ten days later; one orders.
      await own.writes.run([
        leadContactedStatement('silent@example.com', t0 + DAY),
        leadContactedStatement('answered@example.com', t0 + DAY),
        leadContactedStatement('ordered@example.com', t0 + DAY),
      ]);
      await person('answered@example.com', t0 + 10 * DAY);
      await own.writes.run(
        leadOrderedStatements({ leadId: null, email: 'ordered@example.com', held: false }, t0 + 2 * DAY),
      );
      expect(await stageOf('silent@example.com')).toBe('contacted');

      // A day short of the period: nothing.
      expect(await loseSilentLeads(own, t0 + LEAD_LOST_AFTER_DAYS * DAY)).toBe(0);
      expect(await loseSilentLeads(own, t0 + (LEAD_LOST_AFTER_DAYS + 1) * DAY)).toBe(1);
      expect(await stageOf('silent@example.com')).toBe('lost');
      expect(await stageOf('answered@example.com')).toBe('contacted');
      expect(await stageOf('never-written-to@example.com')).toBe('new');
      expect(await stageOf('ordered@example.com')).toBe('ordered');
      const [lost] = await own.db.select().from(leads).where(eq(leads.email, 'silent@example.com'));
      const audit = await own.db.select().from(auditLog).where(eq(auditLog.entityId, lost!.id));
      expect(audit.map((a) => [a.action, a.actorId, a.before, (a.after as { stage: string }).stage])).toEqual([
        ['lead.lost', null, { stage: 'contacted' }, 'lost'],
      ]);
      // Idempotent: a second run (or a second server) finds nothing.
      expect(await loseSilentLeads(own, t0 + 90 * DAY)).toBe(0);

      // The owner can still move it by hand; the clock starts again.
      const admin = crypto.randomUUID();
      const moved = await changeLeadStage(
        own,
        { leadId: lost!.id, version: lost!.version, stage: 'contacted', actorId: admin, ip: '203.0.113.9' },
        t0 + 40 * DAY,
      );
      expect(moved.ok).toBe(true);
      expect(await stageOf('silent@example.com')).toBe('contacted');
      expect(await loseSilentLeads(own, t0 + 60 * DAY)).toBe(0);
      expect(await loseSilentLeads(own, t0 + 71 * DAY)).toBe(1);
    } finally {
      cleanup();
    }
  });
});

/**
 * Leads: made by a contact message (one per address, however it is typed), moved to 'Call booked'
 * by a booking; the admin's stage, note and checkout-link routes (admins only, versioned,
 * audited); the order placed from the link is linked to the lead and wins it.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, leads, orders, outbox } from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import { formOutcomeOf } from '#server/http/testing/call-route.ts';
import { database, db, person, postAs } from '#features/admin/handlers/admin-test-kit.ts';
import { postOrder, uniqueBuyer, validOrder } from '#features/checkout/checkout-test-kit.ts';
import { saveContactMessage } from '#features/contact/contact.server.ts';
import { postLeadCheckoutLink, postLeadNote, postLeadStage } from './admin/handlers/lead-actions.ts';
import { leadPage, leadStatement } from './leads.server.ts';

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

  it('a checkout link is e-mailed with the proposal; the order placed from it is linked and wins the lead', async () => {
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
    expect((await leadOf(lead.email))?.stage).toBe('won');
    expect((await leadPage(db, lead.id))?.orders.map((o) => o.id)).toEqual([order?.id]);

    // A made-up lead on the form places the order unlinked.
    const other = uniqueBuyer('lead-none');
    const unlinked = await postOrder({ ...validOrder(other), lead: 'abcdefghjkmnpqrs' });
    expect(unlinked.response.status).toBe(201);
    expect((await db.select().from(orders).where(eq(orders.email, other)))[0]?.leadId).toBeNull();
  });
});

/**
 * The checkout link the agency e-mails a lead (/checkout?lead=…) fills in their details for a
 * week after it is sent; the admin can renew it from the lead for another week; once the lead is
 * won or lost it fills in nothing. Checked on the checkout page as the server renders it.
 */
import reactRenderer from '@astrojs/react/server.js';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, leads } from '#server/db/schema.ts';
import { database, db, person, postAs } from '#features/admin/handlers/admin-test-kit.ts';
import { uniqueBuyer } from '#features/checkout/checkout-test-kit.ts';
import CheckoutPage from '#features/checkout/pages/CheckoutPage.astro';
import { postLeadStage, postRenewLeadCheckoutLink } from './admin/handlers/lead-actions.ts';
import { ADMIN_LEADS } from './copy.ts';
import { CHECKOUT_LINK_TTL_MS, leadPrefill, leadStatement, sendCheckoutLink } from './leads.server.ts';

const DAY = 24 * 60 * 60_000;

async function newLead(tag: string) {
  const email = uniqueBuyer(tag);
  const name = `Lena ${tag.replace(/\W/g, '')}`;
  await database.writes.run([leadStatement({ email, name, businessName: 'Lena Bakes' }, 'contact')]);
  const [lead] = await db.select().from(leads).where(eq(leads.email, email));
  return lead!;
}

const versionOf = async (id: string) => String((await db.select().from(leads).where(eq(leads.id, id)))[0]!.version);

/** Whether /checkout?lead={id}, as the server renders it now, fills in the lead's name. */
async function prefills(lead: { id: string; name: string }) {
  const container = await AstroContainer.create();
  container.addServerRenderer({ name: '@astrojs/react', renderer: reactRenderer });
  const html = await container.renderToString(CheckoutPage, {
    request: new Request(`http://localhost:4321/checkout?lead=${lead.id}`),
    locals: { user: null, session: null },
  });
  return html.includes(`value="${lead.name}"`);
}

const send = (leadId: string, version: number, actorId: string, now?: number) =>
  sendCheckoutLink(database, { leadId, version, monthly: false, extraPages: 0, actorId, ip: '203.0.113.9' }, now);

describe("a lead's checkout link", () => {
  it('prefills the checkout for a week after it is sent, then stops; the admin renews it for another week', async () => {
    const admin = await person('admin');
    const lead = await newLead('link-week');
    expect(await prefills(lead), 'no link sent yet').toBe(false);

    const sentAt = Date.now() - 8 * DAY;
    expect(await send(lead.id, lead.version, admin.id, sentAt)).toEqual({ ok: true });
    expect(await leadPrefill(db, lead.id, sentAt + CHECKOUT_LINK_TTL_MS - 1)).toMatchObject({ name: lead.name });
    expect(await leadPrefill(db, lead.id, sentAt + CHECKOUT_LINK_TTL_MS)).toBeNull();
    expect(await prefills(lead), 'eight days after sending').toBe(false);

    const path = `/api/admin/leads/${lead.id}/checkout-link/renew`;
    const customer = await person('customer');
    expect((await postAs(postRenewLeadCheckoutLink, path, { id: lead.id }, { version: '0' }, customer)).status).toBe(
      403,
    );
    const renewed = await postAs(
      postRenewLeadCheckoutLink,
      path,
      { id: lead.id },
      { version: await versionOf(lead.id) },
      admin,
      true,
    );
    expect(renewed.status).toBe(303);
    expect(renewed.headers.get('location')).toBe(`/admin/leads/${lead.id}`);
    expect(await prefills(lead), 'renewed').toBe(true);
    const [row] = await db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row!.checkoutLinkExpiresAt!.getTime()).toBeGreaterThan(Date.now() + CHECKOUT_LINK_TTL_MS - DAY);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, lead.id), eq(auditLog.action, 'lead.checkout-link-renew')));
    expect(audit).toHaveLength(1);
  });

  it('stops prefilling once the lead is won or lost', async () => {
    const admin = await person('admin');
    for (const stage of ['won', 'lost'] as const) {
      const lead = await newLead(`link-${stage}`);
      await send(lead.id, lead.version, admin.id);
      expect(await prefills(lead), `${stage}: before`).toBe(true);
      const moved = await postAs(
        postLeadStage,
        `/api/admin/leads/${lead.id}/stage`,
        { id: lead.id },
        { version: await versionOf(lead.id), stage },
        admin,
      );
      expect(moved.status).toBe(200);
      expect(await prefills(lead), `${stage}: after`).toBe(false);
      expect(await leadPrefill(db, lead.id)).toBeNull();
    }
  });

  it('renewing a lead that was never sent a link says so (409)', async () => {
    const admin = await person('admin');
    const lead = await newLead('link-none');
    const res = await postAs(
      postRenewLeadCheckoutLink,
      `/api/admin/leads/${lead.id}/checkout-link/renew`,
      { id: lead.id },
      { version: String(lead.version) },
      admin,
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: ADMIN_LEADS.noLinkToRenew });
  });
});

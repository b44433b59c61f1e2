/** POST /api/admin/orders/{id}/launch: admins only, a paid order, a real address or none. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orders, subscriptions } from '#server/db/schema.ts';
import { formOutcomeOf } from '#server/http/testing/call-route.ts';
import { ADMIN_ORDERS } from '#features/admin/copy.ts';
import { db, invoiceOrder, person, postAs, versionOf } from '#features/admin/handlers/admin-test-kit.ts';
import { postMarkPaid } from './order-status.ts';
import { postOrderLaunch } from './order-actions.ts';

const launch = async (
  id: string,
  body: Record<string, string>,
  user: Awaited<ReturnType<typeof person>> | null,
  form = false,
) =>
  postAs(
    postOrderLaunch,
    `/api/admin/orders/${id}/launch`,
    { id },
    { version: await versionOf(id), ...body },
    user,
    form,
  );
const orderRow = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const planOf = async (id: string) => (await db.select().from(subscriptions).where(eq(subscriptions.orderId, id)))[0]!;

describe('POST /api/admin/orders/{id}/launch', () => {
  it('refuses visitors, customers, an unpaid order and an address that is not a web address; nothing changes', async () => {
    const admin = await person('admin');
    const customer = await person('customer');
    const id = await invoiceOrder(true);
    expect((await launch(id, {}, null)).status).toBe(401);
    expect((await launch(id, {}, customer)).status).toBe(403);
    const unpaid = await launch(id, {}, admin);
    expect(unpaid.status).toBe(409);
    expect(await unpaid.json()).toEqual({ error: ADMIN_ORDERS.notLaunchable });

    await postAs(postMarkPaid, `/api/admin/orders/${id}/mark-paid`, { id }, { version: await versionOf(id) }, admin);
    for (const liveUrl of ['javascript:alert(1)', 'not a url', `https://${'a'.repeat(300)}.example`]) {
      const bad = await launch(id, { liveUrl }, admin);
      expect(bad.status, liveUrl).toBe(400);
      expect(await bad.json()).toMatchObject({ error: expect.any(String) });
    }
    const form = await launch(id, { liveUrl: 'ftp://files.example' }, admin, true);
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`/admin/orders/${id}`);
    expect((await formOutcomeOf(form))?.notice).toBe('bad-live-url');
    expect((await orderRow(id)).launchedAt).toBeNull();
    expect((await planOf(id)).status).toBe('pending');
  });

  it('launches a paid order with its address: the plan starts, audited; a plain form lands on the order', async () => {
    const admin = await person('admin');
    const id = await invoiceOrder(true);
    await postAs(postMarkPaid, `/api/admin/orders/${id}/mark-paid`, { id }, { version: await versionOf(id) }, admin);
    const res = await launch(id, { liveUrl: '  https://bakery.example/  ' }, admin, true);
    expect(res.status).toBe(303);
    expect((await formOutcomeOf(res))?.notice).toBe('launched-plan');
    expect(await orderRow(id)).toMatchObject({ liveUrl: 'https://bakery.example/', launchedAt: expect.any(Date) });
    expect((await planOf(id)).status).toBe('active');
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((a) => [a.action, a.actorId])).toContainEqual(['order.launch', admin.id]);
    // Again (a stale tab): already launched, nothing new.
    const again = await launch(id, {}, admin);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ already: true, planStarted: false });
  });
});

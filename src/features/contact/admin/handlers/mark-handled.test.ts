import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '#server/db/index.ts';
import { callRoute, formOutcomeOf } from '#server/http/testing/call-route.ts';
import { auditLog, contactMessages, users } from '#server/db/schema.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { postMessageHandled } from './contact-messages.ts';

const { db } = await getDatabase();

async function person(role: 'admin' | 'customer'): Promise<SessionUser> {
  const id = crypto.randomUUID();
  const email = `${role}-${id}@example.com`;
  await db
    .insert(users)
    .values({ id, name: `The ${role}`, email, role, status: 'active', createdAt: new Date(), updatedAt: new Date() });
  return { id, name: `The ${role}`, email, role };
}

async function lead() {
  const id = crypto.randomUUID();
  await db
    .insert(contactMessages)
    .values({ id, name: 'Lena Lead', email: 'lena@example.com', message: 'Call me', createdAt: new Date() });
  return id;
}

async function markHandled(id: string, user: SessionUser | null, form = false) {
  const path = `http://localhost:4321/api/admin/messages/${id}/handled`;
  const call = await callRoute(postMessageHandled, path, {
    body: form ? undefined : {},
    form,
    params: { id },
    user,
    ip: '203.0.113.60',
  });
  return call.response;
}

const auditOf = (id: string) => db.select().from(auditLog).where(eq(auditLog.entityId, id));
const rowOf = async (id: string) => (await db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0];

describe('POST /api/admin/messages/{id}/handled', () => {
  it('a plain form from an admin: 303 to the dashboard, stamped and audited in one go', async () => {
    const admin = await person('admin');
    const id = await lead();
    const res = await markHandled(id, admin, true);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin#leads');
    expect((await formOutcomeOf(res))?.notice).toBe('message-handled');
    const row = await rowOf(id);
    expect(row?.handledAt).toBeInstanceOf(Date);
    expect(row?.handledBy).toBe(admin.id);
    const audit = await auditOf(id);
    expect(audit.map((a) => [a.action, a.actorId, a.entityType, a.ip])).toEqual([
      ['contact.handled', admin.id, 'contact_message', '203.0.113.60'],
    ]);
    expect(audit[0]?.after).toEqual({ handledAt: row?.handledAt?.toISOString() });
  });

  it('JSON from an admin: 200 with the stamp; again changes nothing and is not audited twice', async () => {
    const admin = await person('admin');
    const id = await lead();
    const first = await markHandled(id, admin);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const body = (await first.json()) as { id: string; handledAt: string };
    expect(body).toEqual({ id, handledAt: expect.any(String) });
    const again = await markHandled(id, await person('admin'));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(body);
    expect((await rowOf(id))?.handledBy).toBe(admin.id);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('a customer gets 403 and a visitor 401; nothing changes', async () => {
    const id = await lead();
    const refused = await markHandled(id, await person('customer'));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: expect.any(String) });
    const anonymous = await markHandled(id, null);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: expect.any(String) });
    expect((await rowOf(id))?.handledAt).toBeNull();
    expect(await auditOf(id)).toEqual([]);
  });

  it('an unknown or malformed id is 404; a plain form for one lands on the dashboard with a notice', async () => {
    const admin = await person('admin');
    const unknown = crypto.randomUUID();
    const res = await markHandled(unknown, admin);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Message not found' });
    expect((await markHandled('not-an-id', admin)).status).toBe(404);
    const form = await markHandled(unknown, admin, true);
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/admin#leads');
    expect((await formOutcomeOf(form))?.notice).toBe('message-not-found');
    expect(await auditOf(unknown)).toEqual([]);
  });
});

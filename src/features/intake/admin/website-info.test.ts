import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricingReadings } from '#data/pricing.ts';
import { getDatabase, type AppDatabase } from '#server/db/index.ts';
import { auditLog, intakes, users } from '#server/db/schema.ts';
import { tempDatabase } from '#server/db/temp-database.ts';
import { callRoute, formOutcomeOf } from '#server/http/testing/call-route.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { quote } from '#features/checkout/quote.ts';
import { saveDraft, submitIntake } from '../intake.server.ts';
import { newOrderStatements } from '#features/orders/orders.server.ts';
import { intakeDetail, listIntakes } from './queries.server.ts';
import { postReopenIntake } from './handlers/reopen.ts';

const complete = {
  industry: 'Bakery',
  servicesOffered: 'Cakes\nBread',
  pagesWanted: 'Home, Menu, Contact',
  targetAudience: 'Families in Orlando',
};

async function person(database: AppDatabase, role: 'admin' | 'customer', email?: string): Promise<SessionUser> {
  const id = crypto.randomUUID();
  const address = email ?? `${role}-${id}@example.com`;
  await database.db.insert(users).values({
    id,
    name: `The ${role}`,
    email: address,
    role,
    status: 'active',
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  return { id, name: `The ${role}`, email: address, role };
}

/** A customer's order with an intake: a draft after one save, or submitted. */
async function intake(
  database: AppDatabase,
  {
    businessName,
    submitted = false,
    email,
    at = Date.now(),
  }: { businessName: string; submitted?: boolean; email?: string; at?: number },
) {
  const customer = await person(database, 'customer', email);
  const placed = newOrderStatements({
    userId: customer.id,
    name: customer.name,
    email: customer.email,
    phone: '(407) 555-0199',
    businessName,
    quote: quote(pricingReadings.custom.checkout, { extraPages: 0, monthly: false }),
    provider: 'invoice',
    idempotencyKey: null,
  });
  await database.writes.run(placed.statements);
  const orderId = placed.id;
  const saved = await saveDraft(
    database,
    { orderId, userId: customer.id, version: 0, changes: { industry: 'Bakery' } },
    at,
  );
  expect(saved.ok).toBe(true);
  if (submitted) {
    const done = await submitIntake(
      database,
      { orderId, userId: customer.id, version: 1, changes: complete, ip: null },
      at,
    );
    expect(done.ok).toBe(true);
  }
  const [row] = await database.db.select().from(intakes).where(eq(intakes.orderId, orderId));
  return { customer, orderId, id: row!.id };
}

describe('the admin list of intakes', () => {
  let database: AppDatabase;
  let cleanup: () => void;
  beforeAll(async () => {
    ({ database, cleanup } = await tempDatabase());
  });
  afterAll(() => cleanup());

  it('lists drafts and submitted intakes, newest change first, with the customer and files', async () => {
    const draft = await intake(database, { businessName: 'Lista Draft Bakery', at: 1_000_000 });
    const sent = await intake(database, { businessName: 'Lista Sent Bakery', submitted: true, at: 2_000_000 });
    const { rows, next } = await listIntakes(database.db, { q: 'Lista' });
    expect(next).toBeNull();
    expect(rows.map((r) => [r.id, r.status, r.businessName, r.files])).toEqual([
      [sent.id, 'submitted', 'Lista Sent Bakery', 0],
      [draft.id, 'draft', 'Lista Draft Bakery', 0],
    ]);
    expect(rows[1]).toMatchObject({ email: draft.customer.email, orderId: draft.orderId, submittedAt: null });
    expect((await listIntakes(database.db, { q: 'Lista', state: 'draft' })).rows.map((r) => r.id)).toEqual([draft.id]);
    expect((await listIntakes(database.db, { q: 'Lista', state: 'submitted' })).rows.map((r) => r.id)).toEqual([
      sent.id,
    ]);
  });

  it('searches the business name (any case, anywhere) or the start of the e-mail; wildcards are literal', async () => {
    const bakery = await intake(database, { businessName: 'The Búsqueda Bakery', email: 'zeta-search@example.com' });
    const other = await intake(database, { businessName: '100% Plumbing', email: 'omega-search@example.com' });
    expect((await listIntakes(database.db, { q: 'búsqueda bak' })).rows.map((r) => r.id)).toEqual([bakery.id]);
    expect((await listIntakes(database.db, { q: 'zeta-sea' })).rows.map((r) => r.id)).toEqual([bakery.id]);
    // Not the middle of an e-mail address.
    expect((await listIntakes(database.db, { q: 'eta-search' })).rows).toEqual([]);
    expect((await listIntakes(database.db, { q: '100%' })).rows.map((r) => r.id)).toEqual([other.id]);
    expect((await listIntakes(database.db, { q: '%' })).rows.map((r) => r.id)).toEqual([other.id]);
    expect((await listIntakes(database.db, { q: '_' })).rows).toEqual([]);
  });

  it('keyset pages: page 2 continues right after page 1, ties broken by insertion order, nothing twice or lost', async () => {
    const made = [];
    // Two share one instant: insertion order decides theirs, and the cursor must not skip either.
    for (const at of [5_000_000, 6_000_000, 6_000_000, 7_000_000, 8_000_000]) {
      made.push(await intake(database, { businessName: `Paged Studio ${at}`, at }));
    }
    const first = await listIntakes(database.db, { q: 'Paged Studio', limit: 2 });
    expect(first.rows).toHaveLength(2);
    expect(first.next).toEqual({ at: first.rows[1]!.updatedAt.getTime(), row: first.rows[1]!.row });
    const second = await listIntakes(database.db, { q: 'Paged Studio', limit: 2, after: first.next });
    const third = await listIntakes(database.db, { q: 'Paged Studio', limit: 2, after: second.next });
    expect(third.next).toBeNull();
    const seen = [...first.rows, ...second.rows, ...third.rows].map((r) => r.id);
    const all = (await listIntakes(database.db, { q: 'Paged Studio' })).rows.map((r) => r.id);
    expect(seen).toEqual(all);
    expect(new Set(seen)).toEqual(new Set(made.map((m) => m.id)));
    expect(second.rows[0]!.updatedAt.getTime()).toBeLessThanOrEqual(first.rows[1]!.updatedAt.getTime());
  });

  it('the detail has the answers, customer and order; an unknown id is null', async () => {
    const { id, customer, orderId } = await intake(database, { businessName: 'Detail Bakery', submitted: true });
    const detail = await intakeDetail(database.db, id);
    expect(detail).toMatchObject({
      intake: { id, status: 'submitted', data: { businessName: 'Detail Bakery', industry: 'Bakery' } },
      customer: { email: customer.email },
      order: { id: orderId },
      files: [],
    });
    expect(await intakeDetail(database.db, 'xyz')).toBeNull();
  });
});

describe('POST /api/admin/website-info/{id}/reopen', () => {
  // The handler reads the run's database (getDatabase), so these intakes live there.
  let database: AppDatabase;
  beforeAll(async () => {
    database = await getDatabase();
  });

  async function reopen(id: string, user: SessionUser | null, form = false) {
    const path = `http://localhost:4321/api/admin/website-info/${id}/reopen`;
    const call = await callRoute(postReopenIntake, path, { form, params: { id }, user, ip: '203.0.113.60' });
    return call.response;
  }

  const statusOf = async (id: string) =>
    (await database.db.select({ status: intakes.status }).from(intakes).where(eq(intakes.id, id)))[0]?.status;

  it('an admin reopens a submitted intake: 303 back with a notice, audited, a draft again', async () => {
    const admin = await person(database, 'admin');
    const { id } = await intake(database, { businessName: 'Reopen Bakery', submitted: true });
    const res = await reopen(id, admin, true);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/website-info/${id}`);
    expect((await formOutcomeOf(res))?.notice).toBe('reopened');
    expect(await statusOf(id)).toBe('draft');
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((a) => [a.action, a.actorId, a.ip])).toEqual([['intake.reopen', admin.id, '203.0.113.60']]);
  });

  it('JSON: 200 with the new state; reopening a draft is 409 and changes nothing', async () => {
    const admin = await person(database, 'admin');
    const { id } = await intake(database, { businessName: 'Json Bakery', submitted: true });
    const res = await reopen(id, admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id, status: 'draft' });
    const again = await reopen(id, admin);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: expect.any(String) });
    const form = await reopen(id, admin, true);
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`/admin/website-info/${id}`);
    expect((await formOutcomeOf(form))?.notice).toBe('not-submitted');
    expect(await database.db.select().from(auditLog).where(eq(auditLog.entityId, id))).toHaveLength(1);
  });

  it('a customer is refused (403), a visitor (401); the intake stays submitted and nothing is audited', async () => {
    const { id, customer } = await intake(database, { businessName: 'Guarded Bakery', submitted: true });
    const refused = await reopen(id, customer);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: expect.any(String) });
    const anonymous = await reopen(id, null);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: expect.any(String) });
    expect(await statusOf(id)).toBe('submitted');
    expect(await database.db.select().from(auditLog).where(eq(auditLog.entityId, id))).toEqual([]);
  });

  it('an unknown intake is 404 (JSON), and a plain form lands on the list with a notice', async () => {
    const admin = await person(database, 'admin');
    const unknown = await reopen('abcdefghijkmnpqrstuvwxyz23', admin);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Intake not found' });
    expect((await reopen('not an id', admin)).status).toBe(404);
    const lost = await reopen('abcdefghijkmnpqrstuvwxyz23', admin, true);
    expect(lost.status).toBe(303);
    expect(lost.headers.get('location')).toBe('/admin/website-info');
    expect((await formOutcomeOf(lost))?.notice).toBe('not-found');
  });
});

/** Shared by the admin handler tests: people, orders, and route handlers called as `user`. */
import type { APIRoute } from 'astro';
import { eq } from 'drizzle-orm';
import { pricingReadings } from '#data/pricing.ts';
import { getDatabase } from '#server/db/index.ts';
import { callRoute } from '#server/http/testing/call-route.ts';
import { orders, users } from '#server/db/schema.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { quote } from '#features/checkout/quote.ts';
import { newOrderStatements } from '#features/orders/orders.server.ts';

export const database = await getDatabase();
export const { db } = database;

export async function person(role: 'admin' | 'customer'): Promise<SessionUser> {
  const id = crypto.randomUUID();
  const email = `${role}-${id}@example.com`;
  await db
    .insert(users)
    .values({ id, name: `The ${role}`, email, role, status: 'active', createdAt: new Date(), updatedAt: new Date() });
  return { id, name: `The ${role}`, email, role };
}

/** An invoiced order (with the monthly plan's pending subscription unless `monthly` is false). */
export async function invoiceOrder(monthly = true) {
  const customer = await person('customer');
  const placed = newOrderStatements({
    userId: customer.id,
    name: customer.name,
    email: customer.email,
    phone: '(407) 555-0199',
    businessName: 'Admin Bakery',
    quote: quote(pricingReadings.custom.checkout, { extraPages: 0, monthly }),
    provider: 'invoice',
    idempotencyKey: null,
  });
  await database.writes.run(placed.statements);
  return placed.id;
}

export const versionOf = async (id: string) =>
  String((await db.select({ v: orders.version }).from(orders).where(eq(orders.id, id)))[0]?.v ?? 0);

/** POST `path` to `handler` as `user`: JSON, or a plain form; the response. */
export async function postAs(
  handler: APIRoute,
  path: string,
  params: Record<string, string>,
  body: Record<string, string>,
  user: SessionUser | null,
  form = false,
) {
  const call = await callRoute(handler, `http://localhost:4321${path}`, {
    params,
    body,
    user,
    form,
    ip: '203.0.113.51',
  });
  return call.response;
}

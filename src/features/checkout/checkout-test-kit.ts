/**
 * For tests of POST /api/checkout: the route called as the HTTP host calls it (JSON or a plain
 * form post, a cookie jar to read the form's feedback back), on the run's database.
 */
import type { APIContext } from 'astro';
import { eq } from 'drizzle-orm';
import { getDatabase } from '#server/db/index.ts';
import { orderItems, orders, users } from '#server/db/schema.ts';
import { postCheckout } from './handlers/post-checkout.ts';

let counter = 0;
/** Every call comes from its own address, so the checkout rate limit never decides a test. */
const nextAddress = () => `198.51.100.${(++counter % 250) + 1}`;

export const uniqueBuyer = (tag: string) =>
  `${tag}-${Date.now()}-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A valid order for `email`, in JSON's shape; forms send `terms: 'on'`. */
export const validOrder = (email: string) => ({
  name: 'Maria Lopez',
  email,
  phone: '(407) 555-0199',
  businessName: 'Lopez Bakery',
  terms: true,
  idempotencyKey: `k${crypto.randomUUID().replaceAll('-', '')}`,
});

/** POSTs `body` to the checkout route; `jar` holds the cookies it set (the form's feedback). */
export async function postOrder(body: Record<string, unknown>, { form = false } = {}) {
  const url = new URL('http://localhost:4321/api/checkout');
  const request = new Request(url, {
    method: 'POST',
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: form
      ? new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString()
      : JSON.stringify(body),
  });
  const jar = new Map<string, string>();
  const cookies = {
    set: (name: string, value: string) => jar.set(name, value),
    get: () => undefined,
    delete: (name: string) => jar.delete(name),
  };
  const response = await postCheckout({
    request,
    url,
    clientAddress: nextAddress(),
    cookies,
    locals: { user: null, session: null },
  } as unknown as APIContext);
  return { response, jar };
}

/** What the database holds for a buyer's e-mail: their orders (with items) and accounts. */
export async function recordedFor(email: string) {
  const { db } = await getDatabase();
  const placed = await db.select().from(orders).where(eq(orders.email, email));
  const items = await Promise.all(placed.map((o) => db.select().from(orderItems).where(eq(orderItems.orderId, o.id))));
  const accounts = await db.select().from(users).where(eq(users.email, email));
  return { orders: placed, items: items.flat(), accounts };
}

/**
 * For tests of POST /api/checkout: the route called as the HTTP host calls it (JSON or a plain
 * form post, a cookie jar to read the form's feedback back), on the run's database.
 */
import { eq } from 'drizzle-orm';
import { getDatabase } from '#server/db/index.ts';
import { callRoute } from '#server/http/testing/call-route.ts';
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
  const call = await callRoute(postCheckout, 'http://localhost:4321/api/checkout', { body, form, ip: nextAddress() });
  return { response: call.response, jar: new Map([...call.jar].map(([name, cookie]) => [name, cookie.value])) };
}

/** What the database holds for a buyer's e-mail: their orders (with items) and accounts. */
export async function recordedFor(email: string) {
  const { db } = await getDatabase();
  const placed = await db.select().from(orders).where(eq(orders.email, email));
  const items = await Promise.all(placed.map((o) => db.select().from(orderItems).where(eq(orderItems.orderId, o.id))));
  const accounts = await db.select().from(users).where(eq(users.email, email));
  return { orders: placed, items: items.flat(), accounts };
}

/**
 * Shared by the Stripe tests: the server's settings pointed at the fake (and put back, so
 * other test files stay in invoice mode), and the requests a browser and Stripe would send,
 * made by calling the route handlers directly.
 */
import type { APIRoute } from 'astro';
import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDatabase } from '#server/db/index.ts';
import { orders, users } from '#server/db/schema.ts';
import { resetServerEnv } from '#server/env.ts';
import { callRoute } from '#server/http/testing/call-route.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { postCheckout } from '#features/checkout/handlers/post-checkout.ts';
import { launchOrder } from '#features/orders/admin/launch.server.ts';
import { postAccept } from '#features/subscriptions/handlers/subscription-actions.ts';
import { getCheckoutComplete } from '../handlers/checkout-complete.ts';
import { postStripeWebhook } from '../handlers/stripe-webhook.ts';
import { startStripeFake, type StripeFake } from './stripe-fake.ts';

export const TEST_SECRET_KEY = 'sk_test_palmetto_fake';
export const TEST_WEBHOOK_SECRET = 'whsec_test_palmetto_fake';

const KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL'] as const;
type StripeKey = (typeof KEYS)[number];

/** Sets (or, with undefined, removes) the Stripe settings; the returned function puts them back. */
export function setStripeEnv(values: Partial<Record<StripeKey, string | undefined>>): () => void {
  const saved = Object.fromEntries(KEYS.map((key) => [key, process.env[key]])) as Record<StripeKey, string | undefined>;
  const apply = (next: Partial<Record<StripeKey, string | undefined>>) => {
    for (const key of KEYS) {
      const value = next[key];
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetServerEnv();
  };
  apply(values);
  return () => apply(saved);
}

/** Stripe mode against `fake`. */
export const useFake = (fake: StripeFake) =>
  setStripeEnv({
    STRIPE_SECRET_KEY: TEST_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  });

/**
 * Stripe mode for the enclosing `describe` block (or file): the fake starts before its tests, the
 * settings point at it, and both are put back after. The fake only exists once `beforeAll` has
 * run, after the block's body, so the block gets a stand-in that forwards to it.
 */
export function stripeFakeForSuite(): StripeFake {
  let fake: StripeFake | undefined;
  let restore = () => {};
  beforeAll(async () => {
    fake = await startStripeFake();
    restore = useFake(fake);
  });
  afterAll(async () => {
    restore();
    await fake?.close();
  });
  return new Proxy({} as StripeFake, {
    get(_, key) {
      if (!fake) throw new Error('the Stripe fake is used before its suite started it');
      const value: unknown = Reflect.get(fake, key);
      return typeof value === 'function' ? value.bind(fake) : value;
    },
  });
}

let client = 0;
/** A fresh client address per request: checkout's rate limit is per address. */
const nextAddress = () => `203.0.113.${(++client % 250) + 1}`;

/** `handler` called with `request` as `user`, from a fresh address: its response. */
const call = async (
  handler: APIRoute,
  request: Request,
  user: SessionUser | null = null,
  params: Record<string, string> = {},
) => (await callRoute(handler, request, { user, params, ip: nextAddress() })).response;

export const uniqueEmail = () => `stripe-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
export const formKey = () => `k${crypto.randomUUID().replaceAll('-', '')}`;

export const checkoutBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ana Rivera',
  email: uniqueEmail(),
  phone: '(407) 555-0142',
  businessName: 'Rivera Plumbing',
  terms: true,
  idempotencyKey: formKey(),
  ...overrides,
});

/** POST /api/checkout as JSON (or as a plain form). */
export function postOrder(body: Record<string, unknown>, { form = false } = {}): Promise<Response> {
  const request = new Request('http://localhost:4321/api/checkout', {
    method: 'POST',
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: form
      ? new URLSearchParams(Object.entries(body).map(([k, v]) => [k, v === true ? 'on' : String(v)])).toString()
      : JSON.stringify(body),
  });
  return call(postCheckout, request);
}

/** Places an order through the real endpoint; Stripe's session id is in the redirect's fake URL. */
export async function placeOrder(fake: StripeFake, overrides: Record<string, unknown> = {}) {
  const body = checkoutBody(overrides);
  const res = await postOrder(body);
  if (res.status !== 201) throw new Error(`checkout answered ${res.status}: ${await res.text()}`);
  const { orderId, redirect } = (await res.json()) as { orderId: string; redirect: string };
  const sessionId = redirect.slice(`${fake.url}/pay/`.length);
  return { body, orderId, redirect, sessionId };
}

/** Stripe sending `event` to /api/stripe/webhook, signed with `secret`. */
export function deliver(
  fake: StripeFake,
  event: Record<string, unknown>,
  { secret = TEST_WEBHOOK_SECRET, signature }: { secret?: string; signature?: string | null } = {},
): Promise<Response> {
  const signed = fake.sign(event, secret);
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', 'user-agent': 'Stripe/1.0' });
  if (signature !== null) headers.set('stripe-signature', signature ?? signed.signature);
  const request = new Request('http://localhost:4321/api/stripe/webhook', {
    method: 'POST',
    headers,
    body: signed.payload,
  });
  return call(postStripeWebhook, request);
}

/** The customer's browser coming back from Stripe to the success URL. */
export function returnFromStripe(sessionId: string | null): Promise<Response> {
  const url = new URL('http://localhost:4321/checkout/complete');
  if (sessionId !== null) url.searchParams.set('session_id', sessionId);
  return call(getCheckoutComplete, new Request(url));
}

/** POST /api/account/subscriptions/{id}/accept as `user`: a plain form (303), or fetch (JSON). */
export function acceptOfferAs(user: SessionUser | null, id: string, { form = false } = {}): Promise<Response> {
  const request = new Request(`http://localhost:4321/api/account/subscriptions/${id}/accept`, {
    method: 'POST',
    headers: form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    body: form ? '' : null,
  });
  return call(postAccept, request, user, { id });
}

/** An admin marks `orderId`'s site launched (its plan starts), through the same code as the admin's form. */
export async function launchSite(orderId: string, now = Date.now()) {
  const database = await getDatabase();
  const admin = crypto.randomUUID();
  await database.db.insert(users).values({
    id: admin,
    name: 'Launching Admin',
    email: `launch-${admin}@example.com`,
    role: 'admin',
    status: 'active',
    createdAt: new Date(now),
    updatedAt: new Date(now),
  });
  const [order] = await database.db.select({ version: orders.version }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`no order ${orderId}`);
  return launchOrder(
    database,
    { orderId, version: order.version, liveUrl: 'https://rivera-plumbing.example', actorId: admin, ip: '203.0.113.9' },
    now,
  );
}

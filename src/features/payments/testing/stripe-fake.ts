/**
 * A small stand-in for the Stripe API endpoints we call, for tests (no stripe-mock here). The
 * real SDK talks to it through STRIPE_API_URL: form-encoded requests as the SDK sends them,
 * Stripe-shaped JSON back, Idempotency-Key honoured. Tests drive what the customer does on
 * Stripe's page (`completeSession`) and sign webhook events with the SDK's own test helper.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;

export interface FakeLineItem {
  name: string;
  quantity: number;
  unitAmount: number;
  currency: string;
  /** 'month' or 'year' for a recurring price; null for one-time. */
  interval: string | null;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment' | 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  client_reference_id: string | null;
  metadata: Record<string, string>;
  customer_email: string | null;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  created: number;
  expires_at: number;
  url: string | null;
  success_url: string;
  cancel_url: string | null;
  subscription: string | null;
  /** Set when a payment-mode session is paid; null otherwise (as at Stripe). */
  payment_intent: string | null;
  /** The customer Stripe made (customer_creation 'always'), once the session is complete. */
  customer: string | null;
  livemode: false;
}

/** A paid payment intent; `payment_method` is the card, saved to the customer when the session asked for it. */
export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  status: 'succeeded';
  customer: string | null;
  payment_method: string;
  setup_future_usage: string | null;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  status: string;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  created: number;
  /** Set for a subscription made through the API (a plan started at launch). */
  customer?: string;
  default_payment_method?: string | null;
  items: {
    object: 'list';
    data: FakeSubscriptionItem[];
  };
}

export interface FakeSubscriptionItem {
  id: string;
  object: 'subscription_item';
  current_period_start: number;
  current_period_end: number;
  /** The price billed from the next invoice on (Stripe creates one per inline price_data). */
  price: {
    id: string;
    object: 'price';
    product: string;
    currency: string;
    unit_amount: number;
    recurring: { interval: string } | null;
  };
}

export interface FakeRequest {
  method: string;
  path: string;
  /** The decoded form body (POST) or query (GET), nested as the SDK encoded it. */
  params: Json;
  idempotencyKey: string | null;
}

export interface StripeFake {
  /** For STRIPE_API_URL. */
  url: string;
  requests: FakeRequest[];
  sessions: Map<string, FakeSession>;
  subscriptions: Map<string, FakeSubscription>;
  lineItems: Map<string, FakeLineItem[]>;
  refunds: Map<string, FakeRefund>;
  paymentIntents: Map<string, FakePaymentIntent>;
  /** Products made through the API (a plan's, at launch). */
  products: Map<string, { id: string; name: string }>;
  /** From now on a subscription made through the API starts 'incomplete': its first charge was declined. */
  declinePlanCharges(decline?: boolean): void;
  /** The customer finishes on Stripe's page: paid by card, or a bank debit still processing ('unpaid'). */
  completeSession(id: string, options?: { paymentStatus?: 'paid' | 'unpaid'; periodEnd?: number }): FakeSession;
  expireSession(id: string): FakeSession;
  /** A Stripe event as its webhook would carry it. */
  event(type: string, object: unknown, options?: { id?: string; created?: number }): Json;
  /** An invoice of `subscriptionId` for one period ending at `periodEnd` (Unix seconds). */
  invoice(
    subscriptionId: string,
    options?: { periodEnd?: number; status?: string; billingReason?: string; amountPaid?: number },
  ): Json;
  /** The body and Stripe-Signature header of a webhook delivery. */
  sign(event: Json, secret: string): { payload: string; signature: string };
  close(): Promise<void>;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const randomPart = () => crypto.randomUUID().replaceAll('-', '').slice(0, 24);
const DAY = 24 * 60 * 60;

/** 'a[b][0][c]=1' → { a: { b: [{ c: '1' }] } }, the SDK's encoding of nested params. */
export function decodeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const head = key.includes('[') ? key.slice(0, key.indexOf('[')) : key;
    const path = [head, ...[...key.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '')];
    let node: Json = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = path[index + 1] ?? '';
      node[part] ??= /^\d+$/.test(next) ? [] : {};
      // Arrays take numeric keys like objects do: treat both as records while building.
      node = node[part] as Json;
    });
  }
  return root;
}

const record = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const strings = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(record(value)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );

class FakeError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | undefined;

  constructor(status: number, message: string, type = 'invalid_request_error', code?: string) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
  }
}

function lineItemsOf(params: Json): FakeLineItem[] {
  const items = list(params.line_items).map((raw, index) => {
    const line = record(raw);
    const price = record(line.price_data);
    const quantity = Number(line.quantity ?? 1);
    const unitAmount = Number(price.unit_amount);
    const name = text(record(price.product_data).name);
    const currency = text(price.currency);
    if (!Number.isInteger(quantity) || quantity < 1) throw new FakeError(400, `line_items[${index}][quantity] invalid`);
    if (!Number.isInteger(unitAmount) || unitAmount < 0) {
      throw new FakeError(400, `line_items[${index}][price_data][unit_amount] invalid`);
    }
    if (!name || !currency) throw new FakeError(400, `line_items[${index}][price_data] incomplete`);
    return { name, quantity, unitAmount, currency, interval: text(record(price.recurring).interval) };
  });
  if (items.length === 0) throw new FakeError(400, 'line_items is required');
  return items;
}

export async function startStripeFake(): Promise<StripeFake> {
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const lineItems = new Map<string, FakeLineItem[]>();
  const subscriptionMetadata = new Map<string, Record<string, string>>();
  const refunds = new Map<string, FakeRefund>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const products = new Map<string, { id: string; name: string }>();
  let declineCharges = false;
  /** What a payment-mode session asked of its payment intent (setup_future_usage) and whether it makes a customer. */
  const sessionAsks = new Map<string, { setupFutureUsage: string | null; customerCreation: string | null }>();
  const replies = new Map<string, { request: string; status: number; body: unknown }>();
  const requests: FakeRequest[] = [];
  let origin = '';

  const sessionOrThrow = (id: string) => {
    const session = sessions.get(id);
    if (!session)
      throw new FakeError(404, `No such checkout.session: '${id}'`, 'invalid_request_error', 'resource_missing');
    return session;
  };
  const subscriptionOrThrow = (id: string) => {
    const subscription = subscriptions.get(id);
    if (!subscription)
      throw new FakeError(404, `No such subscription: '${id}'`, 'invalid_request_error', 'resource_missing');
    return subscription;
  };
  const expanded = (session: FakeSession, params: Json) => {
    const expand = list(params.expand);
    return {
      ...session,
      ...(expand.includes('subscription') && session.subscription
        ? { subscription: subscriptions.get(session.subscription) ?? session.subscription }
        : {}),
      ...(expand.includes('payment_intent') && session.payment_intent
        ? { payment_intent: paymentIntents.get(session.payment_intent) ?? session.payment_intent }
        : {}),
    };
  };

  function createSession(params: Json): FakeSession {
    const mode = text(params.mode);
    if (mode !== 'payment' && mode !== 'subscription') throw new FakeError(400, 'mode must be payment or subscription');
    const successUrl = text(params.success_url);
    if (!successUrl) throw new FakeError(400, 'success_url is required');
    const items = lineItemsOf(params);
    const recurring = items.some((item) => item.interval);
    if (mode === 'payment' && recurring) throw new FakeError(400, 'recurring prices need mode=subscription');
    if (mode === 'subscription' && !recurring) throw new FakeError(400, 'mode=subscription needs a recurring price');
    const currencies = new Set(items.map((item) => item.currency));
    if (currencies.size !== 1) throw new FakeError(400, 'all line items must share a currency');
    const amount = items.reduce((sum, item) => sum + item.quantity * item.unitAmount, 0);
    const id = `cs_test_${randomPart()}`;
    const created = nowSeconds();
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: text(params.client_reference_id),
      metadata: strings(params.metadata),
      customer_email: text(params.customer_email),
      amount_subtotal: amount,
      amount_total: amount,
      currency: [...currencies][0] ?? 'usd',
      created,
      expires_at: created + DAY,
      url: `${origin}/pay/${id}`,
      success_url: successUrl,
      cancel_url: text(params.cancel_url),
      subscription: null,
      payment_intent: null,
      customer: null,
      livemode: false,
    };
    const intentData = record(params.payment_intent_data);
    const setupFutureUsage = text(intentData.setup_future_usage);
    const customerCreation = text(params.customer_creation);
    if (mode === 'subscription' && (setupFutureUsage || customerCreation)) {
      throw new FakeError(400, 'payment_intent_data and customer_creation are for mode=payment');
    }
    sessionAsks.set(id, { setupFutureUsage, customerCreation });
    sessions.set(id, session);
    lineItems.set(id, items);
    subscriptionMetadata.set(id, strings(record(params.subscription_data).metadata));
    return session;
  }

  /** A subscription made through the API: it charges the customer's saved card for the first period now. */
  function createSubscription(params: Json): FakeSubscription {
    const customer = text(params.customer);
    const method = text(params.default_payment_method);
    if (!customer) throw new FakeError(400, 'customer is required');
    const saved = [...paymentIntents.values()].find(
      (intent) => intent.customer === customer && intent.payment_method === method && intent.setup_future_usage,
    );
    if (!method || !saved) {
      throw new FakeError(400, `No saved payment method ${method ?? ''} for customer ${customer}`, 'card_error');
    }
    const [raw] = list(params.items);
    const priceData = record(record(raw).price_data);
    const product = text(priceData.product);
    const unitAmount = Number(priceData.unit_amount);
    const interval = text(record(priceData.recurring).interval);
    if (!product || !products.has(product)) throw new FakeError(400, `No such product: '${product ?? ''}'`);
    if (!Number.isInteger(unitAmount) || !interval) throw new FakeError(400, 'items[0][price_data] incomplete');
    const now = nowSeconds();
    const subscription: FakeSubscription = {
      id: `sub_test_${randomPart()}`,
      object: 'subscription',
      status: declineCharges ? 'incomplete' : 'active',
      cancel_at: null,
      cancel_at_period_end: false,
      metadata: strings(params.metadata),
      created: now,
      customer,
      default_payment_method: method,
      items: {
        object: 'list',
        data: [
          {
            id: `si_test_${randomPart()}`,
            object: 'subscription_item',
            current_period_start: now,
            current_period_end: now + 30 * DAY,
            price: {
              id: `price_test_${randomPart()}`,
              object: 'price',
              product,
              currency: text(priceData.currency) ?? 'usd',
              unit_amount: unitAmount,
              recurring: { interval },
            },
          },
        ],
      },
    };
    subscriptions.set(subscription.id, subscription);
    return { ...subscription };
  }

  function updateSubscription(id: string, params: Json): FakeSubscription {
    const subscription = subscriptionOrThrow(id);
    if ('cancel_at' in params) {
      // The SDK sends '' (or null, encoded as '') to clear it.
      const value = text(params.cancel_at) ?? '';
      subscription.cancel_at = value === '' ? null : Number(value);
      if (subscription.cancel_at !== null && !Number.isInteger(subscription.cancel_at)) {
        throw new FakeError(400, 'cancel_at must be a Unix timestamp');
      }
    }
    if ('metadata' in params) subscription.metadata = { ...subscription.metadata, ...strings(params.metadata) };
    for (const [index, raw] of list(params.items).entries()) {
      const change = record(raw);
      const item = subscription.items.data.find((i) => i.id === text(change.id));
      if (!item) throw new FakeError(400, `items[${index}][id] is not an item of ${id}`);
      const priceData = record(change.price_data);
      const unitAmount = Number(priceData.unit_amount);
      const product = text(priceData.product);
      const currency = text(priceData.currency);
      if (!product || !currency || !Number.isInteger(unitAmount) || unitAmount < 0) {
        throw new FakeError(400, `items[${index}][price_data] needs product, currency and unit_amount`);
      }
      const interval = text(record(priceData.recurring).interval);
      if (!interval) throw new FakeError(400, `items[${index}][price_data][recurring][interval] is required`);
      item.price = {
        id: `price_test_${randomPart()}`,
        object: 'price',
        product,
        currency,
        unit_amount: unitAmount,
        recurring: { interval },
      };
    }
    return { ...subscription };
  }

  /**
   * A refund of a paid session's payment intent: `amount` cents, or (none given) what the charge
   * has left; as Stripe, more than is left is refused, and so is a refund of a charge refunded in full.
   */
  function createRefund(params: Json): FakeRefund {
    const intent = text(params.payment_intent);
    const session = [...sessions.values()].find((s) => intent && s.payment_intent === intent);
    if (!intent || !session) {
      throw new FakeError(
        404,
        `No such payment_intent: '${intent ?? ''}'`,
        'invalid_request_error',
        'resource_missing',
      );
    }
    const refunded = [...refunds.values()]
      .filter((r) => r.payment_intent === intent)
      .reduce((sum, r) => sum + r.amount, 0);
    const left = session.amount_total - refunded;
    if (left <= 0) {
      throw new FakeError(400, 'Charge has already been refunded.', 'invalid_request_error', 'charge_already_refunded');
    }
    const asked = params.amount === undefined ? left : Number(text(params.amount));
    if (!Number.isInteger(asked) || asked <= 0 || asked > left) {
      throw new FakeError(
        400,
        `Refund amount ($${(asked / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        'invalid_request_error',
        'amount_too_large',
      );
    }
    const refund: FakeRefund = {
      id: `re_test_${randomPart()}`,
      object: 'refund',
      amount: asked,
      currency: session.currency,
      payment_intent: intent,
      status: 'succeeded',
      metadata: strings(params.metadata),
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  function route(method: string, path: string, params: Json): unknown {
    const idIn = (pattern: RegExp) => {
      const found = pattern.exec(path)?.[1];
      return found === undefined ? null : decodeURIComponent(found);
    };
    const sessionId = idIn(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    const subscriptionId = idIn(/^\/v1\/subscriptions\/([^/]+)$/);
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(params);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params);
    if (method === 'POST' && path === '/v1/subscriptions') return createSubscription(params);
    if (method === 'POST' && path === '/v1/products') {
      const name = text(params.name);
      if (!name) throw new FakeError(400, 'name is required');
      const product = { id: `prod_test_${randomPart()}`, object: 'product', name };
      products.set(product.id, product);
      return product;
    }
    if (method === 'GET' && sessionId) return expanded(sessionOrThrow(sessionId), params);
    if (method === 'POST' && subscriptionId) return updateSubscription(subscriptionId, params);
    if (method === 'DELETE' && subscriptionId) {
      const subscription = subscriptionOrThrow(subscriptionId);
      subscription.status = 'canceled';
      return { ...subscription };
    }
    if (method === 'GET' && subscriptionId) return { ...subscriptionOrThrow(subscriptionId) };
    throw new FakeError(404, `Unrecognized request URL (${method}: ${path})`);
  }

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${randomPart()}`, ...headers });
    res.end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', origin);
    const method = req.method ?? 'GET';
    if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_')) {
      send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }
    const params = decodeForm(method === 'GET' ? url.search.slice(1) : body);
    const idempotencyKey = text(req.headers['idempotency-key']) ?? null;
    requests.push({ method, path: url.pathname, params, idempotencyKey });

    const replayKey = method === 'POST' && idempotencyKey ? `${idempotencyKey}` : null;
    const earlier = replayKey ? replies.get(replayKey) : undefined;
    if (earlier) {
      // Stripe answers a reused key with the first answer, and refuses it for different parameters.
      if (earlier.request !== `${url.pathname}?${body}`) {
        send(res, 400, {
          error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used once' },
        });
        return;
      }
      send(res, earlier.status, earlier.body, { 'Idempotent-Replayed': 'true' });
      return;
    }
    let status = 200;
    let answer: unknown;
    try {
      answer = route(method, url.pathname, params);
    } catch (error) {
      if (!(error instanceof FakeError)) throw error;
      status = error.status;
      answer = { error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}) } };
    }
    if (replayKey) replies.set(replayKey, { request: `${url.pathname}?${body}`, status, body: answer });
    send(res, status, answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      send(res, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    requests,
    sessions,
    subscriptions,
    lineItems,
    refunds,
    paymentIntents,
    products,
    declinePlanCharges(decline = true) {
      declineCharges = decline;
    },
    completeSession(id, { paymentStatus = 'paid', periodEnd } = {}) {
      const session = sessionOrThrow(id);
      session.status = 'complete';
      session.payment_status = paymentStatus;
      session.url = null;
      const asks = sessionAsks.get(id);
      if (session.mode === 'payment' && asks?.customerCreation === 'always')
        session.customer ??= `cus_test_${randomPart()}`;
      if (session.mode === 'payment' && paymentStatus === 'paid' && !session.payment_intent) {
        const intent: FakePaymentIntent = {
          id: `pi_test_${randomPart()}`,
          object: 'payment_intent',
          status: 'succeeded',
          customer: session.customer,
          payment_method: `pm_test_${randomPart()}`,
          setup_future_usage: asks?.setupFutureUsage ?? null,
        };
        paymentIntents.set(intent.id, intent);
        session.payment_intent = intent.id;
      }
      if (session.mode === 'subscription' && !session.subscription) {
        const now = nowSeconds();
        const recurringLine = lineItems.get(id)?.find((item) => item.interval);
        const subscription: FakeSubscription = {
          id: `sub_test_${randomPart()}`,
          object: 'subscription',
          status: paymentStatus === 'paid' ? 'active' : 'incomplete',
          cancel_at: null,
          cancel_at_period_end: false,
          metadata: subscriptionMetadata.get(id) ?? {},
          created: now,
          items: {
            object: 'list',
            data: [
              {
                id: `si_test_${randomPart()}`,
                object: 'subscription_item',
                current_period_start: now,
                current_period_end: periodEnd ?? now + 30 * DAY,
                price: {
                  id: `price_test_${randomPart()}`,
                  object: 'price',
                  // Inline product_data becomes a product of its own at Stripe.
                  product: `prod_test_${randomPart()}`,
                  currency: session.currency,
                  unit_amount: recurringLine?.unitAmount ?? session.amount_total,
                  recurring: { interval: recurringLine?.interval ?? 'month' },
                },
              },
            ],
          },
        };
        subscriptions.set(subscription.id, subscription);
        session.subscription = subscription.id;
      }
      return { ...session };
    },
    expireSession(id) {
      const session = sessionOrThrow(id);
      session.status = 'expired';
      session.url = null;
      return { ...session };
    },
    event(type, object, { id = `evt_test_${randomPart()}`, created = nowSeconds() } = {}) {
      return {
        id,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created,
        type,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      };
    },
    invoice(subscriptionId, { periodEnd, status = 'paid', billingReason = 'subscription_cycle', amountPaid } = {}) {
      const subscription = subscriptionOrThrow(subscriptionId);
      const end = periodEnd ?? (subscription.items.data[0]?.current_period_end ?? nowSeconds()) + 30 * DAY;
      const price = subscription.items.data[0]?.price;
      return {
        id: `in_test_${randomPart()}`,
        object: 'invoice',
        status,
        billing_reason: billingReason,
        currency: price?.currency ?? 'usd',
        amount_due: price?.unit_amount ?? 0,
        amount_paid: status === 'paid' ? (amountPaid ?? price?.unit_amount ?? 0) : 0,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: subscriptionId, metadata: subscription.metadata },
        },
        lines: { object: 'list', data: [{ id: `il_test_${randomPart()}`, period: { start: end - 30 * DAY, end } }] },
      };
    },
    sign(event, secret) {
      const payload = JSON.stringify(event);
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

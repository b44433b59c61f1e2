/**
 * GET /metrics: Prometheus text format from one prom-client Registry of our own (never the
 * global default, so each app and each test has a fresh one). Request counts and latency come
 * from the host's log hook (app.ts); the write queue, outbox, rate limits and sign-in report
 * through src/server/signals.ts; the outbox backlog and orders by status are read from the
 * database when scraped. docs/operations.md: Health and metrics.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/index.ts';
import { ORDER_STATUSES, orders, outbox } from '../db/schema.ts';
import { clusterMetrics } from '../cluster.ts';
import { setSignalSink, type Signals } from '../signals.ts';
import { outboxDueNow } from './health.ts';

/** Who may read /metrics: a bearer token, or one of these client addresses (request.ip). */
export interface MetricsAccess {
  token?: string | undefined;
  allow: readonly string[];
}

/** Orders by status is a grouped count over an index: cheap, but a scrape every second needn't repeat it. */
const ORDERS_CACHE_MS = 5_000;
/** Route labels kept before the rest are counted as one, so odd URLs cannot grow the series without bound. */
const MAX_ROUTES = 200;
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The label of a request Astro answered: its path with ids replaced, one label for everything not found. */
export function routeOfPath(path: string, status: number): string {
  if (status === 404) return '(not found)';
  const segments = path
    .split('?')[0]!
    .split('/')
    .map((segment) =>
      // Our ids (randomId: 26 characters), numbers, and anything long enough to be a key or token.
      /^\d+$/.test(segment) || /^[a-km-z2-9]{26}$/.test(segment) || segment.length >= 24 ? ':id' : segment,
    );
  return segments.join('/') || '/';
}

export interface Metrics {
  registry: Registry;
  /** Counts one answered request. */
  observeRequest: (route: string, method: string, status: number, seconds: number) => void;
  /** The sink for src/server/signals.ts. */
  signals: Signals;
}

export function createMetrics({
  db,
  now = () => Date.now(),
  defaultMetrics = true,
}: {
  /** The database the scrape-time gauges read. */
  db: Db;
  now?: () => number;
  /** Node's process metrics (CPU, memory, event loop lag, handles). */
  defaultMetrics?: boolean;
}): Metrics {
  const registry = new Registry();
  if (defaultMetrics) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route, method and status class.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the last byte of the answer, by route and method.',
    labelNames: ['route', 'method'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const queueDepth = new Gauge({
    name: 'write_queue_depth',
    help: 'Write-queue units waiting for or inside a commit.',
    registers: [registry],
  });
  const commitLatency = new Histogram({
    name: 'write_queue_commit_duration_seconds',
    help: 'Time of one write-queue commit (a group of units or one transaction), by outcome.',
    labelNames: ['outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const mailFailures = new Counter({
    name: 'outbox_delivery_failures_total',
    help: 'Mail delivery attempts that failed (each is retried with backoff).',
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused by a rate limit, by limit.',
    labelNames: ['rule'] as const,
    registers: [registry],
  });
  const signInFailures = new Counter({
    name: 'sign_in_failures_total',
    help: 'Sign-ins refused for a wrong password or an unknown e-mail.',
    registers: [registry],
  });

  let ordersReadAt = -Infinity;
  // The scrape-time gauges share one read per scrape, so one failure marks database_up once.
  let scrape: Promise<void> | undefined;
  const collect = async () => {
    scrape ??= readDatabase().finally(() => {
      scrape = undefined;
    });
    await scrape;
  };
  const databaseUp = new Gauge({
    name: 'database_up',
    help: '1 when the database answered the queries of the last scrape, 0 when it failed them.',
    registers: [registry],
    // Several processes (WEB_CONCURRENCY): down when any of them could not read it.
    aggregator: 'min',
    collect,
  });
  const outboxPending = new Gauge({
    name: 'outbox_pending_messages',
    help: 'Mail not yet delivered (due now or waiting for a retry).',
    registers: [registry],
    // Read from the shared database: every process reads the same figure.
    aggregator: 'first',
    collect,
  });
  const outboxDue = new Gauge({
    name: 'outbox_due_messages',
    help: 'Mail due for delivery now.',
    registers: [registry],
    // Read from the shared database: every process reads the same figure.
    aggregator: 'first',
    collect,
  });
  const outboxOldestDue = new Gauge({
    name: 'outbox_oldest_due_seconds',
    help: 'How long the oldest mail due for delivery has waited (0 when none).',
    registers: [registry],
    // Read from the shared database: every process reads the same figure.
    aggregator: 'first',
    collect,
  });
  const ordersByStatus = new Gauge({
    name: 'orders_by_status',
    help: 'Orders in each status.',
    labelNames: ['status'] as const,
    registers: [registry],
    // Read from the shared database: every process reads the same figure.
    aggregator: 'first',
    collect,
  });

  async function readDatabase() {
    try {
      const at = now();
      const [pending] = await db.select({ n: count() }).from(outbox).where(eq(outbox.status, 'pending'));
      const due = await outboxDueNow(db, at);
      outboxPending.set(pending?.n ?? 0);
      outboxDue.set(due.count);
      outboxOldestDue.set(due.oldestSeconds);
      if (at - ordersReadAt >= ORDERS_CACHE_MS) {
        const rows = await db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status);
        const counts = new Map(rows.map((row) => [row.status, row.n]));
        for (const status of ORDER_STATUSES) ordersByStatus.set({ status }, counts.get(status) ?? 0);
        ordersReadAt = at;
      }
      databaseUp.set(1);
    } catch {
      // The last values stay; database_up says they are stale, and /healthz gives the reason.
      databaseUp.set(0);
    }
  }

  const seenRoutes = new Set<string>();
  return {
    registry,
    observeRequest(route, method, status, seconds) {
      if (!seenRoutes.has(route)) {
        if (seenRoutes.size >= MAX_ROUTES) route = '(other)';
        else seenRoutes.add(route);
      }
      const verb = METHODS.has(method) ? method : 'OTHER';
      requests.inc({ route, method: verb, status: `${Math.floor(status / 100)}xx` });
      latency.observe({ route, method: verb }, seconds);
    },
    signals: {
      writeQueueDepth: (change) => queueDepth.inc(change),
      commit: (seconds, ok) => commitLatency.observe({ outcome: ok ? 'committed' : 'failed' }, seconds),
      mailFailure: () => mailFailures.inc(),
      rateLimitRefusal: (rule) => refusals.inc({ rule }),
      signInFailure: () => signInFailures.inc(),
    },
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * May this request read /metrics? With the token (compared in constant time), always.
 * Without it, only from an allowed address, and never when the request came through a proxy
 * we were not told to trust (`proxied`): its socket address is the proxy's, often 127.0.0.1,
 * and would let every visitor in. With TRUST_PROXY, request.ip is the visitor's own address.
 */
export function mayReadMetrics(request: FastifyRequest, access: MetricsAccess, proxied: boolean): boolean {
  const header = request.headers.authorization;
  if (access.token && typeof header === 'string' && header.startsWith('Bearer ')) {
    // Equal-length digests: timingSafeEqual then leaks neither the token nor its length.
    if (timingSafeEqual(digest(header.slice('Bearer '.length).trim()), digest(access.token))) return true;
  }
  return !proxied && access.allow.includes(request.ip);
}

/**
 * Registers GET /metrics and installs the signal sink for this process. Refused requests get
 * exactly what an unknown path gets (the not-found page), so the endpoint's existence is not
 * revealed.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  access: MetricsAccess,
  isProxied: (request: FastifyRequest) => boolean,
) {
  setSignalSink(metrics.signals);
  app.addHook('onClose', async () => setSignalSink(undefined));
  // In a cluster, the figures of every process on the machine, added up.
  const gather = clusterMetrics(metrics.registry) ?? (() => metrics.registry.metrics());
  app.get('/metrics', async (request, reply) => {
    if (!mayReadMetrics(request, access, isProxied(request))) return reply.callNotFound();
    const body = await gather();
    return reply
      .code(200)
      .headers({ 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' })
      .send(body);
  });
}

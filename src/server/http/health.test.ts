import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { appDatabase } from '../db/index.ts';
import { outbox } from '../db/schema.ts';
import { tempDatabase } from '../db/temp-database.ts';
import { buildApp, type OperationsOptions } from './app.ts';
import { createMetrics } from './metrics.ts';

const MINUTE = 60_000;

function fakeDist() {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'client'), { recursive: true });
  writeFileSync(join(dist, 'client', 'index.html'), '<!doctype html><title>Home</title><p>Home</p>');
  writeFileSync(join(dist, 'client', '404.html'), '<!doctype html><title>Not found</title><p>Not found</p>');
  writeFileSync(join(dist, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

const env = (outboxStuckAfterMs: number | undefined): OperationsOptions['env'] => ({
  METRICS_TOKEN: undefined,
  METRICS_ALLOW: ['127.0.0.1'],
  OUTBOX_STUCK_AFTER: outboxStuckAfterMs,
});

const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
async function app(database: OperationsOptions['database'], outboxStuckAfter: number | 'off' = 15 * MINUTE) {
  const built = await buildApp({
    distDir: fakeDist(),
    logger: false,
    astroHandler: (_req, _res, next) => next?.(),
    operations: {
      database,
      env: env(outboxStuckAfter === 'off' ? undefined : outboxStuckAfter),
      metrics: createMetrics({ db: database.db, defaultMetrics: false }),
    },
  });
  apps.push(built);
  return built;
}
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});

describe('GET /healthz with a working database', () => {
  let temp: Awaited<ReturnType<typeof tempDatabase>>;
  beforeAll(async () => {
    temp = await tempDatabase();
  });
  afterAll(() => temp.cleanup());

  const mail = (id: string, nextAttemptAt: Date, status: 'pending' | 'logged' = 'pending') =>
    temp.database.db.insert(outbox).values({
      id,
      kind: 'test',
      to: 'someone@example.com',
      subject: 'Test',
      text: '',
      html: '',
      status,
      nextAttemptAt,
      createdAt: nextAttemptAt,
    });

  it('answers 200 with the outbox state, never cached', async () => {
    const res = await (await app(temp.database)).inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.json()).toEqual({ status: 'ok', database: 'reachable', outbox: { due: 0, oldestDueSeconds: 0 } });
  });

  it('mail due for less than the threshold, or delivered long ago, is not a problem', async () => {
    await mail('recent', new Date(Date.now() - 2 * MINUTE));
    await mail('delivered', new Date(Date.now() - 60 * MINUTE), 'logged');
    await mail('later', new Date(Date.now() + 60 * MINUTE));
    const res = await (await app(temp.database)).inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().outbox.due).toBe(1);
    expect(res.json().outbox.oldestDueSeconds).toBeGreaterThanOrEqual(119);
  });

  it('answers 503 with a reason when the oldest due mail has waited past OUTBOX_STUCK_AFTER', async () => {
    await mail('stuck', new Date(Date.now() - 20 * MINUTE));
    const res = await (await app(temp.database)).inject({ url: '/healthz' });
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body).toMatchObject({ status: 'unavailable', database: 'reachable', outbox: { due: 2 } });
    expect(body.reason).toMatch(
      /^The outbox is stuck: the oldest mail due for delivery has waited 1[12]\d\d s \(limit 900 s\)$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');

    // OUTBOX_STUCK_AFTER=off: the outbox never fails the check.
    const lenient = await (await app(temp.database, 'off')).inject({ url: '/healthz' });
    expect(lenient.statusCode).toBe(200);
  });
});

describe('GET /healthz with the database down', () => {
  const servers: Server[] = [];
  afterAll(() => {
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
  });

  /** A libSQL "server" on 127.0.0.1 that accepts connections and never answers. */
  async function hangingServer() {
    const server = createServer(() => {});
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  /** A port nothing listens on: connections are refused. */
  async function closedPort() {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return `http://127.0.0.1:${port}`;
  }

  it('answers 503 when the database refuses connections, and static files are still served', async () => {
    const database = appDatabase(await openDatabase(await closedPort()));
    const server = await app(database);
    const res = await server.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'unavailable',
      reason: 'The database did not answer',
      database: 'unreachable',
    });
    expect((await server.inject({ url: '/' })).statusCode).toBe(200);
    expect((await server.inject({ url: '/favicon.svg' })).statusCode).toBe(200);
  });

  it('answers 503 within its deadline when the database never answers', async () => {
    const database = appDatabase(await openDatabase(await hangingServer()));
    const res = await (await app(database)).inject({ url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().reason).toBe('The database did not answer');
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, DEFAULT_LIMITS, type AppOptions, type ConnectionLimits, type LargeBodyRoute } from './app.ts';
import { bodyDeadline } from './body-rate.ts';

/** The intake upload route (its own 10 MB body cap) and an ordinary form route (100 KB). */
const UPLOAD_PATH = '/api/account/intake/order-1/files';
const FORM_PATH = '/api/contact';
/** A large-body route that refuses after its first chunk (a message whose photo is over the cap). */
const STOPS_READING_PATH = '/api/account/orders/order-1/messages';
/** The upload route as the composition root names it to the host (src/main.ts). */
const UPLOAD_ROUTE: LargeBodyRoute = {
  matches: (method, url) => method === 'POST' && (url === UPLOAD_PATH || url === STOPS_READING_PATH),
  maxBytes: 10 * 1024 * 1024 + 256 * 1024,
};

/**
 * Stands in for Astro's handler: reads the body the host hands it (req.body, as Astro's request
 * builder does) and answers how many bytes arrived; /api/early answers before reading anything.
 */
const reader: AppOptions['astroHandler'] = (req, res, next) => {
  if (req.url === '/api/early') {
    res.writeHead(403, { 'Content-Type': 'application/json' });
    res.end('{"error":"refused"}');
    return;
  }
  if (req.url === STOPS_READING_PATH) {
    // As a file-size check does: read the first chunk, stop, refuse. Leaving the loop early makes
    // Node's iterator destroy the request, which sets req.socket to null (streams/destroy.js).
    const body = (req as IncomingMessage & { body: AsyncIterable<Uint8Array> }).body;
    void (async () => {
      for await (const _chunk of body) break;
      res.writeHead(413, { 'Content-Type': 'application/json', Connection: 'close' });
      res.end('{"error":"too large"}');
    })();
    return;
  }
  if (req.url !== UPLOAD_PATH && req.url !== FORM_PATH) return next?.();
  const body = (req as IncomingMessage & { body: AsyncIterable<Uint8Array> }).body;
  void (async () => {
    let received = 0;
    try {
      for await (const chunk of body) received += chunk.byteLength;
    } catch {
      return; // cut: the host answers
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ received }));
  })();
};

const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close().catch(() => {});
});

/** The real host on 127.0.0.1 with `limits`, and a raw client that records what it gets and when it is closed. */
async function serve(limits: Partial<ConnectionLimits> = {}) {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'client'), { recursive: true });
  writeFileSync(join(dist, 'client', '404.html'), '<!doctype html><title>Not found</title>');
  const app = await buildApp({
    distDir: dist,
    logger: false,
    astroHandler: reader,
    limits,
    largeBodies: [UPLOAD_ROUTE],
  });
  apps.push(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return async (head: string) => {
    const socket: Socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const started = Date.now();
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', () => {});
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
    socket.write(head);
    return { socket, closed, received: () => received, started };
  };
}

const post = (path: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: ${length}\r\n\r\n`;

/** Writes `total` bytes in `chunk`-byte pieces every `everyMs` until done or the socket closes. */
function stream(socket: Socket, total: number, chunk: number, everyMs: number) {
  const started = Date.now();
  let sent = 0;
  /** [ms since the start, bytes written by then] after each write. */
  const writes: [number, number][] = [];
  const timer = setInterval(() => {
    if (socket.destroyed || sent >= total) return clearInterval(timer);
    const size = Math.min(chunk, total - sent);
    socket.write(Buffer.alloc(size, 97));
    sent += size;
    writes.push([Date.now() - started, sent]);
  }, everyMs);
  /** Bytes written within the first `ms` (on a starved machine, fewer than the rate says). */
  const sentWithin = (ms: number) => writes.filter(([at]) => at <= ms).at(-1)?.[1] ?? 0;
  return { stop: () => clearInterval(timer), sent: () => sent, sentWithin };
}

describe('the minimum body rate (mod_reqtimeout: 20 s, plus 1 s per 500 bytes received)', () => {
  it('is the rule by default, with a request ceiling far above a 10 MB photo at 100 KB/s', () => {
    const rule = { graceMs: DEFAULT_LIMITS.bodyGraceMs, bytesPerSecond: DEFAULT_LIMITS.bodyMinBytesPerSecond };
    expect(rule).toEqual({ graceMs: 20_000, bytesPerSecond: 500 });
    expect(bodyDeadline(rule, 0, 0)).toBe(20_000);
    expect(bodyDeadline(rule, 0, 500)).toBe(21_000);
    // A trickle of 1 byte per 5 s: after n bytes (5n s) its deadline is 20 s + 2n ms, passed at the 4th byte.
    expect(bodyDeadline(rule, 0, 4)).toBeLessThan(20 * 1000 + 10);
    // 10 MB at 100 KB/s: every moment of the upload is far inside its deadline.
    const photo = 10 * 1024 * 1024;
    const seconds = photo / (100 * 1024);
    for (let t = 1; t <= seconds; t += 1) expect(bodyDeadline(rule, 0, t * 100 * 1024)).toBeGreaterThan(t * 1000);
    expect(DEFAULT_LIMITS.requestTimeoutMs).toBeGreaterThan(seconds * 1000 * 2);
  });

  it('cuts a body trickled at 1 byte every 5 s with a 408 within 30 s (default limits; takes about 21 s)', async () => {
    const client = await (await serve())(post(FORM_PATH, 1000));
    const trickle = stream(client.socket, 1000, 1, 5000);
    const after = await client.closed;
    trickle.stop();
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(client.received()).toContain('{"error":"The request took too long"}');
    expect(after).toBeGreaterThanOrEqual(19_000);
    expect(after).toBeLessThan(30_000);
  }, 35_000);

  describe('at scale (2 s to start, 500 B/s)', () => {
    const scaled = { bodyGraceMs: 2000, bodyMinBytesPerSecond: 500 };

    it('cuts a trickle on the upload route and on a form route, with a 408', async () => {
      const open = await serve(scaled);
      for (const path of [UPLOAD_PATH, FORM_PATH]) {
        const client = await open(post(path, 50_000));
        // 300 B/s, below the minimum: its deadline (2 s + 0.6 s per second sent) passes at about 5 s.
        const trickle = stream(client.socket, 50_000, 30, 100);
        const after = await client.closed;
        trickle.stop();
        expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
        // Not before the grace plus the credit earned by what was sent within the grace: the bound
        // follows the bytes actually written (a starved machine writes fewer), not the clock.
        const rule = { graceMs: scaled.bodyGraceMs, bytesPerSecond: scaled.bodyMinBytesPerSecond };
        expect(after).toBeGreaterThan(bodyDeadline(rule, 0, trickle.sentWithin(rule.graceMs)) - 100);
        expect(after).toBeLessThan(15_000);
      }
    }, 60_000);

    it('lets a steady upload faster than the minimum complete, however long it takes', async () => {
      const open = await serve(scaled);
      // 2 KB/s (4 times the minimum) for 8 s: four times the grace period.
      const total = 16_000;
      const client = await open(post(UPLOAD_PATH, total));
      const upload = stream(client.socket, total, 200, 100);
      // Until the whole response has arrived (or the connection is cut).
      await new Promise<void>((resolve) => {
        const answered = () => {
          const [head, body] = client.received().split('\r\n\r\n', 2);
          const length = Number(/content-length: *(\d+)/i.exec(head ?? '')?.[1] ?? 0);
          if (body !== undefined && Buffer.byteLength(body) >= length) resolve();
        };
        client.socket.on('data', answered);
        client.socket.once('close', () => resolve());
        answered();
      });
      upload.stop();
      expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
      expect(client.received()).toContain(`{"received":${total}}`);
      expect(Date.now() - client.started).toBeGreaterThan(7000);
      client.socket.destroy();
    }, 20_000);

    it('closes a connection whose body keeps trickling after the route answered', async () => {
      const open = await serve(scaled);
      const client = await open(post('/api/early', 50_000));
      const trickle = stream(client.socket, 50_000, 1, 200);
      const after = await client.closed;
      trickle.stop();
      expect(client.received()).toMatch(/^HTTP\/1\.1 403 /);
      expect(after).toBeLessThan(5000);
    }, 20_000);
  });
});

describe('a route that stops reading a body it refuses', () => {
  it('answers, and the server outlives the request (a 20 MB photo on a message crashed the sweep)', async () => {
    const errors: unknown[] = [];
    const onUncaught = (error: unknown) => errors.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const open = await serve({ bodyGraceMs: 200, bodyMinBytesPerSecond: 500 });
      const client = await open(post(STOPS_READING_PATH, 20 * 1024 * 1024));
      const upload = stream(client.socket, 20 * 1024 * 1024, 64 * 1024, 5);
      await client.closed;
      upload.stop();
      expect(client.received()).toMatch(/^HTTP\/1\.1 413 /);
      // Several sweeps (every 50 ms at this grace) pass over the request whose socket is gone.
      await new Promise((resolve) => setTimeout(resolve, 600));
      const next = await open('GET /api/early HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      await next.closed;
      expect(next.received()).toMatch(/^HTTP\/1\.1 403 /);
      expect(errors).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  }, 20_000);
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions, type HostLocals } from './app.ts';
import { closeWithin } from './shutdown.ts';
import { parseTrustProxy } from './trust-proxy.ts';

function fakeDist() {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'client'), { recursive: true });
  writeFileSync(join(dist, 'client', '404.html'), '<!doctype html><title>Not found</title><p>Not found</p>');
  writeFileSync(join(dist, 'client', 'index.html'), '<!doctype html><title>Home</title><p>Home</p>');
  return dist;
}

/**
 * Stands in for Astro's handler: a GET-only route that echoes what the host handed it (like an
 * Astro endpoint exporting GET and ALL, it refuses HEAD), a slow upload, and nothing else.
 */
const echo: AppOptions['astroHandler'] = (req, res, next, locals?: HostLocals) => {
  if (req.url?.startsWith('/api/echo') && req.method !== 'GET') {
    res.writeHead(405, { 'Content-Type': 'application/json' });
    res.end('{"error":"Method not allowed"}');
  } else if (req.url?.startsWith('/api/echo')) {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ method: req.method, clientAddress: locals?.clientAddress }));
  } else if (req.url?.startsWith('/api/slow')) {
    req.resume();
    req.on('end', () => res.end('done'));
  } else next?.();
};

const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
async function app(options: Partial<AppOptions> = {}) {
  const built = await buildApp({ distDir: fakeDist(), logger: false, astroHandler: echo, ...options });
  apps.push(built);
  return built;
}
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close().catch(() => {});
});

/** Opens a raw socket to a listening app and collects what the server sends until it closes. */
async function rawClient(target: Awaited<ReturnType<typeof buildApp>>) {
  await target.listen({ host: '127.0.0.1', port: 0 });
  const { port } = target.server.address() as AddressInfo;
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const closed = new Promise<number>((resolve) => {
    const start = Date.now();
    socket.once('close', () => resolve(Date.now() - start));
  });
  socket.on('error', () => {});
  return { socket, closed, received: () => received };
}

describe('the client address behind a proxy', () => {
  it('is the address the trusted hop reports, handed to the app for limits, logs and sessions', async () => {
    const behindProxy = await app({ trustProxy: parseTrustProxy('1') });
    // What nginx sends by default: Host, X-Forwarded-For and X-Forwarded-Proto, no X-Forwarded-Host.
    const headers = { host: 'www.example.com', 'x-forwarded-for': '198.51.100.23', 'x-forwarded-proto': 'https' };
    const res = await behindProxy.inject({ url: '/api/echo', headers, remoteAddress: '10.0.0.2' });
    expect(res.json()).toMatchObject({ clientAddress: '198.51.100.23' });
    // A client's own claim behind the trusted hop is not believed: one hop, the rightmost address.
    const spoofed = await behindProxy.inject({
      url: '/api/echo',
      headers: { ...headers, 'x-forwarded-for': '203.0.113.9, 198.51.100.23' },
      remoteAddress: '10.0.0.2',
    });
    expect(spoofed.json()).toMatchObject({ clientAddress: '198.51.100.23' });
    const direct = await app();
    const own = await direct.inject({ url: '/api/echo', headers, remoteAddress: '192.0.2.4' });
    expect(own.json()).toMatchObject({ clientAddress: '192.0.2.4' });
  });
});

describe('methods and unknown paths', () => {
  it('answers TRACE with a JSON 405 and a made-up method with a JSON 501, with the security headers', async () => {
    const a = await app();
    const trace = await a.inject({ method: 'TRACE' as 'GET', url: '/' });
    expect(trace.statusCode).toBe(405);
    expect(trace.json()).toEqual({ error: 'Method not allowed' });
    expect(trace.headers['x-content-type-options']).toBe('nosniff');
    expect(trace.headers['content-security-policy']).toBeTruthy();
  });

  it('HEAD works wherever GET does, on on-demand routes too', async () => {
    const a = await app();
    const head = await a.inject({ method: 'HEAD', url: '/api/echo' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toContain('application/json');
  });

  it('unknown /api paths answer JSON 404, not the HTML page', async () => {
    const a = await app();
    const res = await a.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found' });
    const page = await a.inject({ url: '/nope' });
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('a malformed URL gets our JSON 400 with the security headers, no framework codes', async () => {
    const a = await app();
    const res = await a.inject({ url: '/%' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad request' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('headers too large get our JSON 431 with the security headers', async () => {
    const client = await rawClient(await app());
    client.socket.write(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 431 /);
    expect(client.received()).toContain('X-Content-Type-Options: nosniff');
    expect(client.received()).toContain('{"error":"Request headers are too large"}');
  });
});

describe('slow clients', () => {
  it('a body trickled byte by byte is cut when the request deadline passes', async () => {
    const client = await rawClient(await app({ limits: { requestTimeoutMs: 400, headersTimeoutMs: 400 } }));
    client.socket.write('POST /api/slow HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n');
    const trickle = setInterval(() => client.socket.write('a'), 100);
    const after = await client.closed;
    clearInterval(trickle);
    expect(after).toBeLessThan(3000);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('caps concurrent connections', async () => {
    const a = await app({ limits: { maxConnections: 7 } });
    expect(a.server.maxConnections).toBe(7);
  });

  it('shutdown with a stalled request finishes within the grace period', async () => {
    let arrived = () => {};
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    const a = await app({
      astroHandler: (req, res, next, locals) => {
        if (req.url?.startsWith('/api/slow')) arrived();
        return echo(req, res, next, locals);
      },
    });
    const client = await rawClient(a);
    client.socket.write('POST /api/slow HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nab');
    await reached;
    const started = Date.now();
    expect(await closeWithin(a, 300)).toBe('forced');
    expect(Date.now() - started).toBeLessThan(2000);
    await client.closed;
  });

  it('shutdown without open requests is graceful', async () => {
    const a = await app();
    await a.listen({ host: '127.0.0.1', port: 0 });
    expect(await closeWithin(a, 1000)).toBe('graceful');
  });
});

/**
 * With the database down, requests that need it are answered 503 with a clear message, soon,
 * instead of hanging: the app runs against a libSQL URL on 127.0.0.1 whose "server" accepts
 * connections and never answers (what a stalled sqld or proxy looks like), or refuses them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIContext } from 'astro';
import { afterAll, describe, expect, it } from 'vitest';
import { login } from '#features/accounts/handlers/login.ts';
import { resetServerEnv } from '../env.ts';
import { API_ERRORS } from './copy.ts';
import { defineMutation, defineRead, done } from './mutation.ts';
import { jsonOk } from './responses.ts';
import { routeContext } from './testing/call-route.ts';

const servers: Server[] = [];
const savedUrl = process.env.DATABASE_URL;
afterAll(() => {
  process.env.DATABASE_URL = savedUrl;
  resetServerEnv();
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

async function listen(server: Server) {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function useDatabase(url: string) {
  process.env.DATABASE_URL = url;
  resetServerEnv();
}

function loginContext(form: boolean) {
  const fields = { email: 'someone@example.com', password: 'lantern-pelican-orbit' };
  return routeContext('/api/login', { body: fields, form, ip: '203.0.113.5' }).context;
}

describe('with the database down', () => {
  it('a JSON mutation and a plain form post answer 503 once the database call times out', async () => {
    // Accepts connections, never answers: every call waits for the client's request timeout.
    useDatabase(await listen(createServer(() => {})));
    for (const form of [false, true]) {
      const res = (await login(loginContext(form))) as Response;
      expect(res.status).toBe(503);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('retry-after')).toBe('30');
      expect(await res.json()).toEqual({ error: API_ERRORS.databaseUnavailable });
    }
  });

  it('a signed-in request answers 503 when its session cannot be looked up (the middleware, before any route)', async () => {
    useDatabase(await listen(createServer(() => {})));
    const { onRequest } = await import('../../middleware.ts');
    const url = new URL('http://localhost/api/account/profile');
    const context = {
      request: new Request(url, { method: 'GET' }),
      url,
      isPrerendered: false,
      locals: {},
      cookies: { get: () => ({ value: 'someid.somesecret' }), set: () => {}, delete: () => {} },
    } as unknown as APIContext;
    let reached = false;
    const res = (await onRequest(context, async () => {
      reached = true;
      return new Response('route');
    })) as Response;
    expect(reached).toBe(false);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(await res.json()).toEqual({ error: API_ERRORS.databaseUnavailable });
  });

  it('a read endpoint answers 503 when the database refuses connections', async () => {
    const closed = createServer();
    const url = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    useDatabase(url);
    const read = defineRead({
      access: 'public',
      handle: async ({ database }) => jsonOk((await database.client.execute('SELECT 1')).rows),
    });
    const res = (await read(loginContext(false))) as Response;
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: API_ERRORS.databaseUnavailable });
  });

  it('a navigation still lands where its failures do: a 303 to formFailure(error), never a JSON page', async () => {
    const closed = createServer();
    const url = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    useDatabase(url);
    const navigation = defineMutation({
      access: 'public',
      answer: 'navigation',
      schema: null,
      formFailure: (code) => `/thank-you?payment=pending&code=${code}`,
      handle: async () => done('/thank-you'),
    });
    const logged = console.error;
    console.error = () => {};
    const res = (await navigation(routeContext('/checkout/complete', { method: 'GET' }).context)) as Response;
    console.error = logged;
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/thank-you?payment=pending&code=error');
  });
});

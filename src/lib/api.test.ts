import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, getOrNullOn401 } from './api.ts';

let server: Server;
let base = '';
const seen: { method?: string; type?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method, type: req.headers['content-type'], body });
      const routes: Record<string, [number, string, string?]> = {
        '/ok': [200, '{"a":1}'],
        '/empty-error': [503, ''],
        '/text-error': [400, '{"error":"Bad input"}'],
        '/unauthorized': [401, '{"error":"Not signed in"}'],
        '/no-content': [204, ''],
      };
      const [status, text] = routes[req.url ?? ''] ?? [404, 'nope'];
      res.writeHead(status, { 'content-type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('api client', () => {
  it('sends JSON only when there is a body', async () => {
    expect(await apiRequest('POST', `${base}/ok`, { x: 1 })).toEqual({ a: 1 });
    expect(seen.at(-1)).toEqual({ method: 'POST', type: 'application/json', body: '{"x":1}' });
    await apiRequest('GET', `${base}/ok`);
    expect(seen.at(-1)).toEqual({ method: 'GET', type: undefined, body: '' });
    expect(await apiRequest('POST', `${base}/no-content`)).toBeUndefined();
  });

  it("throws '{status}: {body}', or the status text when the body is empty", async () => {
    await expect(apiRequest('GET', `${base}/text-error`)).rejects.toThrow('400: {"error":"Bad input"}');
    await expect(apiRequest('GET', `${base}/empty-error`)).rejects.toThrow('503: Service Unavailable');
    await expect(apiRequest('GET', `${base}/missing`)).rejects.toThrow('404: nope');
  });

  it('turns 401 into null for "who is signed in" queries, and rethrows other errors', async () => {
    expect(await getOrNullOn401(`${base}/unauthorized`)).toBeNull();
    expect(await getOrNullOn401(`${base}/ok`)).toEqual({ a: 1 });
    await expect(getOrNullOn401(`${base}/text-error`)).rejects.toThrow('400: ');
  });
});

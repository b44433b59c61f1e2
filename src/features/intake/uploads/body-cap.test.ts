/**
 * The host's body caps (src/server/http/app.ts): 100 KB everywhere but the upload route, which
 * may take one file at the upload cap. The stand-in for Astro builds its Request with Astro's own
 * request builder (astro/app/node), as the adapter's handler does, and reads the body.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createRequestFromNodeRequest } from 'astro/app/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT, buildApp } from '#server/http/app.ts';
import { isUploadRequest, MAX_FILE_BYTES, UPLOAD_REQUEST_BYTES } from './limits.ts';

describe('request body caps in the host', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    mkdirSync(join(dist, 'client'));
    app = await buildApp({
      distDir: dist,
      logger: false,
      largeBodies: [{ matches: isUploadRequest, maxBytes: UPLOAD_REQUEST_BYTES }],
      astroHandler: async (req, res) => {
        // What the adapter does with its bodySizeLimit (astro.config.ts: the upload cap).
        const request = createRequestFromNodeRequest(req, { bodySizeLimit: UPLOAD_REQUEST_BYTES });
        try {
          const body = await request.arrayBuffer();
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ read: body.byteLength }));
        } catch {
          res.writeHead(413, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: 'cut' }));
        }
      },
    });
  });
  afterAll(() => app.close());

  const chunked = (bytes: number) => Readable.from([Buffer.alloc(bytes, 1)]);

  it('100 KB for an ordinary route: a larger declared length is refused unread, a larger chunked body is cut', async () => {
    const fits = await app.inject({ method: 'POST', url: '/api/contact', payload: Buffer.alloc(BODY_LIMIT) });
    expect(fits.json()).toEqual({ read: BODY_LIMIT });
    const declared = await app.inject({ method: 'POST', url: '/api/contact', payload: Buffer.alloc(BODY_LIMIT + 1) });
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toEqual({ error: 'Request body is too large' });
    const streamed = await app.inject({ method: 'POST', url: '/api/contact', payload: chunked(BODY_LIMIT + 1) });
    expect(streamed.json()).toEqual({ error: 'cut' });
    // Even a path next to the upload route keeps 100 KB.
    const near = await app.inject({
      method: 'POST',
      url: '/api/account/intake/abc/draft',
      payload: chunked(BODY_LIMIT + 1),
    });
    expect(near.json()).toEqual({ error: 'cut' });
  });

  it('the upload route takes a body up to the upload cap, and no more', async () => {
    const url = '/api/account/intake/abcdefghijkmnpqrstuvwxyz23/files';
    const big = await app.inject({ method: 'POST', url, payload: chunked(MAX_FILE_BYTES) });
    expect(big.json()).toEqual({ read: MAX_FILE_BYTES });
    const over = await app.inject({ method: 'POST', url, payload: chunked(UPLOAD_REQUEST_BYTES + 1) });
    expect(over.json()).toEqual({ error: 'cut' });
  });

  it('knows the upload route by method and path only', () => {
    expect(isUploadRequest('POST', '/api/account/intake/abc/files')).toBe(true);
    expect(isUploadRequest('POST', '/api/account/intake/abc/files?x=1')).toBe(true);
    expect(isUploadRequest('PUT', '/api/account/intake/abc/files')).toBe(false);
    expect(isUploadRequest('POST', '/api/account/intake/abc/files/x')).toBe(false);
    expect(isUploadRequest('POST', '/api/account/intake/a/b/files')).toBe(false);
    expect(isUploadRequest('POST', '/api/contact?/api/account/intake/abc/files')).toBe(false);
    // A message with its attachment, on an order or a care-plan request, and a new request.
    expect(isUploadRequest('POST', '/api/account/orders/abc/messages')).toBe(true);
    expect(isUploadRequest('POST', '/api/admin/requests/abc/messages')).toBe(true);
    expect(isUploadRequest('POST', '/api/account/orders/abc/changes')).toBe(true);
    expect(isUploadRequest('POST', '/api/account/requests')).toBe(true);
    expect(isUploadRequest('POST', '/api/account/orders/abc/messages/x')).toBe(false);
    expect(isUploadRequest('POST', '/api/account/requests/abc')).toBe(false);
  });
});

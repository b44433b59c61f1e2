import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { consoleToLog } from './console-log.ts';

const SECRETS = {
  cookie: 'abcdefghijkmnpqrstuvwxyz23.c2VjcmV0LXNlc3Npb24tdmFsdWU',
  bearer: 'bearer-secret-3b8f',
  password: 'lantern-pelican-orbit',
  token: 'reset-token-9d2e',
};

function fakeDist() {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'client'), { recursive: true });
  writeFileSync(join(dist, 'client', 'index.html'), '<!doctype html><title>Home</title>');
  return dist;
}

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});
const app = await buildApp({
  distDir: fakeDist(),
  logger: { level: 'info', stream },
  astroHandler: (_req, res) => {
    res.writeHead(200, { 'Set-Cookie': `session=${SECRETS.cookie}; HttpOnly` });
    res.end('{}');
  },
});
afterAll(() => app.close());

describe('server logs', () => {
  it('write one JSON line per request with the path only: no query, cookie, authorization or set-cookie', async () => {
    await app.inject({
      method: 'POST',
      url: `/api/password/reset?token=${SECRETS.token}`,
      headers: { cookie: `session=${SECRETS.cookie}`, authorization: `Bearer ${SECRETS.bearer}` },
      payload: { password: SECRETS.password },
    });
    const requestLines = lines.filter((line) => line.includes('"msg":"request"'));
    expect(requestLines).toHaveLength(1);
    expect(JSON.parse(requestLines[0]!)).toMatchObject({ path: '/api/password/reset', status: 200, method: 'POST' });
    for (const secret of Object.values(SECRETS)) expect(lines.join('\n')).not.toContain(secret);
  });

  it('redact credentials in headers and password or token fields logged by any code', () => {
    app.log.error(
      {
        headers: {
          cookie: `session=${SECRETS.cookie}`,
          authorization: `Bearer ${SECRETS.bearer}`,
          'set-cookie': `session=${SECRETS.cookie}`,
          accept: 'text/html',
        },
        body: { email: 'someone@example.com', password: SECRETS.password, nested: { token: SECRETS.token } },
        token: SECRETS.token,
      },
      'something failed',
    );
    const line = lines.at(-1)!;
    const logged = JSON.parse(line);
    expect(logged.headers).toEqual({
      cookie: '[redacted]',
      authorization: '[redacted]',
      'set-cookie': '[redacted]',
      accept: 'text/html',
    });
    expect(logged.body).toEqual({
      email: 'someone@example.com',
      password: '[redacted]',
      nested: { token: '[redacted]' },
    });
    expect(logged.token).toBe('[redacted]');
    for (const secret of Object.values(SECRETS)) expect(line).not.toContain(secret);
  });

  it('route console output (feature modules, Astro) through the logger: one JSON line each', () => {
    const saved = {
      error: console.error,
      warn: console.warn,
      info: console.info,
      log: console.log,
      debug: console.debug,
    };
    try {
      consoleToLog(app.log);
      console.error('POST /api/contact failed', new Error('disk full'));
      console.warn('stripe: session %s paid twice', 'cs_1');
    } finally {
      Object.assign(console, saved);
    }
    const [failed, warned] = lines.slice(-2).map((line) => JSON.parse(line));
    expect(failed).toMatchObject({ level: 50, msg: 'POST /api/contact failed', err: { message: 'disk full' } });
    expect(failed.err.stack).toContain('disk full');
    expect(warned).toMatchObject({ level: 40, msg: 'stripe: session cs_1 paid twice' });
  });
});

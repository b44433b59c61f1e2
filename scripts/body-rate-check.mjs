// @ts-check
// Measures the minimum body rate (src/server/http/body-rate.ts) on a built server, by hand:
//   1. a body trickled at one byte every 5 s (POST /api/contact): when is it cut, and how?
//   2. a real 10 MB intake photo sent at 100 KB/s by a signed-in customer with an order: does it
//      go through, and in how long?
//
//   OUT_DIR=./dist-bodyrate SITE_URL=http://127.0.0.1:<port> npm run build
//   node scripts/body-rate-check.mjs --dist ./dist-bodyrate --port <port>
//
// It serves the build on 127.0.0.1:<port> with a scratch database (RATE_LIMITS=off), prints the
// two figures and stops the server (its warnings and errors are shown). Takes about two minutes (the upload alone about 100 s).
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { startServer } from './serve-build.mjs';

/** @param {string} name */
const option = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const PORT = Number(option('--port'));
const DIST = resolve(option('--dist') ?? 'dist-bodyrate');
if (!PORT) throw new Error('usage: node scripts/body-rate-check.mjs --dist <build> --port <its SITE_URL port>');
const ORIGIN = `http://127.0.0.1:${PORT}`;
/** 100 KB/s. */
const RATE = 100 * 1024;

/**
 * Sends `head` and then `body` over a raw socket, `chunk` bytes every `everyMs`, and resolves with
 * the status line, the answer's body and the times (ms after the first byte) of the last byte sent,
 * of the answer and of the close.
 */
/**
 * @param {string} head
 * @param {Buffer} body
 * @param {number} chunk
 * @param {number} everyMs
 * @returns {Promise<{ status: string, answer: string, sent: number, lastByteAt: number | null, answeredAt: number | null, closedAt: number }>}
 */
function send(head, body, chunk, everyMs) {
  return new Promise((done) => {
    const socket = connect(PORT, '127.0.0.1');
    let received = '';
    let sent = 0;
    let started = 0;
    /** @type {number | null} */
    let lastByteAt = null;
    /** @type {number | null} */
    let answeredAt = null;
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    socket.on('connect', () => {
      started = Date.now();
      socket.write(head);
      timer = setInterval(() => {
        if (socket.destroyed) return clearInterval(timer);
        if (sent >= body.length) {
          clearInterval(timer);
          lastByteAt ??= Date.now() - started;
          return;
        }
        socket.write(body.subarray(sent, sent + chunk));
        sent = Math.min(body.length, sent + chunk);
      }, everyMs);
    });
    socket.on('data', (data) => {
      received += data.toString();
      if (answeredAt === null && received.includes('\r\n\r\n')) answeredAt = Date.now() - started;
      // A complete answer to a finished upload: done (keep-alive would hold the socket open).
      if (lastByteAt !== null && /\r\n\r\n[\s\S]*\}$/.test(received)) socket.end();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      done({
        status: received.split('\r\n')[0] ?? '(nothing)',
        // The body, without chunked encoding's size lines.
        answer: received
          .split('\r\n\r\n')
          .slice(1)
          .join('')
          .split('\r\n')
          .filter((line) => !/^[0-9a-f]+$/i.test(line))
          .join('')
          .slice(0, 160),
        sent,
        lastByteAt,
        answeredAt,
        closedAt: Date.now() - started,
      });
    });
  });
}

/**
 * @param {string} path
 * @param {unknown} body
 * @param {string} [cookie]
 */
async function json(path, body, cookie) {
  const res = await fetch(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { res, data: await res.json() };
}

/** A photo of noise (it does not compress) of just under 10 MB, as a phone would send. */
async function tenMegabytePhoto() {
  let side = 1800;
  for (;;) {
    const png = await sharp({
      create: {
        width: side,
        height: side,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    if (png.length <= 10 * 1024 * 1024 && png.length > 9.5 * 1024 * 1024) return png;
    side = Math.floor(side * Math.sqrt((9.8 * 1024 * 1024) / png.length));
  }
}

/** Waits up to a minute for /healthz (a loaded machine starts the server slowly). */
async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${ORIGIN}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${ORIGIN} did not start`);
}

const data = mkdtempSync(join(tmpdir(), 'palmetto-body-rate-'));
const server = startServer({
  port: PORT,
  distDir: DIST,
  origin: ORIGIN,
  databaseUrl: `file:${join(data, 'app.db')}`,
  env: { RATE_LIMITS: 'off', LOG_LEVEL: 'warn' },
  stdout: 'inherit', // warnings and errors only (LOG_LEVEL=warn): a cut must not log one
});
try {
  await waitForServer();

  console.log('1. POST /api/contact, Content-Length 1000, one byte every 5 s ...');
  const trickle = await send(
    `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: ${ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`,
    Buffer.alloc(1000, 32),
    1,
    5000,
  );
  console.log(`   ${trickle.status}: cut after ${(trickle.closedAt / 1000).toFixed(1)} s, ${trickle.sent} bytes sent`);
  console.log(`   answer: ${trickle.answer}`);

  const email = `rate-${Date.now()}@example.com`;
  const registered = await json('/api/register', { name: 'Rate Tester', email, password: 'lantern-pelican-orbit' });
  const cookie = (registered.res.headers.get('set-cookie') ?? '').split(';')[0];
  const order = await json(
    '/api/checkout',
    { name: 'Rate Tester', email, phone: '(407) 555-0199', businessName: 'Rate Bakery', terms: true },
    cookie,
  );
  const orderId = order.data.orderId;
  if (!orderId) throw new Error(`checkout failed: ${JSON.stringify(order.data)}`);

  const photo = await tenMegabytePhoto();
  const boundary = `----rate${Date.now()}`;
  /** @type {(name: string, value: string) => string} */
  const part = (name, value) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(part('kind', 'photo') + part('clientKey', `rate-check-${Date.now()}`)),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  console.log(
    `2. POST /api/account/intake/${orderId}/files, a ${(photo.length / 1024 / 1024).toFixed(2)} MB photo (${body.length} bytes in all) at 100 KB/s ...`,
  );
  const upload = await send(
    `POST /api/account/intake/${orderId}/files HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: ${ORIGIN}\r\nCookie: ${cookie}\r\nAccept: application/json\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
    body,
    RATE / 10,
    100,
  );
  console.log(
    `   ${upload.status}: last byte sent after ${((upload.lastByteAt ?? NaN) / 1000).toFixed(1)} s, answered after ${((upload.answeredAt ?? NaN) / 1000).toFixed(1)} s (${upload.sent} of ${body.length} bytes sent)`,
  );
  console.log(`   answer: ${upload.answer}`);
} finally {
  server.kill('SIGTERM');
}

// Chaos: worker processes are killed with SIGKILL while the site is busy; it must keep answering
// and lose nothing it acknowledged. Part of `npm test` (on the e2e build) and of `npm run bench`;
// alone: `node scripts/chaos.ts [--reuse DIR]`.
//
// The server is started as every start is (a supervising primary, two workers). Under load:
// - 20 connections post contact messages (autocannon, rate limits off);
// - a signed-in customer posts messages to an order's thread, each with a 1 MB photo streamed over
//   about 2 s, so an upload is in flight when a worker dies; a refused or cut upload is sent again,
//   as the portal's script does;
// - a probe asks /healthz every 100 ms on a new connection.
// Each original worker is killed once (at 5 s, then once the first one's replacement is ready and
// at 10 s at the earliest), so whichever held the upload died under it; the load stops 5 s later.
// Then: every contact message answered 201 and every message answered 201 (with its photo) is in
// the database, the primary replaced both workers, and the site never went unanswered for long.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import autocannon from 'autocannon';
import sharp from 'sharp';
import type { BuildInfo } from '#integrations/build-info.ts';
import { freePort, startServer, waitForServer } from './serve-build.mjs';

/** The first kill; each later one waits for the previous worker's replacement (and this long). */
const KILL_AT_MS = [5_000, 10_000];
/** The load goes on this long after the last kill, so the site is seen answering on one side of it. */
const TAIL_MS = 5_000;
const CONNECTIONS = 20;
/** The longest the site may go without a successful answer (to anyone), around a kill. */
const BUDGET = { lost: 0, longestSilenceMs: 3_000 };

const args = process.argv.slice(2);
const reuse = args.includes('--reuse') ? args[args.indexOf('--reuse') + 1] : undefined;

const siteUrlOf = (dir: string): string | null => {
  try {
    return (JSON.parse(readFileSync(join(dir, 'build-info.json'), 'utf8')) as BuildInfo).siteUrl;
  } catch {
    return null;
  }
};

// A build answers only on the SITE_URL it was made for: reuse one on its own port, or build.
const reusable = reuse && existsSync(join(reuse, 'server', 'entry.mjs')) && siteUrlOf(reuse) ? reuse : undefined;
const distDir = reusable ?? 'dist-chaos';
let origin = reusable ? siteUrlOf(reusable) : null;
if (!reusable) {
  origin = `http://127.0.0.1:${await freePort()}`;
  console.log(`chaos: building into ${distDir}`);
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, OUT_DIR: distDir, SITE_URL: origin, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (!origin) throw new Error(`chaos: ${distDir} has no build-info.json`);
const ORIGIN = origin;
const port = Number(new URL(ORIGIN).port);

const databaseUrl = `file:${join(mkdtempSync(join(tmpdir(), 'palmetto-chaos-')), 'chaos.db')}`;
const server = startServer({
  port,
  distDir,
  origin: ORIGIN,
  databaseUrl,
  env: { RATE_LIMITS: 'off', LOG_LEVEL: 'info', WEB_CONCURRENCY: '2' },
  stdout: 'pipe',
  stderr: 'pipe',
});
process.on('exit', () => server.exitCode === null && server.kill('SIGKILL'));
const ready: number[] = [];
const restarts: string[] = [];
let logTail = '';
const readLog = (chunk: Buffer) => {
  logTail = (logTail + chunk.toString()).slice(-20_000);
  for (const line of chunk.toString().split('\n')) {
    if (line.includes('"msg":"ready"')) ready.push((JSON.parse(line) as { pid: number }).pid);
    if (line.includes('a server process stopped; starting another')) restarts.push(line);
  }
};
server.stdout?.on('data', readLog);
server.stderr?.on('data', readLog);
await waitForServer(ORIGIN);
for (const deadline = Date.now() + 60_000; ready.length < 2 && Date.now() < deadline;) {
  await new Promise((r) => setTimeout(r, 100));
}
const originals = ready.slice(0, 2);
if (originals.length < 2) throw new Error(`chaos: two workers did not start\n${logTail}`);

// A customer with an order, whose thread takes the uploads.
const json = (body: unknown, cookie?: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});
const email = `chaos-${Date.now()}@example.com`;
const registered = await fetch(
  `${ORIGIN}/api/register`,
  json({ name: 'Chaos Customer', email, password: 'lantern-pelican-orbit' }),
);
const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
if (!registered.ok || !cookie) throw new Error(`chaos: could not register (${registered.status})`);
const ordered = await fetch(
  `${ORIGIN}/api/checkout`,
  json({ name: 'Chaos Customer', email, phone: '(407) 555-0199', businessName: 'Chaos Bakery', terms: true }, cookie),
);
const { orderId } = (await ordered.json()) as { orderId: string };
if (!orderId) throw new Error(`chaos: could not order (${ordered.status})`);

// A photo of about 1 MB that compresses to nothing smaller (noise).
const side = 600;
const photo = await sharp(Buffer.from(Array.from({ length: side * side * 3 }, () => Math.floor(Math.random() * 256))), {
  raw: { width: side, height: side, channels: 3 },
})
  .png({ compressionLevel: 0 })
  .toBuffer();

/** One message with the photo, streamed in 32 pieces over about 2 s; resolves with the status (0: cut). */
function postMessage(text: string): Promise<number> {
  const boundary = `chaos${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n${text}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, photo, tail]);
  return new Promise((resolve) => {
    const req = request(
      `${ORIGIN}/api/account/orders/${orderId}/messages`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
          accept: 'application/json',
          origin: ORIGIN,
          cookie,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    const piece = Math.ceil(body.length / 32);
    let at = 0;
    const timer = setInterval(() => {
      if (req.destroyed) return clearInterval(timer);
      req.write(body.subarray(at, at + piece));
      at += piece;
      if (at >= body.length) {
        clearInterval(timer);
        req.end();
      }
    }, 60);
  });
}

const started = Date.now();
/** When the load stops: TAIL_MS after the last kill (a replacement's start takes what it takes). */
let stopAt = Number.POSITIVE_INFINITY;
const running = () => Date.now() < stopAt;
/** Per second of the run: answers and failures of the contact load and of the probe. */
const timeline: { ok: number; cut: number; probeFailed: number }[] = [];
const second = () => {
  const index = Math.floor((Date.now() - started) / 1000);
  while (timeline.length <= index) timeline.push({ ok: 0, cut: 0, probeFailed: 0 });
  return timeline[index]!;
};

// The uploads: one after another, each sent again until it is acknowledged.
const uploads = { acknowledged: [] as string[], attempts: 0, cut: 0, statuses: [] as number[] };
const uploading = (async () => {
  for (let n = 1; running(); n += 1) {
    const text = `Chaos upload ${n} of ${email}`;
    for (;;) {
      uploads.attempts += 1;
      const status = await postMessage(text);
      uploads.statuses.push(status);
      if (status === 201) {
        uploads.acknowledged.push(text);
        break;
      }
      uploads.cut += 1;
      if (!running()) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
})();

// The site keeps answering: the longest stretch with no successful answer, to the contact load
// or to a probe of /healthz every 100 ms.
const silence = { lastOk: Date.now(), longestMs: 0 };
const answered = () => {
  const now = Date.now();
  silence.longestMs = Math.max(silence.longestMs, now - silence.lastOk);
  silence.lastOk = now;
};
const probe = { answered: 0, failed: 0 };
const probing = (async () => {
  while (running()) {
    const ok = await fetch(`${ORIGIN}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      probe.answered += 1;
      answered();
    } else {
      probe.failed += 1;
      second().probeFailed += 1;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
})();

// Each kill waits for the previous one's replacement to be ready: the test is of one worker dying
// at a time (both at once is a machine failure, which the next server or the proxy answers).
const killing = (async () => {
  for (const [i, at] of KILL_AT_MS.entries()) {
    while (Date.now() - started < at || ready.length < 2 + i) await new Promise((r) => setTimeout(r, 50));
    const pid = originals[i]!;
    console.log(`chaos: SIGKILL worker ${pid} at ${((Date.now() - started) / 1000).toFixed(1)} s`);
    process.kill(pid, 'SIGKILL');
  }
  stopAt = Date.now() + TAIL_MS;
})();

let sequence = 0;
const contacts: string[] = [];
const load = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(
    {
      url: ORIGIN,
      connections: CONNECTIONS,
      // Stopped once the last kill's tail has passed (below).
      duration: 600,
      requests: [
        {
          method: 'POST',
          path: '/api/contact',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => {
            sequence += 1;
            return {
              ...req,
              body: JSON.stringify({
                name: `Chaos Tester ${sequence}`,
                email: `chaos-${sequence}@example.com`,
                subject: 'Chaos test',
                message: `Message number ${sequence}, sent while workers are being killed.`,
              }),
            };
          },
          onResponse: (status, body) => {
            if (status === 201) contacts.push((JSON.parse(body) as { id: string }).id);
          },
        },
      ],
    },
    (error, result) => (error ? reject(error) : resolve(result)),
  );
  instance.on('response', (_client, status) => {
    if (status !== 201) return;
    second().ok += 1;
    answered();
  });
  instance.on('reqError', () => (second().cut += 1));
  const stopper = setInterval(() => {
    if (running()) return;
    clearInterval(stopper);
    instance.stop();
  }, 100);
});
await Promise.all([uploading, probing, killing]);
answered();
const after = await fetch(`${ORIGIN}/healthz`).then(
  (r) => r.status,
  () => 0,
);

const database = createClient({ url: databaseUrl, timeout: 10_000 });
let contactsMissing = 0;
for (let i = 0; i < contacts.length; i += 500) {
  const chunk = contacts.slice(i, i + 500);
  const found = await database.execute({
    sql: `SELECT count(*) AS n FROM contact_messages WHERE id IN (${chunk.map(() => '?').join(',')})`,
    args: chunk,
  });
  contactsMissing += chunk.length - Number(found.rows[0]?.n ?? 0);
}
let uploadsMissing = 0;
for (const text of uploads.acknowledged) {
  const found = await database.execute({
    sql: 'SELECT count(*) AS n FROM thread_messages WHERE body = ? AND file_stored_name IS NOT NULL',
    args: [text],
  });
  if (Number(found.rows[0]?.n ?? 0) !== 1) uploadsMissing += 1;
}
database.close();
server.kill('SIGTERM');

console.log(
  `chaos: ${contacts.length} contact posts acknowledged (${load.errors} cut, ${load.non2xx} non-2xx), ` +
    `${contactsMissing} missing; ${uploads.acknowledged.length} uploads acknowledged in ${uploads.attempts} attempts ` +
    `(${uploads.cut} cut or refused and sent again: ${uploads.statuses.join(',')}), ${uploadsMissing} missing; probe ${probe.answered} answered, ` +
    `${probe.failed} failed; longest time without an answer ${silence.longestMs} ms; workers replaced ${restarts.length}`,
);
console.log(
  `timeline (s: contact answers/cut, probe failures): ${timeline.map((t, i) => `${i}:${t.ok}/${t.cut}/${t.probeFailed}`).join(' ')}`,
);
const checks = [
  [
    'acknowledged contact messages lost',
    contactsMissing === BUDGET.lost && contacts.length > 0,
    `${contactsMissing} of ${contacts.length}`,
  ],
  [
    'acknowledged uploads lost',
    uploadsMissing === BUDGET.lost && uploads.acknowledged.length > 0,
    `${uploadsMissing} of ${uploads.acknowledged.length}`,
  ],
  ['both killed workers replaced', restarts.length >= KILL_AT_MS.length, String(restarts.length)],
  [
    `longest time without an answer < ${BUDGET.longestSilenceMs} ms`,
    silence.longestMs < BUDGET.longestSilenceMs,
    `${silence.longestMs} ms`,
  ],
  ['answers after the load', after === 200, String(after)],
] as const;
for (const [name, ok, detail] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
if (checks.some(([, ok]) => !ok)) {
  console.log(logTail.split('\n').slice(-30).join('\n'));
  process.exit(1);
}

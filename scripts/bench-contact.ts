// Contact endpoint under load, and durability when the server is killed mid-load.
// Part of `npm run bench` (or alone: `node scripts/bench-contact.ts [--skip-build]`).
//
// 1. Load: 50 connections post valid, unique messages to a production build on
//    127.0.0.1 for 25 s; reports req/s and p50/p99 latency, then checks that every
//    message acknowledged with 201 is in the database.
// 2. Crash: the same load, the server is killed with SIGKILL half-way, restarted, and
//    every acknowledged message must still be there.
// Rate limits are switched off for this run only (RATE_LIMITS=off; the server warns).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import autocannon from 'autocannon';
import { freePort, startServer, waitForServer } from './serve-build.mjs';

const args = process.argv.slice(2);
const PORT = await freePort();
const ORIGIN = `http://127.0.0.1:${PORT}`;
const OUT_DIR = 'dist-bench';
const CONNECTIONS = 50;
const LOAD_SECONDS = 25;
const CRASH_SECONDS = 12;
const BUDGET = { reqPerSec: 500, p99Ms: 100, lost: 0 };

if (!args.includes('--skip-build') || !existsSync(join(OUT_DIR, 'server', 'entry.mjs'))) {
  console.log(`bench-contact: building into ${OUT_DIR}`);
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, OUT_DIR, SITE_URL: ORIGIN, ASTRO_TELEMETRY_DISABLED: '1', PUBLIC_META_PIXEL_ID: '' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const databaseUrl = `file:${join(mkdtempSync(join(tmpdir(), 'palmetto-load-')), 'load.db')}`;

// A real server logs every request: keep that cost (LOG_LEVEL=info), discard the output.
const serve = () =>
  startServer({
    port: PORT,
    distDir: OUT_DIR,
    origin: ORIGIN,
    databaseUrl,
    env: { RATE_LIMITS: 'off', LOG_LEVEL: 'info' },
    stdout: 'ignore',
  });

let sequence = 0;
/** Runs autocannon; returns its result and the ids the server acknowledged with 201. */
function load(seconds: number, onTick?: (instance: autocannon.Instance) => void) {
  const acknowledged: string[] = [];
  return new Promise<{ result: autocannon.Result; acknowledged: string[] }>((resolve, reject) => {
    const instance = autocannon(
      {
        url: ORIGIN,
        connections: CONNECTIONS,
        duration: seconds,
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
                  name: `Load Tester ${sequence}`,
                  email: `load-${sequence}@example.com`,
                  subject: 'Load test',
                  message: `Message number ${sequence}, checking that nothing acknowledged is ever lost.`,
                }),
              };
            },
            onResponse: (status, body) => {
              if (status === 201) acknowledged.push((JSON.parse(body) as { id: string }).id);
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ result, acknowledged })),
    );
    onTick?.(instance);
  });
}

async function missingIds(ids: string[]) {
  const client = createClient({ url: databaseUrl });
  const found = new Set();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const rows = await client.execute({
      sql: `SELECT id FROM contact_messages WHERE id IN (${chunk.map(() => '?').join(',')})`,
      args: chunk,
    });
    for (const row of rows.rows) found.add(String(row.id));
  }
  client.close();
  return ids.filter((id) => !found.has(id)).length;
}

const checks: { name: string; ok: boolean; detail: string }[] = [];
const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

// 1. Sustained load.
let server = serve();
await waitForServer(ORIGIN);
console.log(`bench-contact: load, ${CONNECTIONS} connections for ${LOAD_SECONDS} s`);
const { result, acknowledged } = await load(LOAD_SECONDS);
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
const reqPerSec = result.requests.average;
const p50 = result.latency.p50;
const p99 = result.latency.p99;
const non2xx = result.non2xx;
const lost = await missingIds(acknowledged);
console.log(
  `load: ${acknowledged.length} acknowledged in ${LOAD_SECONDS} s = ${Math.round(acknowledged.length / LOAD_SECONDS)} accepted/s ` +
    `(autocannon average ${Math.round(reqPerSec)} req/s), latency p50 ${p50} ms, p99 ${p99} ms, non-2xx ${non2xx}, errors ${result.errors}, lost ${lost}`,
);
check(
  `accepted posts/s >= ${BUDGET.reqPerSec}`,
  acknowledged.length / LOAD_SECONDS >= BUDGET.reqPerSec,
  `${Math.round(acknowledged.length / LOAD_SECONDS)}/s`,
);
check(`p99 latency < ${BUDGET.p99Ms} ms`, p99 < BUDGET.p99Ms, `${p99} ms`);
check('acknowledged messages lost under load', lost === BUDGET.lost, String(lost));

// 2. SIGKILL mid-load, restart, verify.
server = serve();
await waitForServer(ORIGIN);
console.log(`bench-contact: crash test, SIGKILL after ${CRASH_SECONDS / 2} s of load`);
const crashed = load(CRASH_SECONDS, () => {
  setTimeout(() => server.kill('SIGKILL'), (CRASH_SECONDS / 2) * 1000);
});
const { acknowledged: beforeCrash } = await crashed;
await new Promise<void>((r) => (server.exitCode !== null || server.signalCode ? r() : server.once('exit', r)));
server = serve();
await waitForServer(ORIGIN);
const lostInCrash = await missingIds(beforeCrash);
server.kill('SIGTERM');
console.log(`crash: ${beforeCrash.length} acknowledged before SIGKILL, ${lostInCrash} missing after restart`);
check(
  'acknowledged messages lost after SIGKILL',
  lostInCrash === 0 && beforeCrash.length > 0,
  `${lostInCrash} of ${beforeCrash.length}`,
);

console.log('\nBudgets');
for (const c of checks) console.log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.name.padEnd(44)} ${c.detail}`);
const failed = checks.filter((c) => !c.ok).length;
console.log(`\n${checks.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/serve-build.mjs';

// Three Node processes boot here; on a loaded 2-core machine that alone can take many seconds.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

interface Ready {
  pid: number;
  scheduledWork: boolean;
}

let server: ChildProcess;
let origin = '';
const readyLines: Ready[] = [];
let output = '';

/** One GET on a new connection (no keep-alive), so the primary hands each to the next worker. */
function get(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function until<T>(check: () => T | undefined | false, what: string, ms = 60_000): Promise<T> {
  for (const deadline = Date.now() + ms; Date.now() < deadline;) {
    const value = check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}\n${output}`);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'palmetto-cluster-'));
  // A build with no pages: the processes, /healthz and /metrics are what is tested here.
  mkdirSync(join(dir, 'dist', 'server'), { recursive: true });
  mkdirSync(join(dir, 'dist', 'client'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'server', 'entry.mjs'), 'export const handler = (req, res, next) => next();\n');
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['src/main.ts'], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: `file:${join(dir, 'app.db')}`,
      DIST_DIR: join(dir, 'dist'),
      // Unset: the default every start gets (npm start, the container, the systemd unit).
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const line of chunk.toString().split('\n')) {
      if (!line.includes('"msg":"ready"')) continue;
      const { pid, scheduledWork } = JSON.parse(line) as Ready;
      readyLines.push({ pid, scheduledWork });
    }
  };
  server.stdout!.on('data', collect);
  server.stderr!.on('data', collect);
  await until(() => readyLines.length >= 2, 'two ready workers');
  await until(
    () =>
      get('/healthz').then(
        (r) => r.status === 200,
        () => false,
      ),
    'the port',
  );
});

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
});

describe('by default the server is supervised: a primary and two workers share the port', () => {
  it('starts two workers, only one of them running the scheduled work', () => {
    const pids = new Set(readyLines.map((r) => r.pid));
    expect(pids.size).toBe(2);
    expect(pids.has(server.pid!)).toBe(false);
    expect(readyLines.filter((r) => r.scheduledWork)).toHaveLength(1);
  });

  it('/metrics counts the requests every worker answered', async () => {
    const before = await requestsServed();
    for (let i = 0; i < 30; i += 1) expect((await get('/healthz')).status).toBe(200);
    // One worker alone would count about half of them.
    expect((await requestsServed()) - before).toBe(30);
    const { body } = await get('/metrics');
    // A figure read from the shared database is one figure, not one per worker added up.
    expect(body).toMatch(/^database_up 1$/m);
    expect(body).toMatch(/^orders_by_status\{status="paid"\} 0$/m);
  });

  it('replaces a worker that dies, and the replacement takes over the scheduled work', async () => {
    const scheduled = readyLines.find((r) => r.scheduledWork)!;
    process.kill(scheduled.pid, 'SIGKILL');
    const replacement = await until(
      () => readyLines.find((r) => r.scheduledWork && r.pid !== scheduled.pid),
      'a replacement worker',
    );
    expect(alive(replacement.pid)).toBe(true);
    expect(output).toContain('a server process stopped; starting another');
    for (let i = 0; i < 4; i += 1) expect((await get('/healthz')).status).toBe(200);
  });

  it('SIGTERM to the primary stops every worker, and the primary exits 0', async () => {
    const workers = [...new Set(readyLines.map((r) => r.pid))].filter(alive);
    expect(workers.length).toBe(2);
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    await until(() => workers.every((pid) => !alive(pid)), 'the workers to stop', 15_000);
  });
});

/** http_requests_total for /healthz over the whole cluster, as /metrics reports it. */
async function requestsServed(): Promise<number> {
  const { body } = await get('/metrics');
  return [...body.matchAll(/^http_requests_total\{[^}]*route="\/healthz"[^}]*\} (\d+)$/gm)].reduce(
    (sum, m) => sum + Number(m[1]),
    0,
  );
}

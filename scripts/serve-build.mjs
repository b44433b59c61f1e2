// @ts-check
// Serve a build through our own server for the benchmarks, and wait until it answers.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** @param {{ port: number, distDir: string, origin: string, databaseUrl: string, env?: Record<string, string>, stdout?: 'inherit' | 'ignore' | 'pipe', stderr?: 'inherit' | 'pipe' }} options */
export function startServer({ port, distDir, origin, databaseUrl, env = {}, stdout = 'inherit', stderr = 'inherit' }) {
  return spawn('node', ['src/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DIST_DIR: distDir,
      SITE_URL: origin,
      DATABASE_URL: databaseUrl,
      ...env,
    },
    stdio: ['ignore', stdout, stderr],
  });
}

/**
 * Waits for the server's health check, for a minute at most: a server starting on a loaded 2-core
 * machine took more than the 10 s this allowed before.
 * @param {string} origin
 */
export async function waitForServer(origin) {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server at ${origin} did not start`);
}

/**
 * A TCP port free on 127.0.0.1 right now (the system picks it), so two checkouts can bench and
 * test side by side.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

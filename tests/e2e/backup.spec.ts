/**
 * Issue 13's requirement, end to end: a backup taken while the contact and checkout endpoints
 * are under load holds every request acknowledged before it started, restores into a fresh
 * place, and passes its integrity check. The backup and the restore are the operator's
 * commands (`npm run db:backup`, `npm run db:restore`) run against the main e2e server's
 * database while that server keeps answering.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_BUILDS } from './builds.ts';

type Kind = 'contact' | 'checkout';
interface Ack {
  kind: Kind;
  email: string;
  /** When the answer arrived (ms). */
  at: number;
}

/** Runs one of our scripts as an operator would; resolves with its exit code and output. */
function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { env: { PATH: process.env.PATH, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** One visitor posting contact messages and orders, alternately, until told to stop. */
async function visitor(
  request: APIRequestContext,
  tag: string,
  state: { stop: boolean; next: number },
  out: { acked: Ack[]; refused: string[] },
) {
  while (!state.stop) {
    const n = state.next++;
    const kind: Kind = n % 2 === 0 ? 'contact' : 'checkout';
    const email = `backup-${kind}-${tag}-${n}@example.com`;
    const res =
      kind === 'contact'
        ? await request.post('/api/contact', {
            data: { name: 'Backup Load', email, message: `Message ${n} sent while a backup runs.` },
          })
        : await request.post('/api/checkout', {
            data: { name: 'Maria Lopez', email, phone: '(407) 555-0199', businessName: 'Lopez Bakery', terms: true },
            maxRedirects: 0,
          });
    const status = res.status();
    if ((status >= 200 && status < 300) || status === 303) out.acked.push({ kind, email, at: Date.now() });
    else out.refused.push(`${kind} ${status}`);
  }
}

test('a backup under load holds every acknowledged request and restores with its integrity intact', async ({
  request,
}) => {
  test.slow(); // a burst of requests beside the backup: three times the default timeout
  const dir = mkdtempSync(join(tmpdir(), 'palmetto-e2e-backup-'));
  const tag = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const state = { stop: false, next: 0 };
  const out = { acked: [] as Ack[], refused: [] as string[] };
  // A long reader (a report, an export) holds a snapshot from before the load: the server cannot
  // checkpoint past it, so what the load commits stays in the WAL, where a copy of the database
  // file alone would miss it.
  const reader = createClient({ url: E2E_BUILDS.main.databaseUrl });
  const snapshot = await reader.transaction('read');
  await snapshot.execute('SELECT count(*) FROM contact_messages');
  const visitors = Array.from({ length: 6 }, () => visitor(request, tag, state, out));

  try {
    await expect.poll(() => out.acked.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(20);

    // Everything acknowledged up to this instant must be in the backup.
    const before = [...out.acked];
    const startedAt = Date.now();
    const backup = await runScript('scripts/db-backup.ts', [], {
      DATABASE_URL: E2E_BUILDS.main.databaseUrl,
      BACKUP_DIR: join(dir, 'backups'),
    });
    const endedAt = Date.now();
    snapshot.close();
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const path = /^backup written: (\S+) \(/.exec(backup.stdout)?.[1];
    expect(path, backup.stdout).toBeDefined();
    // The site kept serving and writing while the backup ran.
    const acknowledgedDuring = out.acked.filter((a) => a.at > startedAt && a.at < endedAt).length;
    expect(acknowledgedDuring).toBeGreaterThan(0);

    state.stop = true;
    await Promise.all(visitors);
    expect(out.refused).toEqual([]);

    const restored = await runScript('scripts/db-restore.ts', [path!], {
      DATABASE_URL: `file:${join(dir, 'restored', 'app.db')}`,
      UPLOADS_DIR: join(dir, 'restored', 'uploads'),
    });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);

    const copy = createClient({ url: `file:${join(dir, 'restored', 'app.db')}` });
    try {
      expect((await copy.execute('PRAGMA integrity_check')).rows.map((r) => r[0])).toEqual(['ok']);
      const emails = async (sql: string) =>
        new Set((await copy.execute({ sql, args: [`backup-%-${tag}-%`] })).rows.map((r) => String(r.email)));
      const contacts = await emails('SELECT email FROM contact_messages WHERE email LIKE ?');
      const orders = await emails('SELECT email FROM orders WHERE email LIKE ?');
      const missing = before.filter((a) => !(a.kind === 'contact' ? contacts : orders).has(a.email));
      expect(missing).toEqual([]);
      // And nothing that was never sent (requests in flight at the snapshot may or may not be in it).
      expect(contacts.size + orders.size).toBeLessThanOrEqual(state.next);
      test.info().annotations.push({
        type: 'backup under load',
        description: `${before.length} acknowledged before, ${acknowledgedDuring} during ${endedAt - startedAt} ms; ${contacts.size + orders.size} in the copy`,
      });
    } finally {
      copy.close();
    }
  } finally {
    snapshot.close();
    reader.close();
    state.stop = true;
    await Promise.allSettled(visitors);
    rmSync(dir, { recursive: true, force: true });
  }
});

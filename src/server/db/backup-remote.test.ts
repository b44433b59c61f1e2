import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseServerEnv } from '../env.ts';
import { startLocalS3, type LocalS3 } from '../storage/testing/local-s3.ts';
import { listObjects, putObject, readObject } from '../storage/s3.ts';
import { createBackup, type BackupPlaces } from './backup.ts';
import { startBackupSchedule } from './backup-schedule.ts';
import {
  fetchRemoteBackup,
  listRemoteBackups,
  pruneRemoteBackups,
  pushBackup,
  remoteBackups,
  type RemoteBackups,
} from './backup-remote.ts';

// These tests start Node processes (the CLI as an operator runs it): generous deadlines for a
// loaded 2-core machine, about the machine and not the behaviour under test.
vi.setConfig({ testTimeout: 180_000 });

const KEY = 'a'.repeat(64);
const OTHER_KEY = 'b'.repeat(64);
const SECRET_TEXT = 'Our new logo goes on the left, please.';
const PHOTO = Buffer.from('jpeg bytes of a customer photo');

let s3: LocalS3;
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await startLocalS3(['offsite']);
});
afterAll(async () => {
  await s3.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'palmetto-offsite-'));
  dirs.push(dir);
  return dir;
}

/** The settings of a machine whose data lives in `dir`, backing up to `prefix` in the local bucket. */
const settings = (dir: string, prefix: string, extra: Record<string, string> = {}) => ({
  DATABASE_URL: `file:${join(dir, 'data', 'app.db')}`,
  BACKUP_URL: `s3://offsite/${prefix}`,
  BACKUP_KEY: KEY,
  ...s3.env,
  ...extra,
});

/**
 * A script as an operator runs it. Asynchronously: the S3 server answers from this process, so
 * waiting synchronously for a script that talks to it would wait forever.
 */
function run(
  script: 'db-backup' | 'db-restore' | 'db-migrate',
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`scripts/${script}.ts`, ...args], {
      env: { PATH: process.env.PATH, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** SQL in a process of its own (an open connection here would look like a running server to a restore). */
function sql(file: string, statement: string): unknown[][] {
  const result = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { createClient } from '@libsql/client';
       const c = createClient({ url: 'file:' + process.env.SQL_FILE });
       console.log(JSON.stringify((await c.execute(process.env.SQL)).rows.map((r) => Array.from(r))));`,
    ],
    { env: { PATH: process.env.PATH, SQL_FILE: file, SQL: statement }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as unknown[][];
}

/** A migrated machine with one contact message and one upload. */
async function machine(prefix: string) {
  const dir = tempDir();
  const env = settings(dir, prefix);
  const migrated = await run('db-migrate', [], env);
  if (migrated.status !== 0) throw new Error(migrated.stderr);
  const database = join(dir, 'data', 'app.db');
  sql(
    database,
    `INSERT INTO contact_messages (id, name, email, message, created_at) VALUES ('m1', 'Jo Doe', 'jo@example.com', '${SECRET_TEXT}', 0)`,
  );
  mkdirSync(join(dir, 'data', 'uploads'), { recursive: true });
  writeFileSync(join(dir, 'data', 'uploads', 'photo.jpg'), PHOTO);
  return { dir, env, database };
}

const remoteFor = (prefix: string, key = KEY, keep = 30): RemoteBackups =>
  remoteBackups(
    parseServerEnv({
      BACKUP_URL: `s3://offsite/${prefix}`,
      BACKUP_KEY: key,
      BACKUP_REMOTE_KEEP: String(keep),
      ...s3.env,
    }),
  )!;

describe('backups that leave the machine (BACKUP_URL)', () => {
  it('db:backup sends each verified backup, encrypted, and db:restore --from-bucket restores it on a fresh machine', async () => {
    const source = await machine('site-a');
    const backup = await run('db-backup', [], source.env);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toMatch(/^backup written: /);
    expect(backup.stdout).toMatch(/backup encrypted and sent: s3:\/\/offsite\/site-a\/backups\/app-[0-9TZ-]+\//);

    // In the bucket: the database, its manifest, the upload and the completion mark; none readable.
    const remote = remoteFor('site-a');
    const objects = (await listObjects(remote.place)).map((object) => object.key).sort();
    const [name] = await listRemoteBackups(remote);
    expect(objects).toEqual([
      `backups/${name}/app.db`,
      `backups/${name}/backup.json`,
      `backups/${name}/complete`,
      'uploads/photo.jpg',
    ]);
    for (const key of objects) {
      const stored = (await readObject(remote.place, key))!;
      expect(stored.includes(Buffer.from(SECRET_TEXT))).toBe(false);
      expect(stored.includes(PHOTO)).toBe(false);
      expect(stored.includes(Buffer.from('SQLite format 3'))).toBe(false);
    }

    // The machine is gone: a new one with nothing but the settings.
    const fresh = tempDir();
    const restore = await run('db-restore', ['--from-bucket'], settings(fresh, 'site-a'));
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    expect(restore.stdout).toContain(`downloaded and decrypted ${name} from s3://offsite/site-a/`);
    const restored = join(fresh, 'data', 'app.db');
    expect(sql(restored, 'SELECT id, message FROM contact_messages')).toEqual([['m1', SECRET_TEXT]]);
    expect(readFileSync(join(fresh, 'data', 'uploads', 'photo.jpg')).equals(PHOTO)).toBe(true);
    // The decrypted download is not left lying around.
    expect(readdirSync(join(fresh, 'data', 'backups'))).toEqual([]);
  });

  it('keeps BACKUP_REMOTE_KEEP backups in the bucket, and the uploads only deleted ones held go too', async () => {
    const { dir, database } = await machine('site-b');
    const places: BackupPlaces = {
      database,
      uploads: join(dir, 'data', 'uploads'),
      backups: join(dir, 'data', 'backups'),
    };
    const remote = remoteFor('site-b', KEY, 2);
    const at = (iso: string) => ({ keep: 10, now: () => new Date(iso) });

    const first = await createBackup(places, at('2026-11-01T00:00:00Z'));
    expect((await pushBackup(remote, first.path)).uploadsSent).toBe(1);
    rmSync(join(places.uploads, 'photo.jpg'));
    writeFileSync(join(places.uploads, 'logo.png'), 'png bytes');
    const second = await createBackup(places, at('2026-11-02T00:00:00Z'));
    expect(await pushBackup(remote, second.path)).toMatchObject({ uploadsSent: 1, uploadsPresent: 0 });
    const third = await createBackup(places, at('2026-11-03T00:00:00Z'));
    // An upload already in the bucket is not sent again.
    expect(await pushBackup(remote, third.path)).toMatchObject({ uploadsSent: 0, uploadsPresent: 1 });

    // Two hours on (uploads younger than an hour may belong to a push still running elsewhere).
    const pruned = await pruneRemoteBackups(remote, Date.now() + 2 * 3_600_000);
    expect(pruned).toEqual({ removed: ['app-2026-11-01T00-00-00Z'], uploadsRemoved: 1 });
    expect(await listRemoteBackups(remote)).toEqual(['app-2026-11-03T00-00-00Z', 'app-2026-11-02T00-00-00Z']);
    const keys = (await listObjects(remote.place)).map((object) => object.key);
    expect(keys.filter((key) => key.startsWith('uploads/'))).toEqual(['uploads/logo.png']);
    expect(keys.some((key) => key.includes('2026-11-01'))).toBe(false);
  });

  it('a push that died half-way is never offered; a wrong key or a changed object is refused and leaves nothing', async () => {
    const { dir, database } = await machine('site-c');
    const places: BackupPlaces = {
      database,
      uploads: join(dir, 'data', 'uploads'),
      backups: join(dir, 'data', 'backups'),
    };
    const remote = remoteFor('site-c');
    const done = await createBackup(places, { keep: 10, now: () => new Date('2026-11-01T00:00:00Z') });
    await pushBackup(remote, done.path);
    // A later push that stopped before its completion mark.
    await putObject(remote.place, 'backups/app-2026-11-02T00-00-00Z/app.db', Buffer.from('half'), 4);
    expect(await listRemoteBackups(remote)).toEqual(['app-2026-11-01T00-00-00Z']);

    const into = tempDir();
    await expect(fetchRemoteBackup(remoteFor('site-c', OTHER_KEY), undefined, into)).rejects.toThrow(
      /cannot be decrypted .*BACKUP_KEY/,
    );
    expect(readdirSync(into)).toEqual([]);

    // Swap the upload for the database's sealed bytes: sealed under another name, it fails.
    const sealedDb = (await readObject(remote.place, 'backups/app-2026-11-01T00-00-00Z/app.db'))!;
    await putObject(remote.place, 'uploads/photo.jpg', sealedDb, sealedDb.length);
    await expect(fetchRemoteBackup(remote, undefined, into)).rejects.toThrow(/uploads\/photo.jpg cannot be decrypted/);
    expect(readdirSync(into)).toEqual([]);
    expect(existsSync(join(into, 'app-2026-11-01T00-00-00Z'))).toBe(false);
  });

  it('the scheduled backups (BACKUP_EVERY) are sent too, and logged once there', async () => {
    const { dir, database } = await machine('site-d');
    const remote = remoteFor('site-d');
    const sent: Record<string, unknown>[] = [];
    const errors: unknown[] = [];
    const schedule = startBackupSchedule({
      env: {
        DATABASE_URL: `file:${database}`,
        UPLOADS_DIR: join(dir, 'data', 'uploads'),
        BACKUP_DIR: join(dir, 'data', 'backups'),
        BACKUP_EVERY: 3_600_000,
        BACKUP_KEEP: 5,
      },
      remote,
      log: {
        info: (obj, msg) => (msg === 'backup sent' ? sent.push(obj as Record<string, unknown>) : undefined),
        warn: () => {},
        error: (obj) => errors.push(obj),
      },
    });
    try {
      // The first is taken at once (there is none yet); the next is an hour away.
      await vi.waitFor(() => expect(sent.length + errors.length).toBeGreaterThan(0), {
        timeout: 120_000,
        interval: 50,
      });
    } finally {
      await schedule.stop();
    }
    expect(errors).toEqual([]);
    const [name] = await listRemoteBackups(remote);
    expect(sent[0]).toMatchObject({ backup: `s3://offsite/site-d/backups/${name}/`, uploadsSent: 1 });
  });

  it('BACKUP_URL without BACKUP_KEY is refused, naming the setting', () => {
    expect(() => parseServerEnv({ BACKUP_URL: 's3://offsite/x' })).toThrow(/BACKUP_KEY: required with BACKUP_URL/);
    expect(() => parseServerEnv({ BACKUP_URL: 'https://offsite' })).toThrow(/BACKUP_URL: must be s3:\/\//);
  });
});

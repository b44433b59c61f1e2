import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  BackupRefused,
  backupPlaces,
  createBackup,
  listBackups,
  pruneBackups,
  restoreBackup,
  verifyBackup,
  type BackupPlaces,
} from './backup.ts';
import { openDatabase } from './client.ts';
import { appDatabase, build } from './index.ts';
import { migrateDatabase } from './migrate.ts';
import { contactMessages } from './schema.ts';
import { toStatement } from './write-queue.ts';

// These tests start Node processes. On a loaded 2-core machine one can take well over 20 s just to
// boot, so the deadline here is generous: it is about the machine, not the behaviour under test.
vi.setConfig({ testTimeout: 180_000 });

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A migrated database `app.db` with an uploads folder, in a fresh temp directory. */
async function site() {
  const dir = mkdtempSync(join(tmpdir(), 'palmetto-backup-'));
  dirs.push(dir);
  const places: BackupPlaces = {
    database: join(dir, 'data', 'app.db'),
    uploads: join(dir, 'data', 'uploads'),
    backups: join(dir, 'data', 'backups'),
  };
  const database = appDatabase(await openDatabase(`file:${places.database}`));
  await migrateDatabase(database);
  return { dir, places, database };
}

const message = (id: string, text = 'A message long enough.') =>
  build
    .insert(contactMessages)
    .values({ id, name: 'Jo Doe', email: `${id}@example.com`, message: text, createdAt: new Date() });

/**
 * SQL run by a process of its own. The client keeps a closed connection alive until its
 * statements are garbage-collected, and an open connection is what a restore takes for a
 * running server: tests that restore keep none open in this process.
 */
function sqlElsewhere(file: string, statements: { sql: string; args?: unknown[] }[]): Record<string, unknown>[][] {
  const run = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { createClient } from '@libsql/client';
       const c = createClient({ url: 'file:' + process.env.SQL_FILE, timeout: 5000 });
       const out = [];
       for (const s of JSON.parse(process.env.SQL_STATEMENTS)) out.push((await c.execute(s)).rows);
       console.log(JSON.stringify(out));`,
    ],
    { env: { PATH: process.env.PATH, SQL_FILE: file, SQL_STATEMENTS: JSON.stringify(statements) }, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Record<string, unknown>[][];
}

const ids = (file: string) =>
  sqlElsewhere(file, [{ sql: 'SELECT id FROM contact_messages ORDER BY id' }])[0]!.map((row) => String(row.id));

/** Like site(), but migrated by `npm run db:migrate` in a process of its own. */
function siteElsewhere() {
  const dir = mkdtempSync(join(tmpdir(), 'palmetto-restore-'));
  dirs.push(dir);
  const places: BackupPlaces = {
    database: join(dir, 'data', 'app.db'),
    uploads: join(dir, 'data', 'uploads'),
    backups: join(dir, 'data', 'backups'),
  };
  const migrated = spawnSync(process.execPath, ['scripts/db-migrate.ts'], {
    env: { PATH: process.env.PATH, DATABASE_URL: `file:${places.database}` },
    encoding: 'utf8',
  });
  if (migrated.status !== 0) throw new Error(migrated.stderr);
  return {
    dir,
    places,
    write: (...statements: ReturnType<typeof message>[]) => sqlElsewhere(places.database, statements.map(toStatement)),
  };
}

/** The CLI as an operator runs it. */
function cli(script: 'db-backup' | 'db-restore', args: string[], env: Record<string, string>) {
  const run = spawnSync(process.execPath, [`scripts/${script}.ts`, ...args], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: 150_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('createBackup', () => {
  it('writes a verified copy of the data and the uploads (without bodies still arriving), named by UTC time', async () => {
    const { places, database } = await site();
    await database.writes.run([message('a'), message('b')]);
    mkdirSync(join(places.uploads, '.incoming'), { recursive: true });
    writeFileSync(join(places.uploads, 'photo.jpg'), 'jpeg bytes');
    writeFileSync(join(places.uploads, '.incoming', 'half'), 'partial body');

    const result = await createBackup(places, { keep: 5, now: () => new Date('2026-11-23T11:00:00.250Z') });
    database.client.close();

    expect(result.name).toBe('app-2026-11-23T11-00-00Z');
    expect(result.path).toBe(join(places.backups, 'app-2026-11-23T11-00-00Z'));
    expect(readdirSync(result.path).sort()).toEqual(['app.db', 'backup.json', 'uploads']);
    expect(ids(join(result.path, 'app.db'))).toEqual(['a', 'b']);
    expect(readdirSync(join(result.path, 'uploads'))).toEqual(['photo.jpg']);
    expect(result).toMatchObject({ uploadsFiles: 1, uploadsBytes: 10, migrations: expect.any(Number) });
    expect(result.migrations).toBeGreaterThan(0);
    expect(result.bytes).toBe(result.databaseBytes + 10);
    expect(JSON.parse(readFileSync(join(result.path, 'backup.json'), 'utf8'))).toMatchObject({
      takenAt: '2026-11-23T11:00:00.250Z',
      integrityCheck: 'ok',
      uploads: { files: 1, bytes: 10 },
    });
    expect(await verifyBackup(join(result.path, 'app.db'))).toEqual({ ok: true, migrations: result.migrations });
    // Nothing half-made is left beside it.
    expect(readdirSync(places.backups)).toEqual([result.name]);
  });

  it('a second backup in the same second gets its own name, and the list is newest first', async () => {
    const { places, database } = await site();
    database.client.close();
    const now = () => new Date('2026-11-23T11:00:00Z');
    const first = await createBackup(places, { keep: 5, now });
    const second = await createBackup(places, { keep: 5, now });
    expect(second.name).toBe(`${first.name}-2`);
    expect((await listBackups(places.backups, places.database)).map((b) => b.name)).toEqual([second.name, first.name]);
  });

  it('commits writes through the write queue while the copy is being taken, and copies what was committed before', async () => {
    const { places, database } = await site();
    // About 16 MB, so the copy takes long enough to write beside it.
    const filler = 'x'.repeat(1000);
    for (let batch = 0; batch < 16; batch++) {
      await database.writes.run(
        Array.from({ length: 1000 }, (_, i) => message(`before-${batch}-${String(i).padStart(4, '0')}`, filler)),
      );
    }
    let copying = false;
    let committedWhileCopying = 0;
    const during: Promise<unknown>[] = [];
    const result = await createBackup(places, {
      keep: 5,
      onPhase: (phase) => {
        copying = phase === 'copying';
        if (!copying) return;
        for (let i = 0; i < 20; i++) {
          during.push(
            database.writes.run([message(`during-${i}`)]).then(() => {
              if (copying) committedWhileCopying += 1;
            }),
          );
        }
      },
    });
    await Promise.all(during);
    // Had the copy held the event loop or the write lock, no write could have committed until it ended.
    expect(committedWhileCopying).toBe(20);
    const copied = ids(join(result.path, 'app.db'));
    expect(copied.filter((id) => id.startsWith('before-'))).toHaveLength(16_000);
    expect(ids(places.database)).toHaveLength(16_020);
    database.client.close();
  });

  it('refuses a remote or in-memory database, pointing at the backup docs', () => {
    for (const url of ['libsql://shop-palmetto.turso.io', 'https://db.example.com', 'ws://127.0.0.1:8080']) {
      const attempt = () => backupPlaces({ DATABASE_URL: url, UPLOADS_DIR: 'u', BACKUP_DIR: 'b' });
      expect(attempt).toThrow(BackupRefused);
      expect(attempt).toThrow(/point-in-time restore.*\.dump > dump\.sql.*docs\/operations\.md, "Backups and restore"/);
    }
    expect(() => backupPlaces({ DATABASE_URL: 'file::memory:', UPLOADS_DIR: 'u', BACKUP_DIR: 'b' })).toThrow(
      /in-memory/,
    );
  });

  it('npm run db:backup prints one line and refuses a remote database with exit code 2, without the host', async () => {
    const { dir, places, database } = await site();
    database.client.close();
    const ok = cli('db-backup', [], { DATABASE_URL: `file:${places.database}` });
    expect(ok.status).toBe(0);
    expect(ok.stdout.trim().split('\n')).toHaveLength(1);
    expect(ok.stdout).toMatch(
      new RegExp(
        `^backup written: ${join(dir, 'data', 'backups', 'app-')}\\S+Z \\(database [\\d.]+ KB, integrity ok; uploads 0 files, 0 B\\) in \\d+ ms`,
      ),
    );
    const remote = cli('db-backup', [], { DATABASE_URL: 'libsql://shop-palmetto.turso.io' });
    expect(remote.status).toBe(2);
    expect(remote.stderr).toContain('Backups and restore');
    expect(remote.stderr).not.toContain('shop-palmetto');
  });

  it('fails, leaving nothing behind, when there is no database to copy', async () => {
    const { places, database } = await site();
    database.client.close();
    const missing = { ...places, database: join(places.backups, '..', 'nothing.db') };
    await expect(createBackup(missing, { keep: 5 })).rejects.toThrow(/There is no database/);
    expect(existsSync(missing.database)).toBe(false);
  });
});

describe('verifyBackup', () => {
  it('finds a damaged copy, a file that is no database, and a database of another app', async () => {
    const { places, database } = await site();
    const filler = 'y'.repeat(500);
    await database.writes.run(Array.from({ length: 2000 }, (_, i) => message(`m${i}`, filler)));
    database.client.close();
    const { path } = await createBackup(places, { keep: 5 });
    const copy = join(path, 'app.db');
    expect((await verifyBackup(copy)).ok).toBe(true);

    // Overwrite pages in the middle of the file (table and index b-trees) with garbage.
    const fd = openSync(copy, 'r+');
    writeSync(fd, Buffer.alloc(4096 * 8, 0xa5), 0, 4096 * 8, 4096 * 20);
    closeSync(fd);
    const damaged = await verifyBackup(copy);
    expect(damaged.ok).toBe(false);

    const text = join(path, 'notes.db');
    writeFileSync(text, 'this is not a database at all, just some text '.repeat(100));
    expect(await verifyBackup(text)).toMatchObject({ ok: false });

    const other = join(path, 'other.db');
    const client = createClient({ url: `file:${other}` });
    await client.execute('CREATE TABLE t (x)');
    client.close();
    expect(await verifyBackup(other)).toEqual({ ok: false, problem: expect.stringMatching(/no migrations table/) });

    expect(await verifyBackup(join(path, 'absent.db'))).toMatchObject({ ok: false });
    expect(existsSync(join(path, 'absent.db'))).toBe(false);
  });
});

describe('pruneBackups', () => {
  it('keeps the newest N of this database, and clears leftovers of backups that died', async () => {
    const { places, database } = await site();
    database.client.close();
    for (let hour = 10; hour < 15; hour++) {
      await createBackup(places, { keep: 100, now: () => new Date(`2026-11-23T${hour}:00:00Z`) });
    }
    // Another database's backups and a foreign folder in the same place are not ours to delete.
    mkdirSync(join(places.backups, 'shop-2026-01-01T00-00-00Z'));
    mkdirSync(join(places.backups, 'notes'));
    mkdirSync(join(places.backups, '.partial-app-dead'));
    const removed = await pruneBackups(places.backups, places.database, 3, Date.now() + 2 * 3_600_000);
    expect(removed).toEqual(['app-2026-11-23T11-00-00Z', 'app-2026-11-23T10-00-00Z']);
    expect(readdirSync(places.backups).sort()).toEqual([
      'app-2026-11-23T12-00-00Z',
      'app-2026-11-23T13-00-00Z',
      'app-2026-11-23T14-00-00Z',
      'notes',
      'shop-2026-01-01T00-00-00Z',
    ]);
  });

  it('runs after each backup with BACKUP_KEEP', async () => {
    const { places, database } = await site();
    database.client.close();
    for (let minute = 0; minute < 4; minute++) {
      await createBackup(places, { keep: 2, now: () => new Date(`2026-11-23T11:0${minute}:00Z`) });
    }
    expect((await listBackups(places.backups, places.database)).map((b) => b.name)).toEqual([
      'app-2026-11-23T11-03-00Z',
      'app-2026-11-23T11-02-00Z',
    ]);
  });
});

describe('restoreBackup (npm run db:restore)', () => {
  it('refuses to replace a database without --force; with it, moves the old one aside and restores data and uploads', async () => {
    const { dir, places, write } = siteElsewhere();
    write(message('kept'));
    mkdirSync(places.uploads, { recursive: true });
    writeFileSync(join(places.uploads, 'logo.png'), 'png');
    const backup = await createBackup(places, { keep: 5 });
    write(message('after-backup'));
    writeFileSync(join(places.uploads, 'later.png'), 'later');
    const env = { DATABASE_URL: `file:${places.database}` };

    const refused = cli('db-restore', [backup.path], env);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(`A database already exists at ${places.database}`);
    expect(refused.stderr).toContain('--force');
    expect(ids(places.database)).toEqual(['after-backup', 'kept']);

    const restored = cli('db-restore', [backup.path, '--force'], env);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain(`restored ${places.database}`);
    expect(ids(places.database)).toEqual(['kept']);
    expect(readdirSync(places.uploads)).toEqual(['logo.png']);
    const data = readdirSync(join(dir, 'data'));
    const asideDb = data.find((name) => /^app\.db\.before-restore-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/.test(name));
    const asideUploads = data.find((name) => name.startsWith('uploads.before-restore-'));
    expect(asideDb).toBeDefined();
    // The old database is complete by itself (its WAL folded in), and nothing stale sits beside the new one.
    expect(ids(join(dir, 'data', asideDb!))).toEqual(['after-backup', 'kept']);
    expect(readdirSync(join(dir, 'data', asideUploads!)).sort()).toEqual(['later.png', 'logo.png']);
    expect(existsSync(`${places.database}-wal`)).toBe(false);
    expect(existsSync(`${places.database}-shm`)).toBe(false);
  });

  it('restores into an empty place, moving a stray -wal aside so it cannot be replayed into the copy', async () => {
    const { dir, places, write } = siteElsewhere();
    write(message('one'));
    const backup = await createBackup(places, { keep: 5 });
    const fresh: BackupPlaces = {
      ...places,
      database: join(dir, 'fresh', 'app.db'),
      uploads: join(dir, 'fresh', 'up'),
    };
    mkdirSync(join(dir, 'fresh'));
    writeFileSync(`${fresh.database}-wal`, 'stale');
    writeFileSync(`${fresh.database}-shm`, 'stale');
    const result = await restoreBackup(join(backup.path, 'app.db'), fresh);
    expect(result.uploads).toEqual({ files: 0, bytes: 0 });
    expect(ids(fresh.database)).toEqual(['one']);
    expect(readdirSync(join(dir, 'fresh')).sort()).toEqual([
      'app.db',
      expect.stringMatching(/^app\.db\.before-restore-.+Z-wal$/),
      'up',
    ]);
  });

  it('refuses a backup that fails its check, before touching anything', async () => {
    const { places } = siteElsewhere();
    const backup = await createBackup(places, { keep: 5 });
    writeFileSync(join(backup.path, 'app.db'), 'garbage '.repeat(1000));
    const attempt = restoreBackup(backup.path, places, { force: true });
    await expect(attempt).rejects.toThrow(BackupRefused);
    await expect(restoreBackup(backup.path, places, { force: true })).rejects.toThrow(/is not usable/);
    expect((await verifyBackup(places.database)).ok).toBe(true);
    expect(readdirSync(join(places.database, '..')).some((name) => name.includes('before-restore'))).toBe(false);
  });

  it('refuses while another process (a running server) has the database open', async () => {
    const { places } = siteElsewhere();
    const backup = await createBackup(places, { keep: 5 });
    // Another process opens the database as the server does (WAL) and keeps it open.
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { createClient } from '@libsql/client';
         const c = createClient({ url: ${JSON.stringify(`file:${places.database}`)} });
         await c.execute('PRAGMA journal_mode = WAL');
         await c.execute('SELECT count(*) FROM contact_messages');
         console.log('open');
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.once('data', () => resolve());
        holder.once('exit', (code) => reject(new Error(`holder exited ${code}`)));
      });
      const attempt = restoreBackup(backup.path, places, { force: true });
      await expect(attempt).rejects.toThrow(/is in use .*stop the server first/);
      expect(readdirSync(join(places.database, '..')).some((name) => name.includes('before-restore'))).toBe(false);
    } finally {
      holder.kill();
    }
  });
});

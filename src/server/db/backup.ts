/**
 * Backups of the embedded database and the intake uploads, and restoring one.
 *
 * A backup is one directory in BACKUP_DIR, named by UTC time so names sort by age:
 *
 *   backups/app-2026-11-23T11-00-00Z/
 *     app.db        a consistent copy taken online with `VACUUM INTO` (never a file copy of a
 *                   live WAL database), checked with `PRAGMA integrity_check`
 *     uploads/      UPLOADS_DIR as it was just after the copy (files only ever appear under new
 *                   random names before their row commits, so every file the copy names is there)
 *     backup.json   what was taken and when
 *
 * It is assembled under a hidden `.partial-…` name and renamed into place only once verified,
 * so a listed backup is always a complete one; then older ones beyond BACKUP_KEEP are deleted.
 * The mail key (mail.key beside the database) is deliberately left out: a copy of the database
 * must hold no readable activation or reset link (src/server/email/sealed.ts).
 *
 * A remote libSQL database (libsql://, http(s)://, ws(s)://) is refused: its provider's
 * point-in-time restore or a logical dump is the tool there (docs/operations.md: Backups and restore).
 */
import { randomBytes } from 'node:crypto';
import {
  copyFile,
  cp,
  lstat,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { createClient } from '@libsql/client';
import type { Verdict, WorkerMessage, WorkerTask } from './backup-worker.ts';

/** The docs section that explains backups (named in refusals). */
export const BACKUP_DOCS = 'docs/operations.md, "Backups and restore"';

/** Why a backup or restore will not run: a message for the operator, and a reason for code. */
export class BackupRefused extends Error {
  readonly reason: 'remote' | 'memory' | 'missing' | 'invalid-backup' | 'exists' | 'in-use';
  constructor(reason: BackupRefused['reason'], message: string) {
    super(message);
    this.name = 'BackupRefused';
    this.reason = reason;
  }
}

/** Where the database, its uploads and its backups live (absolute paths). */
export interface BackupPlaces {
  database: string;
  uploads: string;
  backups: string;
}

/**
 * The places from the settings (`serverEnv()`); refuses a remote or in-memory database,
 * naming only the URL's scheme (a URL can carry credentials).
 */
export function backupPlaces(env: { DATABASE_URL: string; UPLOADS_DIR: string; BACKUP_DIR: string }): BackupPlaces {
  const url = env.DATABASE_URL;
  if (!url.startsWith('file:')) {
    const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(url)?.[0] ?? 'a remote URL';
    throw new BackupRefused(
      'remote',
      `DATABASE_URL is a remote libSQL database (${scheme}//…): backups here copy a local database file only. ` +
        "Use your provider's point-in-time restore, or take a logical dump " +
        `(turso db shell <database> .dump > dump.sql). See ${BACKUP_DOCS}.`,
    );
  }
  const path = url.slice('file:'.length).split('?')[0] ?? '';
  if (!path || path === ':memory:') {
    throw new BackupRefused('memory', 'DATABASE_URL is an in-memory database: there is no file to back up.');
  }
  return { database: resolve(path), uploads: resolve(env.UPLOADS_DIR), backups: resolve(env.BACKUP_DIR) };
}

// Names -----------------------------------------------------------------------------------

/** `2026-11-23T11-00-00Z`: ISO 8601 in UTC, to the second, with no characters file systems dislike. */
export const backupStamp = (date: Date) => `${date.toISOString().slice(0, 19).replaceAll(':', '-')}Z`;

const STAMPED = /^(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)Z(?:-(\d+))?$/;

/** Backups of `app.db` are named `app-<stamp>`; a second one in the same second gets `-2`, … */
const prefixOf = (database: string) => `${basename(database, extname(database))}-`;

const MANIFEST = 'backup.json';
const UPLOADS = 'uploads';
/** Request bodies still arriving: never part of a backup. */
const INCOMING = '.incoming';
const PARTIAL = '.partial-';
/** A `.partial-…` directory this old was left by a backup that died; younger ones may be running. */
const ABANDONED_AFTER_MS = 60 * 60_000;

export interface BackupEntry {
  /** Directory name, e.g. `app-2026-11-23T11-00-00Z`. */
  name: string;
  /** The backup directory. */
  path: string;
  takenAt: Date;
}

/** The complete backups of `database` in `backupDir`, newest first. */
export async function listBackups(backupDir: string, database: string): Promise<BackupEntry[]> {
  const prefix = prefixOf(database);
  const entries = await readdir(backupDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const found: (BackupEntry & { sequence: number })[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(prefix)) continue;
    const match = STAMPED.exec(entry.name.slice(prefix.length));
    if (!match) continue;
    const [, day, h, m, s, sequence] = match;
    found.push({
      name: entry.name,
      path: join(backupDir, entry.name),
      takenAt: new Date(`${day}T${h}:${m}:${s}Z`),
      sequence: Number(sequence ?? 1),
    });
  }
  found.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime() || b.sequence - a.sequence);
  return found.map(({ sequence: _, ...entry }) => entry);
}

/**
 * Keeps the `keep` newest backups of `database` and deletes the rest (and `.partial-…`
 * leftovers of backups that died); answers the names deleted.
 */
export async function pruneBackups(backupDir: string, database: string, keep: number, now = Date.now()) {
  const removed: string[] = [];
  for (const old of (await listBackups(backupDir, database)).slice(Math.max(keep, 1))) {
    await rm(old.path, { recursive: true, force: true });
    removed.push(old.name);
  }
  const entries = await readdir(backupDir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(`${PARTIAL}${prefixOf(database)}`)) continue;
    const path = join(backupDir, entry.name);
    const { mtimeMs } = await stat(path);
    if (now - mtimeMs > ABANDONED_AFTER_MS) await rm(path, { recursive: true, force: true });
  }
  return removed;
}

const exists = (path: string) =>
  lstat(path).then(
    () => true,
    () => false,
  );

// The worker -------------------------------------------------------------------------------

/** Runs one task in backup-worker.ts; `onMessage` sees its progress. */
function runWorker(task: WorkerTask, onMessage: (message: WorkerMessage) => void = () => {}): Promise<WorkerMessage> {
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(new URL('./backup-worker.ts', import.meta.url), { workerData: task });
    let last: WorkerMessage | undefined;
    worker.on('message', (message: WorkerMessage) => {
      last = message;
      onMessage(message);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!last || last.kind === 'copying') reject(new Error(`the backup worker stopped (exit code ${code})`));
      else if (last.kind === 'failed') reject(Object.assign(new Error(last.message), { code: last.code }));
      else resolvePromise(last);
    });
  });
}

/**
 * Checks a database file: `PRAGMA integrity_check` must answer 'ok', and it must have this
 * app's migrations table. Never creates the file.
 */
export async function verifyBackup(file: string): Promise<Verdict> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return { ok: false, problem: `${file} is not a file` };
  if (info.size === 0) return { ok: false, problem: `${file} is empty` };
  const answer = await runWorker({ task: 'verify', file });
  if (answer.kind !== 'verdict') throw new Error('the backup worker gave no verdict');
  return answer.verdict;
}

// Backup -------------------------------------------------------------------------------------

export interface BackupResult {
  /** The backup directory. */
  path: string;
  name: string;
  /** The database copy's bytes, the uploads' bytes and file count. */
  databaseBytes: number;
  uploadsBytes: number;
  uploadsFiles: number;
  bytes: number;
  /** Milliseconds from start to a verified, renamed backup. */
  ms: number;
  migrations: number;
  /** Older backups deleted afterwards. */
  pruned: string[];
}

export interface BackupOptions {
  /** How many backups to keep (BACKUP_KEEP). */
  keep: number;
  now?: () => Date;
  /** Progress, for logs and tests: 'copying' once the copy's snapshot is being read. */
  onPhase?: (phase: 'copying' | 'verifying' | 'uploads') => void;
}

/** Takes, verifies, renames into place and prunes one backup (see the top of this file). */
export async function createBackup(places: BackupPlaces, options: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const now = options.now?.() ?? new Date();
  const phase = options.onPhase ?? (() => {});
  // Opening a missing path would create an empty database there.
  if (!(await stat(places.database).catch(() => null))?.isFile()) {
    throw new BackupRefused('missing', `There is no database at ${places.database}.`);
  }
  await mkdir(places.backups, { recursive: true, mode: 0o700 });
  const partial = join(places.backups, `${PARTIAL}${prefixOf(places.database)}${randomBytes(6).toString('hex')}`);
  // Customer data: only the server's user may read a backup.
  await mkdir(partial, { mode: 0o700 });
  try {
    const copy = join(partial, basename(places.database));
    await runWorker({ task: 'copy', source: places.database, target: copy }, (message) => {
      if (message.kind === 'copying') phase('copying');
    });
    phase('verifying');
    const verdict = await verifyBackup(copy);
    if (!verdict.ok) throw new Error(`the copy failed its check: ${verdict.problem}`);
    await fsyncFile(copy);
    const databaseBytes = (await stat(copy)).size;

    phase('uploads');
    const uploads = await copyUploads(places.uploads, join(partial, UPLOADS));
    const manifest = {
      takenAt: now.toISOString(),
      database: basename(places.database),
      databaseBytes,
      integrityCheck: 'ok',
      migrations: verdict.migrations,
      uploads: { directory: UPLOADS, files: uploads.files, bytes: uploads.bytes },
    };
    await writeFile(join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

    const name = await renameIntoPlace(partial, places.backups, `${prefixOf(places.database)}${backupStamp(now)}`);
    await fsyncDirectory(places.backups);
    const pruned = await pruneBackups(places.backups, places.database, options.keep, now.getTime());
    return {
      path: join(places.backups, name),
      name,
      databaseBytes,
      uploadsBytes: uploads.bytes,
      uploadsFiles: uploads.files,
      bytes: databaseBytes + uploads.bytes,
      ms: Math.round(performance.now() - started),
      migrations: verdict.migrations,
      pruned,
    };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** `rename` to `base`, or `base-2`, `base-3`… when a backup already took that second. */
async function renameIntoPlace(from: string, dir: string, base: string): Promise<string> {
  for (let n = 1; n <= 100; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    if (await exists(join(dir, name))) continue;
    try {
      await rename(from, join(dir, name));
      return name;
    } catch (error) {
      // Another process took the name between the look and the rename.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST' && code !== 'ENOTEMPTY') throw error;
    }
  }
  throw new Error(`no free name for a backup ${base} in ${dir}`);
}

/**
 * Copies the uploads folder (without bodies still arriving); a missing one is an empty one.
 * The server keeps writing meanwhile: a file removed between listing and copying (a refused
 * upload being cleaned away) is skipped rather than failing the backup.
 */
async function copyUploads(from: string, to: string): Promise<{ files: number; bytes: number }> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  const tallied = { files: 0, bytes: 0 };
  const entries = await readdir(from, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries) {
    if (entry.name === INCOMING) continue;
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      const inner = await copyUploads(source, target);
      tallied.files += inner.files;
      tallied.bytes += inner.bytes;
    } else if (entry.isFile()) {
      try {
        await copyFile(source, target);
        tallied.files += 1;
        tallied.bytes += (await stat(target)).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  return tallied;
}

async function tally(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await lstat(join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

async function fsyncFile(path: string) {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function fsyncDirectory(path: string) {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a directory; the rename itself is still atomic.
  } finally {
    await handle.close();
  }
}

// Restore ------------------------------------------------------------------------------------

export interface RestoreResult {
  database: string;
  /** Where the previous database (and its -wal) and uploads were moved, if there were any. */
  movedAside: string[];
  /** The uploads restored, or null when the backup has none (a bare database file). */
  uploads: { files: number; bytes: number } | null;
  migrations: number;
}

export interface RestoreOptions {
  /** Replace an existing database (it is moved aside, never deleted). */
  force?: boolean;
  now?: () => Date;
}

/** A backup directory (or the database file inside one, or a bare database file). */
async function resolveBackup(source: string): Promise<{ database: string; uploads: string | null }> {
  const path = resolve(source);
  const info = await stat(path).catch(() => null);
  if (!info) throw new BackupRefused('invalid-backup', `There is no backup at ${path}.`);
  const dir = info.isDirectory() ? path : dirname(path);
  const manifest = await readFile(join(dir, MANIFEST), 'utf8')
    .then((text) => JSON.parse(text) as { database?: unknown })
    .catch(() => null);
  if (info.isDirectory()) {
    const named = typeof manifest?.database === 'string' ? basename(manifest.database) : null;
    const databases = named ? [named] : (await readdir(dir)).filter((name) => name.endsWith('.db'));
    if (databases.length !== 1) {
      throw new BackupRefused(
        'invalid-backup',
        `${path} is not a backup: it should hold one .db file and ${MANIFEST}.`,
      );
    }
    return { database: join(dir, databases[0]!), uploads: join(dir, UPLOADS) };
  }
  // A file: the copy inside a backup directory brings that backup's uploads along.
  return { database: path, uploads: manifest ? join(dir, UPLOADS) : null };
}

/**
 * Fails quickly when a server (or anything else) has the database open. Our server keeps it
 * in WAL mode, where every open connection holds a shared lock: switching the journal mode
 * back to DELETE needs every other connection gone. When it succeeds it also folds the WAL
 * into the file, so the copy moved aside is complete by itself.
 */
async function refuseIfInUse(database: string) {
  const client = createClient({ url: `file:${database}`, timeout: 0 });
  try {
    await client.execute('PRAGMA journal_mode = DELETE');
  } catch (error) {
    const code = String((error as { code?: unknown }).code ?? '');
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
      throw new BackupRefused(
        'in-use',
        `The database ${database} is in use (another process has it open): stop the server first, then restore.`,
      );
    }
    // A damaged database (a reason to restore) cannot switch modes: it is moved aside as it is.
  } finally {
    client.close();
  }
}

/**
 * Puts a backup in place of the local database, with the server stopped: checks the backup
 * first, refuses to replace an existing database without `force` or one in use, moves the
 * old database (and its -wal) and uploads aside as `….before-restore-<stamp>`, removes a stale
 * -shm, then copies the backup in under a temporary name and renames it.
 */
export async function restoreBackup(
  source: string,
  places: BackupPlaces,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const backup = await resolveBackup(source);
  const verdict = await verifyBackup(backup.database);
  if (!verdict.ok) {
    throw new BackupRefused('invalid-backup', `The backup ${backup.database} is not usable: ${verdict.problem}`);
  }
  const target = places.database;
  const present = await exists(target);
  if (present && !options.force) {
    throw new BackupRefused(
      'exists',
      `A database already exists at ${target}. Stop the server and run again with --force to replace it ` +
        '(it is moved aside, not deleted).',
    );
  }
  if (present) await refuseIfInUse(target);

  const aside = `before-restore-${backupStamp(options.now?.() ?? new Date())}`;
  const movedAside: string[] = [];
  await mkdir(dirname(target), { recursive: true });
  // A -wal left without its database would be replayed into the restored one: it goes too.
  for (const suffix of ['', '-wal', '-journal']) {
    if (!(await exists(`${target}${suffix}`))) continue;
    const to = `${target}.${aside}${suffix}`;
    await rename(`${target}${suffix}`, to);
    movedAside.push(to);
  }
  await unlink(`${target}-shm`).catch(() => {});

  const incoming = `${target}.restoring-${randomBytes(6).toString('hex')}`;
  try {
    await cp(backup.database, incoming);
    await fsyncFile(incoming);
    await rename(incoming, target);
  } catch (error) {
    await rm(incoming, { force: true });
    throw error;
  }
  await fsyncDirectory(dirname(target));

  let uploads: RestoreResult['uploads'] = null;
  if (backup.uploads && (await stat(backup.uploads).catch(() => null))?.isDirectory()) {
    if (await exists(places.uploads)) {
      const to = `${places.uploads}.${aside}`;
      await rename(places.uploads, to);
      movedAside.push(to);
    }
    await mkdir(dirname(places.uploads), { recursive: true });
    const staging = `${places.uploads}.restoring-${randomBytes(6).toString('hex')}`;
    await cp(backup.uploads, staging, { recursive: true, preserveTimestamps: true });
    await rename(staging, places.uploads);
    uploads = await tally(places.uploads);
  }
  return { database: target, movedAside, uploads, migrations: verdict.migrations };
}

// Words --------------------------------------------------------------------------------------

/** `1.2 MB`, `340 KB`, `12 B`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

export const files = (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`;

/** The one line `npm run db:backup` prints. */
export function describeBackup(result: BackupResult): string {
  const pruned = result.pruned.length > 0 ? `; ${result.pruned.length} older removed` : '';
  return (
    `backup written: ${result.path} (database ${formatBytes(result.databaseBytes)}, integrity ok; ` +
    `uploads ${files(result.uploadsFiles)}, ${formatBytes(result.uploadsBytes)}) in ${result.ms} ms${pruned}`
  );
}

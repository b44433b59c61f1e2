/**
 * Backups that leave the machine: each verified backup (backup.ts) is encrypted and sent to
 * object storage at BACKUP_URL, old ones are deleted past BACKUP_REMOTE_KEEP, and a fresh
 * machine restores from there (`npm run db:restore -- --from-bucket`).
 *
 * In the bucket, under BACKUP_URL's prefix:
 *
 *   backups/app-<UTC time>/app.db       the database copy          } each sealed with BACKUP_KEY
 *   backups/app-<UTC time>/backup.json  its manifest               } (sealed-stream.ts), its key
 *   backups/app-<UTC time>/complete     written last: which uploads } in the bucket bound in
 *   uploads/<name>                      every upload, sent once     } as additional data
 *
 * A backup counts only once its `complete` object is there (written after every other part), so
 * a push that died half-way is never offered for a restore. Uploads never change under a name
 * (random names, written once), so each is sent once and shared by every backup that lists it;
 * pruning deletes the ones no kept backup lists.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { decodeKey32, type ServerEnv } from '../env.ts';
import {
  type BucketPlace,
  bucketPlace,
  deleteObjects,
  getObject,
  listObjects,
  putObject,
  readObject,
  type S3Settings,
} from '../storage/s3.ts';
import { sealBuffer, sealedLength, sealStream, unsealBuffer, unsealToFile } from '../storage/sealed-stream.ts';
import { BackupRefused, formatBytes } from './backup.ts';

export interface RemoteBackups {
  place: BucketPlace;
  key: Buffer;
  keep: number;
}

type RemoteSettings = Pick<ServerEnv, 'BACKUP_URL' | 'BACKUP_KEY' | 'BACKUP_REMOTE_KEEP'> & S3Settings;

/** The bucket from the settings; null when BACKUP_URL is unset (backups stay on this machine). */
export function remoteBackups(env: RemoteSettings): RemoteBackups | null {
  if (!env.BACKUP_URL) return null;
  const key = env.BACKUP_KEY ? decodeKey32(env.BACKUP_KEY) : null;
  // The settings schema requires a valid key with BACKUP_URL; this is for callers that skip it.
  if (!key) throw new Error('BACKUP_KEY (32 bytes, hex or base64) is required with BACKUP_URL');
  return { place: bucketPlace(env.BACKUP_URL, env), key, keep: env.BACKUP_REMOTE_KEEP };
}

/** A backup's name or one part of an upload's path: never `..`, never a separator. */
const SAFE_NAME = /^(?!\.\.?$)[A-Za-z0-9._-]+$/;
const BACKUPS = 'backups/';
const UPLOADS = 'uploads/';
const COMPLETE = 'complete';
/** Uploads sent this recently may belong to a push still running elsewhere: never pruned yet. */
const UPLOAD_GRACE_MS = 60 * 60_000;

interface Completion {
  name: string;
  takenAt: string;
  database: string;
  /** Upload paths (relative, `/`-separated) this backup holds. */
  uploads: string[];
}

/** Sends one local file, sealed, streaming. */
async function sendFile(remote: RemoteBackups, key: string, path: string) {
  const { size } = await stat(path);
  const body = Readable.from(sealStream(remote.key, key, createReadStream(path)));
  await putObject(remote.place, key, body, sealedLength(size));
  return sealedLength(size);
}

async function sendJson(remote: RemoteBackups, key: string, value: unknown) {
  const sealed = await sealBuffer(remote.key, key, Buffer.from(`${JSON.stringify(value, null, 2)}\n`));
  await putObject(remote.place, key, sealed, sealed.length);
  return sealed.length;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

export interface PushResult {
  /** `s3://bucket/prefix/backups/app-<time>/`. */
  url: string;
  name: string;
  /** Sealed bytes sent, and uploads sent now versus already in the bucket. */
  bytes: number;
  uploadsSent: number;
  uploadsPresent: number;
}

/** Sends the verified local backup at `backupPath` (a directory made by createBackup). */
export async function pushBackup(remote: RemoteBackups, backupPath: string): Promise<PushResult> {
  const manifestText = await readFile(join(backupPath, 'backup.json'), 'utf8');
  const manifest = JSON.parse(manifestText) as { takenAt: string; database: string };
  const name = backupPath.split(sep).filter(Boolean).at(-1)!;
  const prefix = `${BACKUPS}${name}/`;
  let bytes = 0;
  bytes += await sendFile(remote, `${prefix}${manifest.database}`, join(backupPath, manifest.database));
  bytes += await sendFile(remote, `${prefix}backup.json`, join(backupPath, 'backup.json'));

  const uploads = await filesUnder(join(backupPath, 'uploads'));
  const present = new Set((await listObjects(remote.place, UPLOADS)).map((object) => object.key));
  let uploadsSent = 0;
  for (const path of uploads) {
    const key = `${UPLOADS}${path}`;
    if (present.has(key)) continue;
    bytes += await sendFile(remote, key, join(backupPath, 'uploads', ...path.split('/')));
    uploadsSent += 1;
  }
  const completion: Completion = { name, takenAt: manifest.takenAt, database: manifest.database, uploads };
  bytes += await sendJson(remote, `${prefix}${COMPLETE}`, completion);
  return {
    url: `${remote.place.url}${prefix}`,
    name,
    bytes,
    uploadsSent,
    uploadsPresent: uploads.length - uploadsSent,
  };
}

/** Pushes, then prunes the bucket to BACKUP_REMOTE_KEEP: what `db:backup` and the schedule do. */
export async function sendOffMachine(remote: RemoteBackups, backupPath: string) {
  const pushed = await pushBackup(remote, backupPath);
  const pruned = await pruneRemoteBackups(remote);
  return { ...pushed, pruned: pruned.removed, uploadsPruned: pruned.uploadsRemoved };
}

/** The line `npm run db:backup` prints for the copy in the bucket. */
export function describePush(result: Awaited<ReturnType<typeof sendOffMachine>>): string {
  const pruned = result.pruned.length > 0 ? `; ${result.pruned.length} older removed from the bucket` : '';
  return (
    `backup encrypted and sent: ${result.url} (${formatBytes(result.bytes)}; uploads: ${result.uploadsSent} sent, ` +
    `${result.uploadsPresent} already there)${pruned}`
  );
}

/** The complete backups in the bucket, newest first (names sort by time). */
export async function listRemoteBackups(remote: RemoteBackups): Promise<string[]> {
  const objects = await listObjects(remote.place, BACKUPS);
  return objects
    .map((object) => /^backups\/([^/]+)\/complete$/.exec(object.key)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort()
    .reverse();
}

async function completionOf(remote: RemoteBackups, name: string): Promise<Completion> {
  const key = `${BACKUPS}${name}/${COMPLETE}`;
  const sealed = await readObject(remote.place, key);
  if (!sealed) throw new BackupRefused('invalid-backup', `There is no complete backup ${name} in ${remote.place.url}.`);
  return JSON.parse((await unsealBuffer(remote.key, key, sealed)).toString('utf8')) as Completion;
}

/**
 * Keeps the `keep` newest complete backups in the bucket; deletes the older ones, pushes that
 * died (no `complete`) more than an hour ago, and uploads that no kept backup holds.
 */
export async function pruneRemoteBackups(remote: RemoteBackups, now = Date.now()) {
  const complete = await listRemoteBackups(remote);
  const kept = complete.slice(0, Math.max(remote.keep, 1));
  const objects = await listObjects(remote.place, BACKUPS);
  const doomed: string[] = [];
  const removed = new Set<string>();
  for (const object of objects) {
    const name = /^backups\/([^/]+)\//.exec(object.key)?.[1];
    if (!name || kept.includes(name)) continue;
    const abandoned = !complete.includes(name) && now - object.lastModified.getTime() > UPLOAD_GRACE_MS;
    if (complete.includes(name) || abandoned) {
      doomed.push(object.key);
      removed.add(name);
    }
  }
  // `complete` first: a backup half deleted is no longer offered for a restore.
  doomed.sort((a, b) => Number(b.endsWith(`/${COMPLETE}`)) - Number(a.endsWith(`/${COMPLETE}`)));
  await deleteObjects(remote.place, doomed);

  const held = new Set<string>();
  for (const name of kept) for (const path of (await completionOf(remote, name)).uploads) held.add(path);
  const orphans = (await listObjects(remote.place, UPLOADS))
    .filter((object) => !held.has(object.key.slice(UPLOADS.length)))
    .filter((object) => now - object.lastModified.getTime() > UPLOAD_GRACE_MS)
    .map((object) => object.key);
  await deleteObjects(remote.place, orphans);
  return { removed: [...removed].filter((name) => complete.includes(name)), uploadsRemoved: orphans.length };
}

async function fetchSealed(remote: RemoteBackups, key: string, target: string) {
  const found = await getObject(remote.place, key);
  if (!found) throw new BackupRefused('invalid-backup', `${remote.place.url}${key} is missing.`);
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  return unsealToFile(remote.key, key, found.body, target);
}

/**
 * Downloads and decrypts the backup `name` (the newest when undefined) into a new directory
 * inside `intoDir`, laid out as a local backup (backup.ts), for restoreBackup; answers its path.
 * Nothing is left behind when a part is missing or fails to decrypt.
 */
export async function fetchRemoteBackup(remote: RemoteBackups, name: string | undefined, intoDir: string) {
  const chosen = name ?? (await listRemoteBackups(remote))[0];
  if (!chosen) throw new BackupRefused('missing', `There is no complete backup in ${remote.place.url}.`);
  if (!SAFE_NAME.test(chosen)) throw new BackupRefused('invalid-backup', `${chosen} is not a backup name.`);
  const completion = await completionOf(remote, chosen);
  const unsafe = completion.uploads.find((path) => path.split('/').some((part) => !SAFE_NAME.test(part)));
  if (unsafe !== undefined) throw new BackupRefused('invalid-backup', `${chosen} lists an unsafe path: ${unsafe}`);
  await mkdir(intoDir, { recursive: true, mode: 0o700 });
  const target = join(intoDir, `.from-bucket-${randomBytes(6).toString('hex')}`, chosen);
  await mkdir(target, { recursive: true, mode: 0o700 });
  try {
    const prefix = `${BACKUPS}${chosen}/`;
    await fetchSealed(remote, `${prefix}${completion.database}`, join(target, completion.database));
    await fetchSealed(remote, `${prefix}backup.json`, join(target, 'backup.json'));
    await mkdir(join(target, 'uploads'), { mode: 0o700 });
    for (const path of completion.uploads) {
      await fetchSealed(remote, `${UPLOADS}${path}`, join(target, 'uploads', ...path.split('/')));
    }
  } catch (error) {
    await rm(dirname(target), { recursive: true, force: true });
    throw error;
  }
  return { name: chosen, path: target, uploads: completion.uploads.length };
}

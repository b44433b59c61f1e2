// `npm run db:restore -- <backup> [--force]`: puts a backup (a directory made by db:backup)
// in place of the local database and its uploads, with the server stopped
// (src/server/db/backup.ts; docs/operations.md: Backups and restore). The previous database and uploads
// are moved aside as `….before-restore-<time>`, never deleted.
// `npm run db:restore -- --from-bucket [<name>] [--force]`: the same from BACKUP_URL (the newest
// complete backup, or the one named), downloaded and decrypted with BACKUP_KEY first: a fresh
// machine needs only the settings. `--list-bucket` lists the backups there.
// Exit codes: 0 restored, 1 failed, 2 refused (existing database without --force, database in
// use, backup that fails its check, remote database, bad arguments).
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupRefused, backupPlaces, files, formatBytes, restoreBackup } from '#server/db/backup.ts';
import { fetchRemoteBackup, listRemoteBackups, remoteBackups } from '#server/db/backup-remote.ts';
import { serverEnv } from '#server/env.ts';

const USAGE = [
  'usage: npm run db:restore -- <backup directory> [--force]',
  '       npm run db:restore -- --from-bucket [<backup name>] [--force]   (BACKUP_URL, BACKUP_KEY)',
  '       npm run db:restore -- --list-bucket',
].join('\n');

function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

const args = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        force: { type: 'boolean', default: false },
        'from-bucket': { type: 'boolean', default: false },
        'list-bucket': { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    return refuse(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
})();
const fromBucket = args.values['from-bucket'] || args.values['list-bucket'];
if (fromBucket ? args.positionals.length > 1 : args.positionals.length !== 1) refuse(USAGE);

let downloaded: string | undefined;
try {
  const env = serverEnv();
  const places = backupPlaces(env);
  let source = args.positionals[0];
  if (fromBucket) {
    const remote = remoteBackups(env);
    if (!remote) refuse('BACKUP_URL is not set: there is no bucket to restore from.');
    try {
      if (args.values['list-bucket']) {
        const names = await listRemoteBackups(remote);
        for (const name of names) console.log(name);
        if (names.length === 0) console.log(`no complete backup in ${remote.place.url}`);
        process.exit(0);
      }
      const fetched = await fetchRemoteBackup(remote, source, places.backups);
      downloaded = dirname(fetched.path);
      console.log(
        `downloaded and decrypted ${fetched.name} from ${remote.place.url} (uploads: ${files(fetched.uploads)})`,
      );
      source = fetched.path;
    } finally {
      remote.place.client.destroy();
    }
  }
  const result = await restoreBackup(source!, places, { force: args.values.force });
  console.log(`restored ${result.database} (integrity ok, ${result.migrations} migrations)`);
  console.log(
    result.uploads
      ? `restored uploads into ${places.uploads} (${files(result.uploads.files)}, ${formatBytes(result.uploads.bytes)})`
      : 'the backup has no uploads folder: uploads left as they were',
  );
  for (const path of result.movedAside) console.log(`moved aside: ${path}`);
  console.log('start the server now; it applies any newer migrations at start.');
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof BackupRefused ? message : `restore failed: ${message}`);
  process.exitCode = error instanceof BackupRefused ? 2 : 1;
} finally {
  // The decrypted download was only a means: the restored database is the copy that counts.
  if (downloaded) await rm(downloaded, { recursive: true, force: true });
}

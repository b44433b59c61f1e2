// `npm run db:restore -- <backup> [--force]`: puts a backup (a directory made by db:backup)
// in place of the local database and its uploads, with the server stopped
// (src/server/db/backup.ts; docs/operations.md: Backups and restore). The previous database and uploads
// are moved aside as `….before-restore-<time>`, never deleted.
// Exit codes: 0 restored, 1 failed, 2 refused (existing database without --force, database in
// use, backup that fails its check, remote database, bad arguments).
import { parseArgs } from 'node:util';
import { BackupRefused, backupPlaces, files, formatBytes, restoreBackup } from '#server/db/backup.ts';
import { serverEnv } from '#server/env.ts';

const USAGE = 'usage: npm run db:restore -- <backup directory> [--force]';

function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

const args = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
  } catch (error) {
    return refuse(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
})();
if (args.positionals.length !== 1) refuse(USAGE);

try {
  const places = backupPlaces(serverEnv());
  const result = await restoreBackup(args.positionals[0]!, places, { force: args.values.force });
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
  if (error instanceof BackupRefused) refuse(message);
  console.error(`restore failed: ${message}`);
  process.exit(1);
}

// `npm run db:backup`: a verified online backup of the local database and its uploads into
// BACKUP_DIR, then prune to BACKUP_KEEP (src/server/db/backup.ts; docs/operations.md: Backups and restore).
// Safe while the server runs. Exit codes: 0 written, 1 failed, 2 refused (remote database...).
import { BackupRefused, backupPlaces, createBackup, describeBackup } from '#server/db/backup.ts';
import { serverEnv } from '#server/env.ts';

try {
  const env = serverEnv();
  const result = await createBackup(backupPlaces(env), { keep: env.BACKUP_KEEP });
  console.log(describeBackup(result));
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof BackupRefused) {
    console.error(message);
    process.exit(2);
  }
  console.error(`backup failed: ${message}`);
  process.exit(1);
}

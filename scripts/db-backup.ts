// `npm run db:backup`: a verified online backup of the local database and its uploads into
// BACKUP_DIR, then prune to BACKUP_KEEP (src/server/db/backup.ts; docs/operations.md: Backups and restore).
// With BACKUP_URL set, the backup is then encrypted and sent to that bucket, which is pruned to
// BACKUP_REMOTE_KEEP (src/server/db/backup-remote.ts).
// Safe while the server runs. Exit codes: 0 written (and sent), 1 failed, 2 refused (remote database...).
import { BackupRefused, backupPlaces, createBackup, describeBackup } from '#server/db/backup.ts';
import { describePush, remoteBackups, sendOffMachine } from '#server/db/backup-remote.ts';
import { serverEnv } from '#server/env.ts';

try {
  const env = serverEnv();
  const remote = remoteBackups(env);
  const result = await createBackup(backupPlaces(env), { keep: env.BACKUP_KEEP });
  console.log(describeBackup(result));
  if (remote) {
    try {
      console.log(describePush(await sendOffMachine(remote, result.path)));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`the backup is on this machine only: sending it to ${remote.place.url} failed: ${message}`);
      process.exit(1);
    } finally {
      remote.place.client.destroy();
    }
  }
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof BackupRefused) {
    console.error(message);
    process.exit(2);
  }
  console.error(`backup failed: ${message}`);
  process.exit(1);
}

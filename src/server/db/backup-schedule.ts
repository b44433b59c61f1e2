/**
 * Backups taken by the server itself every BACKUP_EVERY (off by default). The copy and its
 * check run in a worker thread on a connection of their own (backup.ts), so requests and the
 * write queue carry on meanwhile. One backup at a time: the next is timed only once the last
 * has finished. A failure is logged at error level and retried after a backoff (1 min, 2, 4…,
 * never later than the regular interval) instead of waiting a whole interval. With BACKUP_URL,
 * each backup is also encrypted and sent to the bucket (backup-remote.ts); it counts as taken
 * only once it is there.
 */
import type { ServerEnv } from '../env.ts';
import { backupPlaces, createBackup, listBackups, type BackupPlaces } from './backup.ts';
import { type RemoteBackups, sendOffMachine } from './backup-remote.ts';

/** The logger calls used (pino's, so Fastify's `app.log` fits). */
export interface BackupLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface BackupSchedule {
  /** Cancels the next backup and waits for a running one to finish. */
  stop(): Promise<void>;
}

export interface BackupScheduleOptions {
  env: Pick<ServerEnv, 'DATABASE_URL' | 'UPLOADS_DIR' | 'BACKUP_DIR' | 'BACKUP_EVERY' | 'BACKUP_KEEP'>;
  log: BackupLog;
  /** BACKUP_URL (`remoteBackups(env)`): each backup is then sent there too, and the bucket pruned. */
  remote?: RemoteBackups | null;
  /** The first retry after a failure (doubling after each further failure). */
  retryAfterMs?: number;
}

export const FIRST_RETRY_MS = 60_000;

export function startBackupSchedule({
  env,
  log,
  remote = null,
  retryAfterMs = FIRST_RETRY_MS,
}: BackupScheduleOptions): BackupSchedule {
  if (env.BACKUP_EVERY === undefined) return { stop: async () => {} };
  const every = env.BACKUP_EVERY;
  let places: BackupPlaces;
  try {
    places = backupPlaces(env);
  } catch (error) {
    // A remote database: its provider keeps the backups (the message says where to read more).
    log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'BACKUP_EVERY is set: no scheduled backups',
    );
    return { stop: async () => {} };
  }
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let failures = 0;

  const later = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = backup();
    }, ms);
    timer.unref();
  };

  async function backup(): Promise<void> {
    try {
      const result = await createBackup(places, { keep: env.BACKUP_KEEP });
      failures = 0;
      log.info({ backup: result.path, bytes: result.bytes, ms: result.ms, pruned: result.pruned }, 'backup written');
      if (remote) {
        // A failure here is a failed backup (retried below): it is not off the machine yet.
        const sent = await sendOffMachine(remote, result.path);
        log.info(
          { backup: sent.url, bytes: sent.bytes, uploadsSent: sent.uploadsSent, pruned: sent.pruned },
          'backup sent',
        );
      }
      later(every);
    } catch (error) {
      failures += 1;
      const retryInMs = Math.min(retryAfterMs * 2 ** (failures - 1), every);
      log.error({ err: error instanceof Error ? error.message : String(error), failures, retryInMs }, 'backup failed');
      later(retryInMs);
    }
  }

  // A restart does not reset the clock: the next backup is due one interval after the newest on
  // disk, and at once when there is none (frequent deploys must not postpone the first forever).
  running = listBackups(places.backups, places.database).then(
    ([newest]) => later(newest ? Math.max(0, Math.min(every, newest.takenAt.getTime() + every - Date.now())) : 0),
    () => later(0),
  );

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

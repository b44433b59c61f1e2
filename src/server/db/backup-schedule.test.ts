import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { backupStamp, listBackups } from './backup.ts';
import { startBackupSchedule, type BackupLog } from './backup-schedule.ts';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A migrated database in a temp dir, and the settings for it. */
async function setup(overrides: { every?: number; keep?: number } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'palmetto-schedule-'));
  dirs.push(dir);
  const database = await openDatabase(`file:${join(dir, 'app.db')}`);
  await migrateDatabase(database);
  database.client.close();
  return {
    dir,
    backups: join(dir, 'backups'),
    env: {
      DATABASE_URL: `file:${join(dir, 'app.db')}`,
      UPLOADS_DIR: join(dir, 'uploads'),
      BACKUP_DIR: join(dir, 'backups'),
      BACKUP_EVERY: overrides.every,
      BACKUP_KEEP: overrides.keep ?? 48,
    },
  };
}

/** Records what the schedule logs, as pino would receive it. */
function recorder() {
  const lines: { level: 'info' | 'warn' | 'error'; obj: Record<string, unknown>; msg: string }[] = [];
  const log: BackupLog = {
    info: (obj, msg) => lines.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
  };
  return { lines, log };
}

const partials = (dir: string) => {
  try {
    return readdirSync(dir).filter((name) => name.startsWith('.partial-')).length;
  } catch {
    return 0;
  }
};

describe('scheduled backups', () => {
  it('take one at start when there is none, then every interval, logging each; never two at once', async () => {
    const { env, backups } = await setup({ every: 50, keep: 100 });
    const { lines, log } = recorder();
    // The schedule's timers are fake (vi.waitFor moves them on at each look): after stop() we can
    // see that none is left, instead of waiting to see whether another backup appears.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let mostAtOnce = 0;
    const watch = setInterval(() => {
      mostAtOnce = Math.max(mostAtOnce, partials(backups));
    }, 5);
    const schedule = startBackupSchedule({ env, log });
    try {
      await vi.waitFor(() => expect(lines.filter((l) => l.msg === 'backup written').length).toBeGreaterThanOrEqual(3), {
        // Each backup is real file I/O: on a starved machine three can take long; a hang still fails.
        timeout: 45_000,
        interval: 20,
      });
    } finally {
      await schedule.stop();
      clearInterval(watch);
    }
    const timed = vi.getTimerCount();
    vi.useRealTimers();
    expect(timed).toBe(0);
    const written = lines.filter((l) => l.msg === 'backup written');
    expect(written[0]).toMatchObject({
      level: 'info',
      obj: {
        backup: expect.stringContaining(join(backups, 'app-')),
        bytes: expect.any(Number),
        ms: expect.any(Number),
      },
    });
    expect(lines.some((l) => l.level === 'error')).toBe(false);
    expect(mostAtOnce).toBeLessThanOrEqual(1);
    // stop() waited for the one running: nothing half-made remains and nothing more starts.
    expect(partials(backups)).toBe(0);
    const count = (await listBackups(backups, env.DATABASE_URL.slice(5))).length;
    expect(count).toBeGreaterThanOrEqual(written.length);
    expect((await listBackups(backups, env.DATABASE_URL.slice(5))).length).toBe(count);
  });

  it('logs a failure at error level and retries after the backoff, long before the next interval', async () => {
    const { env, dir } = await setup({ every: 3_600_000 });
    // BACKUP_DIR is a file for now, so the first attempt fails; the operator then fixes it.
    const blocked = join(dir, 'blocked');
    writeFileSync(blocked, 'not a folder');
    const { lines, log } = recorder();
    const schedule = startBackupSchedule({
      env: { ...env, BACKUP_DIR: join(blocked, 'backups') },
      log: {
        ...log,
        error: (obj, msg) => {
          log.error(obj, msg);
          rmSync(blocked);
          mkdirSync(blocked);
        },
      },
      retryAfterMs: 100,
    });
    try {
      await vi.waitFor(() => expect(lines.map((l) => l.msg)).toContain('backup written'), {
        timeout: 15_000,
        interval: 20,
      });
    } finally {
      await schedule.stop();
    }
    const failed = lines.find((l) => l.msg === 'backup failed');
    expect(failed).toMatchObject({ level: 'error', obj: { err: expect.any(String), failures: 1, retryInMs: 100 } });
    expect(lines.map((l) => l.msg)).toEqual(['backup failed', 'backup written']);
  });

  it('after a restart, the next backup is due one interval after the newest on disk', async () => {
    const { env, backups } = await setup({ every: 3_600_000 });
    mkdirSync(join(backups, `app-${backupStamp(new Date())}`), { recursive: true });
    const { lines, log } = recorder();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const schedule = startBackupSchedule({ env, log });
      // Once it has read the backups on disk it times the next one: a minute short of the interval, none yet.
      await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));
      await vi.advanceTimersByTimeAsync(3_600_000 - 60_000);
      await schedule.stop();
    } finally {
      vi.useRealTimers();
    }
    expect(lines).toEqual([]);
    expect(readdirSync(backups)).toHaveLength(1);
  });

  it('are off without BACKUP_EVERY, and refused with a warning for a remote database', async () => {
    const { env, backups } = await setup();
    const off = recorder();
    await startBackupSchedule({ env, log: off.log }).stop();
    expect(off.lines).toEqual([]);
    expect(partials(backups)).toBe(0);

    const remote = recorder();
    await startBackupSchedule({
      env: { ...env, DATABASE_URL: 'libsql://shop.turso.io', BACKUP_EVERY: 1000 },
      log: remote.log,
    }).stop();
    expect(remote.lines).toEqual([
      {
        level: 'warn',
        obj: { err: expect.stringContaining('point-in-time restore') },
        msg: 'BACKUP_EVERY is set: no scheduled backups',
      },
    ]);
  });
});

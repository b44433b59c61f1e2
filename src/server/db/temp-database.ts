import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { appDatabase, type AppDatabase } from './index.ts';

/** A migrated libSQL file in a fresh temp directory, and a way to delete it. */
export async function tempDatabase(): Promise<{ database: AppDatabase; url: string; cleanup: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'palmetto-test-'));
  const url = `file:${join(dir, 'test.db')}`;
  const database = appDatabase(await openDatabase(url));
  await migrateDatabase(database);
  return {
    database,
    url,
    cleanup: () => {
      database.client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

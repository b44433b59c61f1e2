import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/client.mjs';
import { migrateDatabase } from '../../src/server/db/migrate.mjs';
import { appDatabase, type AppDatabase } from '../../src/server/db';

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

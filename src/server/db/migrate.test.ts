import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

const dir = mkdtempSync(join(tmpdir(), 'palmetto-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The committed migrations up to (not including) entry `upTo`, as a folder of their own. */
function migrationsBefore(upTo: number) {
  const folder = join(dir, `migrations-${upTo}`);
  cpSync('drizzle', folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < upTo);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migrations on a database that already holds data', () => {
  it('every later migration keeps users, their sessions and their orders', async () => {
    const database = await openDatabase(`file:${join(dir, 'upgrade.db')}`);
    await migrateDatabase(database, migrationsBefore(4));
    const now = Date.now();
    await database.client.batch(
      [
        {
          sql: "INSERT INTO users (id, name, email, password_hash, role, status, created_at, updated_at) VALUES ('u1', 'Ann', 'ann@example.com', 'hash', 'customer', 'active', ?, ?)",
          args: [now, now],
        },
        {
          sql: "INSERT INTO sessions (id, user_id, secret_hash, created_at, last_verified_at) VALUES ('s1', 'u1', x'00', ?, ?)",
          args: [now, now],
        },
        {
          sql: "INSERT INTO orders (id, user_id, name, email, phone, business_name, status, total_cents, payment_provider, created_at, updated_at) VALUES ('o1', 'u1', 'Ann', 'ann@example.com', '407 555 0199', 'Bakery', 'pending_payment', 380000, 'invoice', ?, ?)",
          args: [now, now],
        },
      ],
      'write',
    );
    await migrateDatabase(database);
    const users = await database.client.execute('SELECT id, email, status, pending_email FROM users');
    expect(users.rows.map((r) => ({ ...r }))).toEqual([
      { id: 'u1', email: 'ann@example.com', status: 'active', pending_email: null },
    ]);
    expect((await database.client.execute('SELECT id FROM sessions')).rows).toHaveLength(1);
    expect((await database.client.execute('SELECT id FROM orders')).rows).toHaveLength(1);
    const fk = await database.client.execute('PRAGMA foreign_key_check');
    expect(fk.rows).toEqual([]);
    database.client.close();
  });
});

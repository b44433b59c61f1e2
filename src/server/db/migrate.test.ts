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

  it('0013 makes the order status the project stage, keeping every order, its lines and its history', async () => {
    const database = await openDatabase(`file:${join(dir, 'stages.db')}`);
    await migrateDatabase(database, migrationsBefore(13));
    const now = Date.now();
    const order = (id: string, status: string) => ({
      sql: `INSERT INTO orders (id, user_id, name, email, phone, business_name, status, total_cents, payment_provider, created_at, updated_at) VALUES (?, 'u1', 'Ann', 'ann@example.com', '(407) 555-0199', 'Bakery', ?, 380000, 'invoice', ?, ?)`,
      args: [id, status, now, now],
    });
    await database.client.batch(
      [
        {
          sql: "INSERT INTO users (id, name, email, password_hash, role, status, created_at, updated_at) VALUES ('u1', 'Ann', 'ann@example.com', 'hash', 'customer', 'active', ?, ?)",
          args: [now, now],
        },
        order('o1', 'in_progress'),
        order('o2', 'in_review'),
        order('o3', 'delivered'),
        order('o4', 'paid'),
        {
          sql: "INSERT INTO order_items (id, order_id, position, sku, description, quantity, unit_cents, amount_cents, interval) VALUES ('i1', 'o1', 0, 'website-build', 'Build', 1, 380000, 380000, 'once')",
          args: [],
        },
        {
          sql: "INSERT INTO order_events (id, order_id, at, from_status, to_status) VALUES ('e1', 'o3', ?, 'in_review', 'delivered')",
          args: [now],
        },
      ],
      'write',
    );
    await migrateDatabase(database);
    const statuses = await database.client.execute('SELECT id, status, phone_digits FROM orders ORDER BY id');
    expect(statuses.rows.map((r) => [r.id, r.status, r.phone_digits])).toEqual([
      ['o1', 'in_design', '4075550199'],
      ['o2', 'preview_ready', '4075550199'],
      ['o3', 'launched', '4075550199'],
      ['o4', 'paid', '4075550199'],
    ]);
    expect((await database.client.execute('SELECT id FROM order_items')).rows).toHaveLength(1);
    const events = await database.client.execute('SELECT from_status, to_status FROM order_events');
    expect(events.rows.map((r) => [r.from_status, r.to_status])).toEqual([['preview_ready', 'launched']]);
    expect((await database.client.execute('PRAGMA foreign_key_check')).rows).toEqual([]);
    database.client.close();
  });

  it('0019 adds the ordered stage and the reply clock to leads, keeping every lead and its notes', async () => {
    const database = await openDatabase(`file:${join(dir, 'leads.db')}`);
    await migrateDatabase(database, migrationsBefore(19));
    const now = Date.now();
    await database.client.batch(
      [
        {
          sql: "INSERT INTO leads (id, email, name, stage, source, version, created_at, updated_at) VALUES ('l1', 'rosa@example.com', 'Rosa', 'proposal_sent', 'contact', 3, ?, ?)",
          args: [now, now],
        },
        {
          sql: "INSERT INTO lead_notes (id, lead_id, author_id, body, created_at) VALUES ('n1', 'l1', 'a1', 'Called', ?)",
          args: [now],
        },
      ],
      'write',
    );
    await migrateDatabase(database);
    const rows = await database.client.execute('SELECT id, stage, version, awaiting_reply_since FROM leads');
    expect(rows.rows.map((r) => ({ ...r }))).toEqual([
      { id: 'l1', stage: 'proposal_sent', version: 3, awaiting_reply_since: null },
    ]);
    expect((await database.client.execute('SELECT id FROM lead_notes')).rows).toHaveLength(1);
    await database.client.execute("UPDATE leads SET stage = 'ordered' WHERE id = 'l1'");
    expect((await database.client.execute('PRAGMA foreign_key_check')).rows).toEqual([]);
    database.client.close();
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Client, createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const open: Client[] = [];
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});

/** The same new file through our client (statements kept prepared) and the plain libSQL client. */
async function both() {
  const url = `file:${join(mkdtempSync(join(tmpdir(), 'palmetto-statements-')), 'app.db')}`;
  const ours = (await openDatabase(url)).client;
  const plain = createClient({ url });
  open.push(ours, plain);
  await ours.executeMultiple(`
    CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER NOT NULL, at INTEGER, note TEXT, data BLOB);
    CREATE TABLE u (id TEXT PRIMARY KEY, t_id TEXT NOT NULL REFERENCES t(id), note TEXT);
  `);
  return { ours, plain };
}

describe('a local file keeps its statements prepared, with the libSQL client’s results', () => {
  it('rows read by name and by position, spread and JSON as the client gives them', async () => {
    const { ours, plain } = await both();
    await ours.execute({
      sql: 'INSERT INTO t (id, n, at, note, data) VALUES (?, ?, ?, ?, ?)',
      args: ['a', 7, new Date(1_700_000_000_000), null, new Uint8Array([1, 2, 3]).buffer],
    });
    await ours.execute({
      sql: 'INSERT INTO u VALUES (:id, :t, :note)',
      args: { ':id': 'x', ':t': 'a', ':note': 'one' },
    });
    const query = 'SELECT t.id, t.n, t.at, t.note, u.note, t.data FROM t JOIN u ON u.t_id = t.id';
    for (let i = 0; i < 2; i += 1) {
      const [mine, theirs] = await Promise.all([ours.execute(query), plain.execute(query)]);
      expect(mine.columns).toEqual(theirs.columns);
      const [row, expected] = [mine.rows[0]!, theirs.rows[0]!];
      expect({ ...row }).toEqual({ ...expected });
      expect(JSON.stringify(row)).toBe(JSON.stringify(expected));
      expect(Object.keys(row)).toEqual(['id', 'n', 'at', 'note', 'data']);
      expect(row.length).toBe(6);
      expect(Array.prototype.slice.call(row, 0, 5)).toEqual(['a', 7, 1_700_000_000_000, null, 'one']);
      // The first of a repeated column name wins, as in the client.
      expect(row.note).toBeNull();
      expect(new Uint8Array(row[5] as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 3]));
    }
  });

  it('drizzle reads builder and raw queries alike', async () => {
    const { ours, plain } = await both();
    await ours.execute({ sql: 'INSERT INTO t (id, n) VALUES (?, ?), (?, ?)', args: ['a', 1, 'b', 2] });
    const query = sql`SELECT id, n FROM t ORDER BY id`;
    expect(await drizzle(ours).all(query)).toEqual(await drizzle(plain).all(query));
    const positions = (rows: unknown[][]) => rows.map((row) => Array.prototype.slice.call(row));
    expect(positions(await drizzle(ours).values(query))).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
  });

  it('writes report their changes and rowid; a failed write fails as the client fails it', async () => {
    const { ours } = await both();
    const insert = await ours.execute({ sql: 'INSERT INTO t (id, n) VALUES (?, ?)', args: ['a', 1] });
    expect(insert.rowsAffected).toBe(1);
    expect(insert.lastInsertRowid).toBe(1n);
    const update = await ours.execute({ sql: 'UPDATE t SET n = n + 1 WHERE id IN (?, ?)', args: ['a', 'zz'] });
    expect(update.rowsAffected).toBe(1);
    const error: unknown = await ours
      .execute({ sql: 'INSERT INTO t (id, n) VALUES (?, ?)', args: ['a', 1] })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'SQLITE_CONSTRAINT' });
    expect(String(error)).toContain('UNIQUE constraint failed: t.id');
    await expect(ours.execute({ sql: 'SELECT ?', args: [undefined as unknown as null] })).rejects.toThrow(
      /undefined cannot be passed/,
    );
    // The statement that failed still works afterwards.
    const again = await ours.execute({ sql: 'INSERT INTO t (id, n) VALUES (?, ?)', args: ['b', 1] });
    expect(again.rowsAffected).toBe(1);
  });

  it('sees what other connections commit, and a new column in a kept `SELECT *`', async () => {
    const { ours, plain } = await both();
    const all = 'SELECT * FROM t ORDER BY id';
    expect((await ours.execute(all)).rows).toHaveLength(0);
    await plain.execute({ sql: 'INSERT INTO t (id, n) VALUES (?, ?)', args: ['a', 1] });
    expect((await ours.execute(all)).rows).toHaveLength(1);
    await plain.execute('ALTER TABLE t ADD COLUMN extra TEXT');
    await plain.execute("UPDATE t SET extra = 'new'");
    const after = await ours.execute(all);
    expect(after.columns).toContain('extra');
    expect(after.rows[0]?.extra).toBe('new');
  });
});

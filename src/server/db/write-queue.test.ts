import { afterAll, describe, expect, it } from 'vitest';
import { tempDatabase } from './temp-database.ts';

const db = await tempDatabase();
afterAll(() => db.cleanup());
const insert = (id: string) => ({
  sql: 'INSERT INTO contact_messages (id, name, email, message, created_at) VALUES (?, ?, ?, ?, ?)',
  args: [id, 'N', 'n@example.com', 'message text', Date.now()],
});
const count = async () =>
  Number((await db.database.client.execute('SELECT count(*) AS n FROM contact_messages')).rows[0]!.n);

describe('group-commit write queue', () => {
  it('commits concurrent units and resolves each with its own results', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => db.database.writes.run([insert(`q${i}`)])));
    expect(results.every((r) => r.length === 1 && r[0]!.rowsAffected === 1)).toBe(true);
    expect(await count()).toBe(50);
  });

  it('fails only the bad unit when units share a transaction, and keeps each unit atomic', async () => {
    const good = db.database.writes.run([insert('ok1')]);
    // Second statement violates the primary key: the whole unit must roll back.
    const bad = db.database.writes.run([insert('half'), insert('ok1')]);
    const alsoGood = db.database.writes.run([insert('ok2')]);
    await expect(good).resolves.toHaveLength(1);
    await expect(bad).rejects.toThrow();
    await expect(alsoGood).resolves.toHaveLength(1);
    const ids = (
      await db.database.client.execute("SELECT id FROM contact_messages WHERE id IN ('ok1','ok2','half')")
    ).rows.map((r) => r.id);
    expect(ids.sort()).toEqual(['ok1', 'ok2']);
  });

  it('runs interactive transactions one at a time, between group commits', async () => {
    const order: string[] = [];
    const tx = db.database.writes.transaction(async (t) => {
      const before = Number(
        (await t.execute("SELECT count(*) AS n FROM contact_messages WHERE id LIKE 't%'")).rows[0]!.n,
      );
      await t.execute(insert(`t${before}`));
      order.push('tx');
      return before;
    });
    const unit = db.database.writes.run([insert('after-tx')]).then(() => order.push('unit'));
    await expect(tx).resolves.toBe(0);
    await unit;
    expect(order).toEqual(['tx', 'unit']);
  });

  it('rolls an interactive transaction back when it throws', async () => {
    await expect(
      db.database.writes.transaction(async (t) => {
        await t.execute(insert('rolled-back'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const rows = await db.database.client.execute("SELECT id FROM contact_messages WHERE id = 'rolled-back'");
    expect(rows.rows).toHaveLength(0);
  });
});

describe('a write queue whose database refuses to begin', () => {
  it('rejects the transaction instead of crashing the process, and keeps working', async () => {
    const { WriteQueue } = await import('./write-queue.ts');
    const client = {
      transaction: () => Promise.reject(new Error('SQLITE_BUSY: database is locked')),
      batch: db.database.client.batch.bind(db.database.client),
    } as unknown as import('@libsql/client').Client;
    const queue = new WriteQueue(client);
    await expect(queue.transaction(async () => 1)).rejects.toThrow('SQLITE_BUSY');
    await expect(queue.run([insert('after-busy')])).resolves.toHaveLength(1);
  });
});

import { count, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from './index.ts';
import { contactMessages } from './schema.ts';
import { tempDatabase } from './temp-database.ts';

const db = await tempDatabase();
afterAll(() => db.cleanup());
const insert = (id: string, at = Date.now()) =>
  build
    .insert(contactMessages)
    .values({ id, name: 'N', email: 'n@example.com', message: 'message text', createdAt: new Date(at) });
const stored = async () =>
  Number((await db.database.client.execute('SELECT count(*) AS n FROM contact_messages')).rows[0]!.n);

describe('group-commit write queue', () => {
  it('commits concurrent units and resolves each with its own results', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => db.database.writes.run([insert(`q${i}`)])));
    expect(results.every((r) => r.length === 1 && r[0]!.rowsAffected === 1)).toBe(true);
    expect(await stored()).toBe(50);
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
      const [{ n: before } = { n: -1 }] = await t
        .select({ n: count() })
        .from(contactMessages)
        .where(like(contactMessages.id, 't%'));
      await t.batch([insert(`t${before}`)]);
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
        await t.insert(contactMessages).values({
          id: 'rolled-back',
          name: 'N',
          email: 'n@example.com',
          message: 'message text',
          createdAt: new Date(),
        });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const rows = await db.database.client.execute("SELECT id FROM contact_messages WHERE id = 'rolled-back'");
    expect(rows.rows).toHaveLength(0);
  });
});

describe('typed results', () => {
  it('answers each query of a unit as drizzle would: rows for returning and selects, rowsAffected otherwise', async () => {
    const at = Date.UTC(2026, 0, 2, 3, 4, 5);
    const [inserted, read, updated] = await db.database.writes.run([
      insert('typed', at).returning({ id: contactMessages.id, createdAt: contactMessages.createdAt }),
      build.select({ email: contactMessages.email }).from(contactMessages).where(eq(contactMessages.id, 'typed')),
      build.update(contactMessages).set({ name: 'M' }).where(eq(contactMessages.id, 'typed')),
    ]);
    expect(inserted).toEqual([{ id: 'typed', createdAt: new Date(at) }]);
    expect(read).toEqual([{ email: 'n@example.com' }]);
    expect(updated.rowsAffected).toBe(1);
  });

  it('gives a transaction typed reads that see its own writes, and tx.batch for queries built elsewhere', async () => {
    const seen = await db.database.writes.transaction(async (tx) => {
      await tx.batch([insert('in-tx', Date.UTC(2026, 0, 3))]);
      const [row] = await tx
        .select({ createdAt: contactMessages.createdAt })
        .from(contactMessages)
        .where(eq(contactMessages.id, 'in-tx'));
      return row?.createdAt;
    });
    expect(seen).toEqual(new Date(Date.UTC(2026, 0, 3)));
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

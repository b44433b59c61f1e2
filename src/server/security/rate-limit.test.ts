import { afterAll, describe, expect, it } from 'vitest';
import { consumeToken } from './rate-limit.ts';
import { tempDatabase } from '../db/temp-database.ts';

const db = await tempDatabase();
afterAll(() => db.cleanup());
const rule = { name: 'test', capacity: 5, windowMs: 10 * 60_000 };

describe('token bucket rate limit (in the database)', () => {
  it('allows a burst of `capacity`, then refuses with the wait until the next token', async () => {
    const now = 1_000_000;
    for (let i = 0; i < 5; i++)
      expect(await consumeToken(db.database.writes, rule, 'a', now, true)).toEqual({ ok: true });
    expect(await consumeToken(db.database.writes, rule, 'a', now, true)).toEqual({ ok: false, retryAfterSeconds: 120 });
    expect(await consumeToken(db.database.writes, rule, 'a', now + 60_000, true)).toEqual({
      ok: false,
      retryAfterSeconds: 60,
    });
  });

  it('refills evenly over the window, never above capacity', async () => {
    const now = 5_000_000;
    for (let i = 0; i < 5; i++) await consumeToken(db.database.writes, rule, 'b', now, true);
    expect((await consumeToken(db.database.writes, rule, 'b', now + 120_000, true)).ok).toBe(true);
    expect((await consumeToken(db.database.writes, rule, 'b', now + 120_000, true)).ok).toBe(false);
    const muchLater = now + 24 * 60 * 60_000;
    for (let i = 0; i < 5; i++)
      expect((await consumeToken(db.database.writes, rule, 'b', muchLater, true)).ok).toBe(true);
    expect((await consumeToken(db.database.writes, rule, 'b', muchLater, true)).ok).toBe(false);
  });

  it('keeps separate buckets per key and per rule', async () => {
    const now = 9_000_000;
    for (let i = 0; i < 5; i++) await consumeToken(db.database.writes, rule, 'c', now, true);
    expect((await consumeToken(db.database.writes, rule, 'c', now, true)).ok).toBe(false);
    expect((await consumeToken(db.database.writes, rule, 'd', now, true)).ok).toBe(true);
    expect((await consumeToken(db.database.writes, { ...rule, name: 'other' }, 'c', now, true)).ok).toBe(true);
  });

  it('holds under concurrent requests: exactly `capacity` get through', async () => {
    const now = 12_000_000;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => consumeToken(db.database.writes, rule, 'e', now, true)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
  });

  it('is a no-op when switched off (RATE_LIMITS=off)', async () => {
    for (let i = 0; i < 10; i++) expect((await consumeToken(db.database.writes, rule, 'f', 1, false)).ok).toBe(true);
  });
});

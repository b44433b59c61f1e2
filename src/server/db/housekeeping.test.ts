import { afterAll, describe, expect, it } from 'vitest';
import { accountPruning } from '#features/accounts/pruning.ts';
import { INACTIVITY_TIMEOUT_MS as SESSION_IDLE_MS } from '#features/accounts/session.server.ts';
import { rateLimitPruning } from '../security/rate-limit.ts';
import { pruneExpired } from './housekeeping.ts';
import { tempDatabase } from './temp-database.ts';

const db = await tempDatabase();
afterAll(() => db.cleanup());

describe('housekeeping', () => {
  it('deletes idle sessions, stale rate-limit buckets and old used links, and keeps the rest', async () => {
    const now = Date.now();
    const c = db.database.client;
    await c.execute({
      sql: "INSERT INTO users (id, name, email, role, status, created_at, updated_at) VALUES ('u', 'U', 'u@example.com', 'customer', 'active', ?, ?)",
      args: [now, now],
    });
    await c.batch([
      {
        sql: "INSERT INTO sessions (id, user_id, secret_hash, created_at, last_verified_at) VALUES ('old', 'u', x'00', ?, ?)",
        args: [0, now - SESSION_IDLE_MS - 1],
      },
      {
        sql: "INSERT INTO sessions (id, user_id, secret_hash, created_at, last_verified_at) VALUES ('live', 'u', x'00', ?, ?)",
        args: [now, now],
      },
      {
        sql: "INSERT INTO rate_limits (key, tokens, updated_at) VALUES ('stale', 0, ?), ('fresh', 0, ?)",
        args: [now - 2 * 86_400_000, now],
      },
      {
        sql: "INSERT INTO account_tokens (id, user_id, purpose, secret_hash, expires_at, used_at, created_at) VALUES ('gone', 'u', 'activation', x'00', 0, ?, 0)",
        args: [now - 31 * 86_400_000],
      },
      {
        sql: "INSERT INTO account_tokens (id, user_id, purpose, secret_hash, expires_at, used_at, created_at) VALUES ('open', 'u', 'activation', x'00', ?, NULL, ?)",
        args: [now + 1000, now],
      },
      {
        sql: "INSERT INTO address_links (id, purpose, user_id, email, secret_hash, expires_at, used_at, created_at) VALUES ('spent', 'verify-email', 'u', 'u@example.com', x'00', 0, ?, 0), ('waiting', 'verify-email', 'u', 'u@example.com', x'00', ?, NULL, ?)",
        args: [now - 31 * 86_400_000, now + 1000, now],
      },
    ]);
    expect(await pruneExpired(c, [...accountPruning, rateLimitPruning], now)).toEqual({
      sessions: 1,
      rateLimits: 1,
      tokens: 1,
      addressLinks: 1,
    });
    expect((await c.execute('SELECT id FROM sessions')).rows.map((r) => r.id)).toEqual(['live']);
    expect((await c.execute('SELECT key FROM rate_limits')).rows.map((r) => r.key)).toEqual(['fresh']);
    expect((await c.execute('SELECT id FROM account_tokens')).rows.map((r) => r.id)).toEqual(['open']);
    expect((await c.execute('SELECT id FROM address_links')).rows.map((r) => r.id)).toEqual(['waiting']);
  });
});

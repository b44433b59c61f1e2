// @ts-check
/**
 * Deletes rows that can no longer matter, so the tables stay small: sessions idle past
 * the inactivity timeout, rate-limit buckets untouched for a day (every window is shorter,
 * so such a bucket is full, the same as no row), and account links used or expired a month ago.
 */
const DAY = 24 * 60 * 60_000;
export const SESSION_IDLE_MS = 10 * DAY;

/**
 * @param {import('@libsql/client').Client} client
 * @param {number} [now]
 */
export async function pruneExpired(client, now = Date.now()) {
  const results = await client.batch(
    [
      { sql: 'DELETE FROM sessions WHERE last_verified_at < ?', args: [now - SESSION_IDLE_MS] },
      { sql: 'DELETE FROM rate_limits WHERE updated_at < ?', args: [now - DAY] },
      { sql: 'DELETE FROM account_tokens WHERE coalesce(used_at, expires_at) < ?', args: [now - 30 * DAY] },
    ],
    'write',
  );
  return {
    sessions: results[0]?.rowsAffected ?? 0,
    rateLimits: results[1]?.rowsAffected ?? 0,
    tokens: results[2]?.rowsAffected ?? 0,
  };
}

/**
 * Prunes now and then hourly until stopped.
 * @param {import('@libsql/client').Client} client
 * @param {(obj: object, msg: string) => void} [error]
 */
export function startHousekeeping(client, error = () => {}) {
  const run = () => pruneExpired(client).catch((cause) => error({ err: String(cause) }, 'housekeeping failed'));
  void run();
  const timer = setInterval(run, 60 * 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

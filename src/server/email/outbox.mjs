// @ts-check
/**
 * The outbox worker: delivers e-mail rows written by the app (src/server/db/schema.ts,
 * table outbox), retrying failures with capped exponential backoff, forever, so a mail
 * server outage delays mail but never loses it. Rows are claimed with a lease, so
 * several server processes can run workers on one database.
 */

/** Logged mail is instant: big batches, one commit each. Real SMTP sends are slow: small batches. */
const BATCH = { log: 100, smtp: 20 };
/** Long enough for a batch of slow SMTP sends, so another worker never takes over mid-batch. */
const LEASE_MS = 5 * 60_000;
const FIRST_RETRY_MS = 15_000;
const MAX_RETRY_MS = 60 * 60_000;

/** Delay before the next attempt after `attempts` failures: 15 s, 30 s, 1 min, ... capped at 1 h. @param {number} attempts */
export const retryDelayMs = (attempts) => Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

/**
 * Delivers the mail that is due now. Returns how many were sent and how many failed.
 * @param {import('@libsql/client').Client} client
 * @param {import('./mailer.mjs').Mailer} mailer
 * @param {{ now?: number, error?: (obj: object, msg: string) => void }} [options]
 */
export async function deliverDue(client, mailer, { now = Date.now(), error = () => {} } = {}) {
  const claimed = await client.execute({
    sql: `UPDATE outbox SET locked_until = :lease
          WHERE id IN (SELECT id FROM outbox
                       WHERE status = 'pending' AND next_attempt_at <= :now
                         AND (locked_until IS NULL OR locked_until < :now)
                       ORDER BY next_attempt_at LIMIT :batch)
          RETURNING id, "to", reply_to, subject, text, html, attempts`,
    args: { lease: now + LEASE_MS, now, batch: BATCH[mailer.mode] },
  });
  /** @type {string[]} */
  const delivered = [];
  let failed = 0;
  for (const row of claimed.rows) {
    const id = String(row.id);
    const mail = {
      to: String(row.to),
      replyTo: row.reply_to === null ? null : String(row.reply_to),
      subject: String(row.subject),
      text: String(row.text),
      html: String(row.html),
    };
    try {
      await mailer.send(mail);
      // A real e-mail is marked sent at once, so a crash right after cannot send it twice;
      // logged ones are marked together below (a repeat log line harms nobody).
      if (mailer.mode === 'smtp') await markDelivered(client, 'sent', [id]);
      else delivered.push(id);
    } catch (cause) {
      const attempts = Number(row.attempts) + 1;
      const message = cause instanceof Error ? cause.message : String(cause);
      await client.execute({
        sql: `UPDATE outbox SET attempts = :attempts, next_attempt_at = :next, locked_until = NULL, last_error = :message WHERE id = :id`,
        args: { attempts, next: Date.now() + retryDelayMs(attempts), message: message.slice(0, 500), id },
      });
      error({ outboxId: id, attempts, err: message }, 'mail delivery failed; will retry');
      failed += 1;
    }
  }
  if (delivered.length > 0) await markDelivered(client, 'logged', delivered);
  const sent = claimed.rows.length - failed;
  return { sent, failed };
}

/**
 * @param {import('@libsql/client').Client} client
 * @param {'sent' | 'logged'} status
 * @param {string[]} ids
 */
async function markDelivered(client, status, ids) {
  await client.execute({
    sql: `UPDATE outbox SET status = ?, sent_at = ?, attempts = attempts + 1, locked_until = NULL, last_error = NULL
          WHERE id IN (${ids.map(() => '?').join(', ')})`,
    args: [status, Date.now(), ...ids],
  });
}

/**
 * Polls for due mail every `intervalMs` until stopped. The poll is one indexed query.
 * @param {import('@libsql/client').Client} client
 * @param {import('./mailer.mjs').Mailer} mailer
 * @param {{ intervalMs?: number, error?: (obj: object, msg: string) => void }} [options]
 */
export function startOutboxWorker(client, mailer, { intervalMs = 2000, error = () => {} } = {}) {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      // Keep going while there is a backlog, yielding between batches so requests are served.
      while (!stopped && (await deliverDue(client, mailer, { error })).sent === BATCH[mailer.mode]) {
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (cause) {
      error({ err: cause instanceof Error ? cause.message : String(cause) }, 'outbox poll failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  void tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await new Promise((r) => setTimeout(r, 20));
    },
  };
}

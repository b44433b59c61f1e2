/**
 * The outbox worker: delivers e-mail rows written by the app (table outbox in
 * src/server/db/schema.ts), retrying failures with capped exponential backoff, forever, so a
 * mail server outage delays mail but never loses it. Rows are claimed with a lease, so
 * several server processes can run workers on one database.
 */
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { PruneTask } from '../db/housekeeping.ts';
import { build, type WriteQuery } from '../db/index.ts';
import { increment } from '../db/expressions.ts';
import type { Db } from '../db/index.ts';
import { outbox, type AttachmentRef } from '../db/schema.ts';
import { signal } from '../signals.ts';
import { fillMail, type MailFills } from './fills.ts';
import type { Attachment, Mailer } from './mailer.ts';
import { unseal } from './sealed.ts';

/** Logged mail is instant: big batches, one commit each. Real SMTP sends are slow: small batches. */
const BATCH = { log: 100, smtp: 20 };
/** Long enough for a batch of slow SMTP sends, so another worker never takes over mid-batch. */
const LEASE_MS = 5 * 60_000;
const FIRST_RETRY_MS = 15_000;
const MAX_RETRY_MS = 60 * 60_000;

type ErrorLog = (obj: object, msg: string) => void;

/**
 * Makes the file an attachment reference names (by its kind), at sending: the platform knows no
 * feature, so the composition root (src/main.ts) registers each kind's renderer. null: the record
 * is gone, and the mail goes without it.
 */
export type AttachmentRenderers = Record<string, (db: Db, ref: string) => Promise<Attachment | null>>;

/** The files a claimed row names; a kind nobody registered is an error (the mail is retried). */
async function attachmentsOf(db: Db, refs: readonly AttachmentRef[] | null, renderers: AttachmentRenderers) {
  const files: Attachment[] = [];
  for (const { kind, ref } of refs ?? []) {
    const render = renderers[kind];
    if (!render) throw new Error(`no renderer for attachments of kind '${kind}'`);
    const file = await render(db, ref);
    if (file) files.push(file);
  }
  return files;
}

/** Delay before the next attempt after `attempts` failures: 15 s, 30 s, 1 min, ... capped at 1 h. */
export const retryDelayMs = (attempts: number) =>
  Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

/** Delivers the mail that is due now. Returns how many were sent and how many failed. */
export async function deliverDue(
  db: Db,
  mailer: Mailer,
  {
    now = Date.now(),
    error = () => {},
    attachments: renderers = {},
    fills = {},
  }: { now?: number; error?: ErrorLog; attachments?: AttachmentRenderers; fills?: MailFills } = {},
) {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'pending'),
        lte(outbox.nextAttemptAt, new Date(now)),
        or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, new Date(now))),
      ),
    )
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(BATCH[mailer.mode]);
  const claimed = await db
    .update(outbox)
    .set({ lockedUntil: new Date(now + LEASE_MS) })
    .where(inArray(outbox.id, due))
    .returning({
      id: outbox.id,
      to: outbox.to,
      replyTo: outbox.replyTo,
      subject: outbox.subject,
      text: outbox.text,
      html: outbox.html,
      attachments: outbox.attachments,
      attempts: outbox.attempts,
    });
  const delivered: string[] = [];
  let failed = 0;
  for (const { id, attempts: previous, text, html, attachments, ...mail } of claimed) {
    try {
      const files = await attachmentsOf(db, attachments, renderers);
      const filled = await fillMail(db, { ...mail, text: unseal(text), html: unseal(html) }, attachments, fills);
      await mailer.send({
        ...filled,
        ...(files.length > 0 && { attachments: files }),
      });
      // A real e-mail is marked sent at once, so a crash right after cannot send it twice;
      // logged ones are marked together below (a repeat log line harms nobody).
      if (mailer.mode === 'smtp') await markDelivered(db, 'sent', [id]);
      else delivered.push(id);
    } catch (cause) {
      const attempts = previous + 1;
      const message = cause instanceof Error ? cause.message : String(cause);
      await db
        .update(outbox)
        .set({
          attempts,
          nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
          lockedUntil: null,
          lastError: message.slice(0, 500),
        })
        .where(eq(outbox.id, id));
      error({ outboxId: id, attempts, err: message }, 'mail delivery failed; will retry');
      signal('mailFailure');
      failed += 1;
    }
  }
  if (delivered.length > 0) await markDelivered(db, 'logged', delivered);
  return { sent: claimed.length - failed, failed };
}

async function markDelivered(db: Db, status: 'sent' | 'logged', ids: string[]) {
  await db
    .update(outbox)
    .set({
      status,
      sentAt: new Date(),
      attempts: increment(outbox.attempts),
      lockedUntil: null,
      lastError: null,
      // Delivered: the body (and any link in it) has no reason to stay.
      text: '',
      html: '',
    })
    .where(inArray(outbox.id, ids));
}

/** Polls for due mail every `intervalMs` until stopped. The poll is one indexed query. */
export function startOutboxWorker(
  db: Db,
  mailer: Mailer,
  {
    intervalMs = 2000,
    error = () => {},
    attachments,
    fills,
  }: { intervalMs?: number; error?: ErrorLog; attachments?: AttachmentRenderers; fills?: MailFills } = {},
) {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      // Keep going while there is a backlog, yielding between batches so requests are served.
      while (!stopped && (await deliverDue(db, mailer, { error, attachments, fills })).sent === BATCH[mailer.mode]) {
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

/** Delivered mail is kept this long (to answer "did it go out?"), then deleted. */
export const DELIVERED_MAIL_RETENTION_MS = 30 * 24 * 60 * 60_000;

export const outboxPruning: PruneTask = {
  name: 'deliveredMail',
  statement: (now) =>
    build
      .delete(outbox)
      .where(
        and(inArray(outbox.status, ['sent', 'logged']), lt(outbox.sentAt, new Date(now - DELIVERED_MAIL_RETENTION_MS))),
      ),
};

/**
 * A deleted account's addresses leave the outbox: mail to them is removed (pending mail is
 * cancelled, delivered mail forgotten), and mail to the agency that named them as Reply-To
 * keeps going without it. Addresses are compared lower-cased, as accounts store them.
 */
export function forgetAddressesStatements(addresses: readonly string[]): WriteQuery[] {
  const lowered = addresses.map((a) => a.trim().toLowerCase()).filter((a) => a !== '');
  if (lowered.length === 0) return [];
  return [
    build.delete(outbox).where(inArray(sql`lower(${outbox.to})`, lowered)),
    build
      .update(outbox)
      .set({ replyTo: null })
      .where(inArray(sql`lower(${outbox.replyTo})`, lowered)),
  ];
}

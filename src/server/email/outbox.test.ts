import { and, count, desc, eq, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema.ts';
import { createMailer, isDevelopmentOrigin } from './mailer.ts';
import { DELIVERED_MAIL_RETENTION_MS, deliverDue, outboxPruning, retryDelayMs } from './outbox.ts';
import { outboxInsert } from './enqueue.ts';
import { mailFill } from './fills.ts';
import { contactNotification } from '#features/contact/notification-mail.ts';
import { startSmtpServer } from './smtp-test-server.ts';
import { tempDatabase } from '../db/temp-database.ts';

const quiet = { info: () => {} };

describe('e-mail outbox', () => {
  let db: Awaited<ReturnType<typeof tempDatabase>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    db = await tempDatabase();
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
    db.cleanup();
  });

  const enqueueContactMail = async (now: number) => {
    const mail = contactNotification(
      {
        id: 'msg-1',
        name: 'Jo <Doe>',
        email: 'jo@example.com',
        subject: 'Bakery site',
        message: 'Hello & welcome',
        receivedAt: new Date(now),
      },
      'http://localhost:4321/admin/messages/msg-1',
    );
    await db.database.writes.run([
      outboxInsert({ ...mail, kind: 'contact-notification', to: 'inbox@agency.test', replyTo: 'jo@example.com' }, now),
    ]);
  };
  const row = async () => (await db.database.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(1))[0]!;

  it('keeps a mail through failed deliveries and delivers it once the server recovers', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Studio <studio@agency.test>', logger: quiet });
    const start = Date.now();
    await enqueueContactMail(start);

    smtp.failNext(1);
    expect(await deliverDue(db.database.db, mailer, { now: start })).toEqual({ sent: 0, failed: 1 });
    let mail = await row();
    expect(mail).toMatchObject({ status: 'pending', attempts: 1 });
    expect(String(mail.lastError)).toContain('Mailbox temporarily unavailable');
    expect(mail.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(start + retryDelayMs(1));

    // Not due yet: nothing is sent early.
    expect(await deliverDue(db.database.db, mailer, { now: start + 1000 })).toEqual({ sent: 0, failed: 0 });

    expect(await deliverDue(db.database.db, mailer, { now: mail.nextAttemptAt.getTime() })).toEqual({
      sent: 1,
      failed: 0,
    });
    mail = await row();
    expect(mail).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(smtp.received).toHaveLength(1);
    const delivered = smtp.received[0]!;
    expect(delivered.to).toEqual(['inbox@agency.test']);
    expect(delivered.raw).toContain('Reply-To: jo@example.com');
    expect(delivered.raw).toContain('Subject: New message: Bakery site');
    expect(delivered.raw).toContain('Content-Type: text/plain');
    expect(delivered.raw).toContain('Content-Type: text/html');
    expect(delivered.raw).toContain('Jo &lt;Doe&gt;');
    mailer.close();
  });

  it('keeps retrying while the server is down, backing off up to an hour', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', logger: quiet });
    const start = Date.now();
    await enqueueContactMail(start);
    expect((await deliverDue(db.database.db, mailer, { now: start })).failed).toBe(1);
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1 });
    expect(retryDelayMs(1)).toBe(15_000);
    expect(retryDelayMs(3)).toBe(60_000);
    expect(retryDelayMs(30)).toBe(60 * 60_000);
    mailer.close();
  });

  it('without SMTP_URL, writes the mail to the log and marks it logged', async () => {
    const lines: unknown[] = [];
    const mailer = createMailer({ logger: { info: (obj) => lines.push(obj) } });
    const later = Date.now() + 2 * 60 * 60_000; // past every pending retry
    await enqueueContactMail(later);
    const result = await deliverDue(db.database.db, mailer, { now: later });
    expect(result.sent).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(lines)).toContain('inbox@agency.test');
    const [logged] = await db.database.db.select({ n: count() }).from(outbox).where(eq(outbox.status, 'logged'));
    expect(logged!.n).toBeGreaterThanOrEqual(1);
  });

  it('never hands one mail to two workers at once', async () => {
    const start = Date.now() + 10 * 60 * 60_000;
    await enqueueContactMail(start);
    const [{ n: due }] = (await db.database.db
      .select({ n: count() })
      .from(outbox)
      .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, new Date(start))))) as [{ n: number }];
    let sends = 0;
    // Every send is held until both workers have claimed what they will send (a worker has when
    // it reaches its first send, or finishes), so the second claims while the first's mails are out.
    let claimed = 0;
    let allClaimed = () => {};
    const bothClaimed = new Promise<void>((resolve) => (allClaimed = resolve));
    const worker = () => {
      let arrived = false;
      const arrive = () => {
        if (arrived) return;
        arrived = true;
        claimed += 1;
        if (claimed === 2) allClaimed();
      };
      const slow = {
        mode: 'smtp' as const,
        from: 'x',
        close() {},
        send: async () => {
          sends += 1;
          arrive();
          await bothClaimed;
        },
      };
      return deliverDue(db.database.db, slow, { now: start }).finally(arrive);
    };
    await Promise.all([worker(), worker()]);
    expect(due).toBeGreaterThan(0);
    expect(sends).toBe(due);
  });

  it('clears a delivered body at once, and deletes delivered mail after 30 days', async () => {
    const mailer = createMailer({ logger: quiet });
    const later = Date.now() + 20 * 60 * 60_000;
    await enqueueContactMail(later);
    await deliverDue(db.database.db, mailer, { now: later });
    const delivered = await db.database.db.select().from(outbox).where(eq(outbox.status, 'logged'));
    expect(delivered.length).toBeGreaterThan(0);
    expect(delivered.every((m) => m.text === '' && m.html === '')).toBe(true);
    const { pruneExpired } = await import('../db/housekeeping.ts');
    const soon = await pruneExpired(db.database.client, [outboxPruning], Date.now() + 29 * 86_400_000);
    expect(soon.deliveredMail).toBe(0);
    const month = await pruneExpired(
      db.database.client,
      [outboxPruning],
      Date.now() + DELIVERED_MAIL_RETENTION_MS + 1000,
    );
    expect(month.deliveredMail).toBeGreaterThan(0);
  });
});

describe('logged mail (no SMTP_URL)', () => {
  const mail = {
    to: 'a@example.com',
    subject: 'Reset',
    html: '',
    text: 'Open https://x.example/reset-password?token=abc.def&x=1 now',
  };
  it('redacts single-use links unless the server is a development setup', async () => {
    const lines: string[] = [];
    await createMailer({ logger: { info: (obj) => lines.push(JSON.stringify(obj)) } }).send(mail);
    expect(lines[0]).not.toContain('abc.def');
    expect(lines[0]).toContain('token=[redacted');
    await createMailer({ logger: { info: (obj) => lines.push(JSON.stringify(obj)) }, printLinks: true }).send(mail);
    expect(lines[1]).toContain('token=abc.def');
  });

  it('a development setup is a SITE_URL on this machine', () => {
    expect(isDevelopmentOrigin('http://localhost:4321')).toBe(true);
    expect(isDevelopmentOrigin('http://127.0.0.1:4511')).toBe(true);
    expect(isDevelopmentOrigin('https://www.palmetto.example')).toBe(false);
  });
});

describe('attachments', () => {
  let db: Awaited<ReturnType<typeof tempDatabase>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    db = await tempDatabase();
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
    db.cleanup();
  });

  const queue = (refs: { kind: string; ref: string }[], now: number) =>
    db.database.writes.run([
      outboxInsert(
        {
          subject: 'Your invoice',
          text: 'Attached.',
          html: '<p>Attached.</p>',
          kind: 'invoice',
          to: 'rosa@example.com',
          attachments: refs,
        },
        now,
      ),
    ]);
  const renderers = {
    'invoice-pdf': async (_db: unknown, ref: string) =>
      ref === 'gone'
        ? null
        : { filename: `${ref}.pdf`, contentType: 'application/pdf', content: new TextEncoder().encode(`%PDF ${ref}`) },
  };

  it('are made at sending by the registered renderer and arrive as files', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'studio@agency.test', logger: quiet });
    const now = Date.now();
    await queue([{ kind: 'invoice-pdf', ref: 'INV-2026-0001' }], now);
    expect(await deliverDue(db.database.db, mailer, { now, attachments: renderers })).toEqual({ sent: 1, failed: 0 });
    const raw = smtp.received.at(-1)!.raw;
    expect(raw).toMatch(/Content-Type: application\/pdf; name=INV-2026-0001\.pdf/);
    expect(raw).toContain('Content-Disposition: attachment; filename=INV-2026-0001.pdf');
    expect(raw).toContain(Buffer.from('%PDF INV-2026-0001').toString('base64'));
  });

  it('go without a file whose record is gone, and keep a mail whose kind has no renderer for a retry', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'studio@agency.test', logger: quiet });
    const now = Date.now() + 60_000;
    await queue([{ kind: 'invoice-pdf', ref: 'gone' }], now);
    expect(await deliverDue(db.database.db, mailer, { now, attachments: renderers })).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.at(-1)!.raw).not.toContain('Content-Disposition: attachment');

    await queue([{ kind: 'unknown', ref: 'x' }], now + 1);
    expect(await deliverDue(db.database.db, mailer, { now: now + 1, attachments: renderers })).toEqual({
      sent: 0,
      failed: 1,
    });
    const [kept] = await db.database.db.select().from(outbox).where(eq(outbox.status, 'pending'));
    expect(kept?.lastError).toContain("no renderer for attachments of kind 'unknown'");
  });

  it('fill placeholders at sending from the mail’s own attachments, escaped in HTML, left as written when unknown', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'studio@agency.test', logger: quiet });
    const now = Date.now() + 90_000;
    await db.database.writes.run([
      outboxInsert(
        {
          subject: `Invoice ${mailFill('invoice-number')} from us`,
          text: `Number ${mailFill('invoice-number')}, ${mailFill('nobody')}.`,
          html: `<p>Number ${mailFill('invoice-number')}</p>`,
          kind: 'invoice',
          to: 'rosa@example.com',
          attachments: [{ kind: 'invoice-pdf', ref: 'INV-2026-0009' }],
        },
        now,
      ),
    ]);
    const fills = {
      'invoice-number': async (_db: unknown, refs: readonly { kind: string; ref: string }[]) =>
        `${refs.find((r) => r.kind === 'invoice-pdf')?.ref ?? ''}<&>`,
    };
    // (The earlier test's mail of an unknown attachment kind is still failing: only this one is sent.)
    expect((await deliverDue(db.database.db, mailer, { now, attachments: renderers, fills })).sent).toBe(1);
    const raw = smtp.received.at(-1)!.raw;
    expect(raw).toContain('Subject: Invoice INV-2026-0009<&> from us');
    expect(raw).toContain('Number INV-2026-0009<&>, {{fill:nobody}}.');
    expect(raw).toContain('Number INV-2026-0009&lt;&amp;&gt;');
  });

  it('are named in the log when no SMTP server is configured', async () => {
    const lines: object[] = [];
    const mailer = createMailer({ logger: { info: (obj) => lines.push(obj) } });
    const now = Date.now() + 120_000;
    await queue([{ kind: 'invoice-pdf', ref: 'INV-2026-0002' }], now);
    await deliverDue(db.database.db, mailer, { now, attachments: renderers });
    expect(JSON.stringify(lines.at(-1))).toContain('INV-2026-0002.pdf (18 bytes)');
  });
});

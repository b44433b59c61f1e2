/**
 * Line breaks from any text someone typed never reach a mail's subject or another header: the one
 * sanitiser at the mail boundary (header-text.ts), in what the outbox stores and in what the
 * mailer sends, for every kind of line break: CR, LF, CRLF, vertical tab, form feed, NEL (U+0085)
 * and the Unicode line and paragraph separators (U+2028, U+2029).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDatabase } from '../db/temp-database.ts';
import { outbox } from '../db/schema.ts';
import { outboxInsert } from './enqueue.ts';
import { headerText } from './header-text.ts';
import { createMailer } from './mailer.ts';
import { startSmtpServer } from './smtp-test-server.ts';

const BREAKS = {
  CR: '\r',
  LF: '\n',
  CRLF: '\r\n',
  'vertical tab': '\v',
  'form feed': '\f',
  'NEL (U+0085)': '\u0085',
  'line separator (U+2028)': '\u2028',
  'paragraph separator (U+2029)': '\u2029',
} as const;
/** Any of them, or any other control character. */
const ANY_BREAK = /[\r\n\v\f\u0085\u2028\u2029\p{Cc}]/u;

/** A header's RFC 2047 encoded words (as nodemailer writes non-ASCII text), decoded. */
const decodeWords = (value: string) =>
  value.replace(/=\?UTF-8\?([QB])\?(.*?)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );

describe('headerText', () => {
  for (const [name, br] of Object.entries(BREAKS)) {
    it(`makes one line of text with a ${name} in it`, () => {
      const typed = `Home page${br}Bcc: victim@example.com`;
      expect(headerText(typed)).toBe('Home page Bcc: victim@example.com');
      expect(headerText(`${br}${br}About  us ${br} `)).toBe('About us');
    });
  }

  it('leaves ordinary text as it is, accents and emoji included', () => {
    expect(headerText('Café Olé: your request is “In progress” 🎉')).toBe('Café Olé: your request is “In progress” 🎉');
  });
});

describe('at the mail boundary', () => {
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

  it('the outbox stores every header on one line, whatever break the text had', async () => {
    for (const [name, br] of Object.entries(BREAKS)) {
      const mail = {
        kind: 'request-new',
        to: `agency@example.com${br}`,
        replyTo: `jo@example.com${br}Bcc: victim@example.com`,
        subject: `New content update request: Home${br}X-Injected: yes`,
        text: 'Body',
        html: '<p>Body</p>',
      };
      const insert = outboxInsert(mail, Date.now());
      await db.database.writes.run([insert]);
      const [row] = await db.database.db
        .select({ to: outbox.to, replyTo: outbox.replyTo, subject: outbox.subject })
        .from(outbox)
        .where(eq(outbox.subject, 'New content update request: Home X-Injected: yes'));
      expect(row, name).toEqual({
        to: 'agency@example.com',
        replyTo: 'jo@example.com Bcc: victim@example.com',
        subject: 'New content update request: Home X-Injected: yes',
      });
      await db.database.db.delete(outbox);
    }
  });

  it('the mailer sends one-line headers, for mail queued before the outbox cleaned them too', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, agencyInbox: 'inbox@agency.test', logger: { info: () => {} } });
    for (const [name, br] of Object.entries(BREAKS)) {
      smtp.received.length = 0;
      await mailer.send({
        to: 'customer@example.com',
        subject: `Your request for Home${br}Bcc: victim@example.com${br}X-Injected: yes`,
        text: 'Body',
        html: '<p>Body</p>',
      });
      const [received] = smtp.received;
      expect(received?.to, name).toEqual(['customer@example.com']);
      const head = received!.raw.split('\r\n\r\n')[0]!;
      const lines = head.split('\r\n');
      expect(
        lines.filter((l) => /^(bcc|x-injected):/i.test(l)),
        name,
      ).toEqual([]);
      // The subject's decoded words carry no break either (a non-ASCII one is sent encoded).
      const subject = head.replace(/\r\n[ \t]+/g, ' ').match(/^Subject: (.*)$/m)?.[1] ?? '';
      expect(decodeWords(subject), name).not.toMatch(ANY_BREAK);
    }
    mailer.close();
  });

  it('logged mail (no SMTP_URL) prints one-line headers too', async () => {
    const logged: Array<{ mail: { subject: string; replyTo: string } }> = [];
    const mailer = createMailer({ logger: { info: (obj) => logged.push(obj as (typeof logged)[number]) } });
    for (const br of Object.values(BREAKS)) {
      await mailer.send({
        to: 'a@example.com',
        replyTo: `b@example.com${br}`,
        subject: `Home${br}page`,
        text: 'T',
        html: '',
      });
    }
    expect(logged.map((l) => l.mail.subject)).toEqual(Object.values(BREAKS).map(() => 'Home page'));
    expect(logged.map((l) => l.mail.replyTo)).toEqual(Object.values(BREAKS).map(() => 'b@example.com'));
  });
});

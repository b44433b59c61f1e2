import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { site } from '#data/site.ts';
import { contactNotification } from '#features/contact/notification-mail.ts';
import { paymentFailedMail } from '#features/payments/stripe-mail.ts';
import { tempDatabase } from '../db/temp-database.ts';
import { outboxInsert } from './enqueue.ts';
import { createMailer, replyAddress } from './mailer.ts';
import { deliverDue } from './outbox.ts';
import { startSmtpServer, type ReceivedMail } from './smtp-test-server.ts';

const quiet = { info: () => {} };
const INBOX = 'inbox@agency.test';

/** The value of one header of a raw message (folded lines joined), or undefined. */
function header(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

describe('Reply-To: an answer to any mail reaches a person', () => {
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

  /** Queues `mails` as the features do, delivers them over SMTP and returns what arrived, by subject. */
  async function deliver(mails: Parameters<typeof outboxInsert>[0][], agencyInbox?: string) {
    smtp.received.length = 0;
    const now = Date.now();
    await db.database.writes.run(mails.map((mail) => outboxInsert(mail, now)));
    const mailer = createMailer({ smtpUrl: smtp.url, agencyInbox, logger: quiet });
    await deliverDue(db.database.db, mailer, { now });
    mailer.close();
    return (subject: string) => smtp.received.find((m) => header(m, 'Subject') === subject)!;
  }

  it('a customer mail answers to the agency inbox (AGENCY_INBOX); mail to the agency keeps the visitor', async () => {
    const failed = paymentFailedMail(
      { id: 'order-1234-5678', name: 'Jo', totalCents: 380_000 },
      { accountUrl: 'http://x/account' },
    );
    expect(failed.text).toContain('Reply to this e-mail');
    const contact = contactNotification(
      {
        id: 'msg-1',
        name: 'Jo',
        email: 'jo@example.com',
        subject: 'Bakery site',
        message: 'Hello',
        receivedAt: new Date(),
      },
      'http://localhost:4321/admin/messages/msg-1',
    );
    const notice = { subject: 'Intake submitted', text: 'An intake was submitted.', html: '<p>Submitted</p>' };
    const received = await deliver(
      [
        { ...failed, kind: 'payment-failed', to: 'customer@example.com' },
        { ...contact, kind: 'contact-notification', to: INBOX, replyTo: 'jo@example.com' },
        { ...notice, kind: 'intake-submitted', to: INBOX.toUpperCase() },
      ],
      INBOX,
    );
    expect(smtp.received).toHaveLength(3);
    expect(received(failed.subject).to).toEqual(['customer@example.com']);
    expect(header(received(failed.subject), 'Reply-To')).toBe(INBOX);
    expect(header(received(contact.subject), 'Reply-To')).toBe('jo@example.com');
    // A notice to the agency that names nobody to answer has no Reply-To pointing back at itself.
    expect(header(received(notice.subject), 'Reply-To')).toBeUndefined();
  });

  it('without AGENCY_INBOX, a customer mail answers to the site e-mail', async () => {
    const received = await deliver([
      { subject: 'Welcome', text: 'Reply to this e-mail.', html: '<p>Hi</p>', kind: 'x', to: 'new@example.com' },
    ]);
    expect(header(received('Welcome'), 'Reply-To')).toBe(site.email);
  });

  it('logged mail (no SMTP_URL) shows the same Reply-To', async () => {
    const lines: string[] = [];
    const mailer = createMailer({ agencyInbox: INBOX, logger: { info: (obj) => lines.push(JSON.stringify(obj)) } });
    await mailer.send({ to: 'customer@example.com', subject: 'S', text: 'T', html: '' });
    expect(lines[0]).toContain(`"replyTo":"${INBOX}"`);
    expect(replyAddress({ to: 'a@example.com', replyTo: 'b@example.com' }, INBOX)).toBe('b@example.com');
  });
});

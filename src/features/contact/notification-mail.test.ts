import { describe, expect, it } from 'vitest';
import { expectAgencyMail, expectEscaped, HOSTILE, HOSTILE_ESCAPED } from '#server/email/mail-checks.ts';
import { contactNotification } from './notification-mail.ts';

describe('contactNotification', () => {
  it("brings the visitor's name, subject and message to the agency, escaped in HTML and verbatim in text", () => {
    const message = `${HOSTILE}\nSecond line & more`;
    const mail = contactNotification(
      {
        id: 'msg-1',
        name: HOSTILE,
        email: 'jo@example.test',
        subject: HOSTILE,
        message,
        receivedAt: new Date('2026-01-02T10:00:00Z'),
      },
      'https://example.test/admin/messages/msg-1',
    );
    expect(mail.subject).toBe(`New message: ${HOSTILE}`);
    expect(mail.text).toContain(`Name: ${HOSTILE}\nEmail: jo@example.test\nSubject: ${HOSTILE}`);
    expect(mail.text).toContain(`\n\n${message}\n\n`);
    expect(mail.html).toContain(`${HOSTILE_ESCAPED}\nSecond line &amp; more</p>`);
    // The answer is written in the back office, not by replying to this mail.
    expect(mail.text).toContain('https://example.test/admin/messages/msg-1');
    expectEscaped(mail);
    expectAgencyMail(mail);
  });
});

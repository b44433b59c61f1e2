import { describe, expect, it } from 'vitest';
import { expectAgencyMail, expectEscaped, HOSTILE } from '#server/email/mail-checks.ts';
import { intakeSubmittedMail } from './mail.ts';

describe('intakeSubmittedMail', () => {
  it('gives a choice as the label the customer chose, in the text and the HTML', () => {
    const mail = intakeSubmittedMail(
      {
        orderId: 'abcdefghjkmnpqrs',
        businessName: 'Ann Bakes',
        data: { domainStatus: 'existing', industry: 'Bakery' },
      },
      { adminUrl: 'https://example.test/admin/website-info/x' },
    );
    expect(mail.text).toContain('Do you have a domain?: Yes, I already own one');
    expect(mail.text).not.toContain(': existing');
    expect(mail.html).toContain('Yes, I already own one');
    expect(mail.text).toContain('Industry: Bakery');
  });
});

describe('intakeSubmittedMail with hostile answers', () => {
  it('escapes what the customer typed in HTML and keeps it verbatim in text', () => {
    const mail = intakeSubmittedMail(
      { orderId: 'abcdefghjkmnpqrs', businessName: HOSTILE, data: { industry: HOSTILE, domainStatus: 'unsure' } },
      { adminUrl: 'https://example.test/admin/website-info/x' },
    );
    expect(mail.text).toContain(`Industry: ${HOSTILE}`);
    expect(mail.text).toContain('Open it (uploads included): https://example.test/admin/website-info/x');
    expectEscaped(mail);
    expectAgencyMail(mail);
  });
});

import { describe, expect, it } from 'vitest';
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

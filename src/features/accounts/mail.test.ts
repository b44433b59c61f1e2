import { describe, expect, it } from 'vitest';
import {
  expectAgencyMail,
  expectCustomerMail,
  expectEscaped,
  HOSTILE,
  HOSTILE_ESCAPED,
} from '#server/email/mail-checks.ts';
import {
  activationMail,
  billingCancelFailedMail,
  emailChangeMail,
  emailChangeNoticeMail,
  passwordResetMail,
  verifyEmailMail,
} from './mail.ts';

const URL_WITH_QUERY = 'https://example.test/reset-password?token=a&b="c"';

describe('account mails', () => {
  const linkMails = {
    activation: activationMail(HOSTILE, URL_WITH_QUERY),
    'password reset': passwordResetMail(HOSTILE, URL_WITH_QUERY),
    'address verification': verifyEmailMail(HOSTILE, URL_WITH_QUERY),
    'address change': emailChangeMail(HOSTILE, 'new@example.test', URL_WITH_QUERY),
  };

  it.each(Object.entries(linkMails))(
    'the %s mail greets the customer by name, escaped in HTML and verbatim in text, with its link as a button',
    (_, mail) => {
      expectEscaped(mail);
      expectCustomerMail(mail);
      expect(mail.html).toContain('href="https://example.test/reset-password?token=a&amp;b=&quot;c&quot;"');
      expect(mail.text).toContain(`: ${URL_WITH_QUERY}\n`);
    },
  );

  it('the notice to the old address shows the new one and the name, escaped in HTML', () => {
    const mail = emailChangeNoticeMail(HOSTILE, `x"<b>@example.test`);
    expectEscaped(mail);
    expect(mail.html).toContain('x&quot;&lt;b&gt;@example.test');
    expectCustomerMail(mail);
  });

  it('the agency learns which subscriptions to cancel by hand, one per line', () => {
    const mail = billingCancelFailedMail(['sub_1', HOSTILE]);
    expect(mail.subject).toBe("Action needed: cancel a deleted customer's subscription");
    expect(mail.text).toContain(`\n\n- sub_1\n- ${HOSTILE}`);
    expect(mail.html).toContain(`<li>${HOSTILE_ESCAPED}</li>`);
    expectEscaped(mail);
    expectAgencyMail(mail);
  });
});

import { describe, expect, it } from 'vitest';
import { expectAgencyMail, expectCustomerMail, expectEscaped, HOSTILE } from '#server/email/mail-checks.ts';
import { cancellationMails, offerMail, subscriptionAcceptedMail } from './mail.ts';

const subscription = { id: 'sub-1', description: HOSTILE, priceCents: 4_900, interval: 'month' as const };
const customer = { name: HOSTILE, email: 'jo@example.test' };

describe('subscription mails', () => {
  it.each([
    ['a new account', true, true, 'We also sent you a link to activate your account'],
    ['a proven address', false, true, 'Sign in to accept it.'],
    ['an unproven address', false, false, 'It appears once your account has confirmed this email address'],
  ])('the offer to %s names it escaped in HTML and says what to do', (_, newAccount, proven, next) => {
    const mail = offerMail(subscription, HOSTILE, newAccount, proven);
    expect(mail.subject).toBe(`An offer from Palmetto Web Studio: ${HOSTILE}`.slice(0, 200));
    expect(mail.text).toContain(
      `We prepared a subscription for you: ${HOSTILE}, $49 per month.\nIt waits for you in your account: `,
    );
    expect(mail.text).toContain(next);
    expectEscaped(mail);
    expectCustomerMail(mail);
  });

  it('a cancel request is confirmed to the customer and announced to the agency, escaped in HTML', () => {
    const { toCustomer, toAgency } = cancellationMails(subscription, customer, {
      cancelAt: new Date('2026-03-01T17:00:00Z'),
      lastBilled: new Date('2026-02-01T17:00:00Z'),
    });
    expect(toCustomer.subject).toBe(`Your cancellation: ${HOSTILE}`);
    expect(toCustomer.text).toContain('after the 30-day notice period. Your last payment is on');
    expectEscaped(toCustomer);
    expectCustomerMail(toCustomer);
    expect(toAgency.text).toContain(`${HOSTILE} <jo@example.test> asked to cancel ${HOSTILE} (sub-1). It: ${HOSTILE}`);
    expectEscaped(toAgency);
    expectAgencyMail(toAgency);
  });

  it('an accepted offer tells the agency to send the first invoice', () => {
    const mail = subscriptionAcceptedMail(subscription, customer);
    expect(mail.subject).toBe(`Subscription accepted: ${HOSTILE}`.slice(0, 200));
    expect(mail.text).toContain('Send the first invoice.');
    expectEscaped(mail);
    expectAgencyMail(mail);
    expect(subscriptionAcceptedMail(subscription, undefined).text).toMatch(/^A customer <> accepted/);
  });
});

import { describe, expect, it } from 'vitest';
import { expectAgencyMail, expectCustomerMail, expectEscaped, HOSTILE } from '#server/email/mail-checks.ts';
import { offerPaidMail, offerPaymentCheckMail, paymentFailedMail } from './stripe-mail.ts';

const offer = { id: 'sub-1', description: HOSTILE, priceCents: 4_900, interval: 'month' };
const customer = { name: HOSTILE, email: 'jo@example.test' };

describe('Stripe payment mails', () => {
  it('a failed payment tells the customer, named as typed, escaped in HTML', () => {
    const mail = paymentFailedMail(
      { id: 'order-1234-5678', name: HOSTILE, totalCents: 380_000 },
      { accountUrl: 'https://example.test/account/orders/order-1234' },
    );
    expect(mail.subject).toBe('Your payment for ORD-ORDER-12 did not go through');
    expect(mail.text).toContain('Your order: https://example.test/account/orders/order-1234');
    expectEscaped(mail);
    expectCustomerMail(mail);
  });

  it.each([
    ['a paid offer', offerPaidMail(offer, customer, 'sub_stripe')],
    ['a payment to check', offerPaymentCheckMail(offer, customer, 'paid twice')],
  ])('the agency hears of %s with the names escaped in HTML', (_, mail) => {
    expect(mail.text).toContain(`${HOSTILE} <jo@example.test>`);
    expect(mail.html).toContain('&lt;jo@example.test&gt;');
    expectEscaped(mail);
    expectAgencyMail(mail);
  });
});

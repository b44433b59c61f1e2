import { describe, expect, it } from 'vitest';
import {
  expectAgencyMail,
  expectCustomerMail,
  expectEscaped,
  HOSTILE,
  HOSTILE_ESCAPED,
} from '#server/email/mail-checks.ts';
import {
  newOrderMail,
  orderConfirmationMail,
  orderConfirmRequestMail,
  paymentReceiptMail,
  type MailOrder,
} from './mail.ts';
import { orderNumber } from './order-number.ts';

const order: MailOrder = {
  id: 'abcdefghjkmnpqrs',
  name: HOSTILE,
  email: 'jo@example.test',
  phone: '(407) 555-0100',
  businessName: HOSTILE,
  totalCents: 149_900,
  items: [
    { description: 'Starter website', quantity: 1, amountCents: 129_900, interval: 'one_time' },
    { description: 'Care plan', quantity: 1, amountCents: 20_000, interval: 'month' },
  ],
};
const ACCOUNT = 'https://example.test/account/orders/abcdefghjkmnpqrs';

describe('order mails', () => {
  it.each([
    ['invoice, existing account', { provider: 'invoice' as const, accountUrl: ACCOUNT }],
    [
      'card, new account',
      { provider: 'stripe' as const, accountUrl: ACCOUNT, activationUrl: 'https://example.test/a?token=t' },
    ],
  ])('the confirmation (%s) shows what the customer wrote escaped in HTML, verbatim in text', (_, options) => {
    const mail = orderConfirmationMail(order, options);
    expect(mail.subject).toBe(`Your order ${orderNumber(order.id)} at Palmetto Web Studio`);
    expectEscaped(mail);
    expect(mail.html).toContain(`Thank you for your order for ${HOSTILE_ESCAPED}.`);
    expect(mail.text).toContain('- Care plan: $200 per month from launch\nTotal: $1,499');
    expectCustomerMail(mail);
  });

  it('the receipt and the confirm request are customer mails too', () => {
    const receipt = paymentReceiptMail(order, { accountUrl: ACCOUNT, paidAt: new Date('2026-01-02T10:00:00Z') });
    expectEscaped(receipt);
    expect(receipt.text).toContain(`Next: complete your website intake in your account: ${ACCOUNT}`);
    expectCustomerMail(receipt);
    const request = orderConfirmRequestMail(order, 'https://example.test/confirm-order?token=t&x=1');
    // Nothing the person who placed the order wrote reaches the address owner.
    expect(request.text + request.html).not.toContain('Jo');
    expect(request.html).toContain('href="https://example.test/confirm-order?token=t&amp;x=1"');
    expectCustomerMail(request);
  });

  it("the agency's notice lists the customer's details, escaped in HTML", () => {
    const mail = newOrderMail(
      { ...order, phone: HOSTILE },
      { provider: 'invoice', adminUrl: 'https://example.test/admin/orders/x' },
    );
    expect(mail.text).toContain(`Name: ${HOSTILE}\nEmail: jo@example.test\nPhone: ${HOSTILE}`);
    expect(mail.html.split(HOSTILE_ESCAPED).length - 1).toBe(4);
    expectEscaped(mail);
    expectAgencyMail(mail);
  });
});

import { describe, expect, it } from 'vitest';
import { site } from '#data/site.ts';
import { expectSameContent } from '#server/email/mail-checks.ts';
import type { InvoiceWithLines } from './invoices.server.ts';
import { invoiceMail } from './mail.ts';
import { invoiceOverdueNotice, invoiceReminderMail } from './reminder-mail.ts';
import { invoiceFixture } from './testing/invoice-fixture.ts';

const issued = new Date('2026-11-02T15:00:00Z');
// INV-2026-0001, issued Nov 2 and due Nov 16, for a customer whose name looks like markup.
const invoice: InvoiceWithLines = invoiceFixture({
  id: 'inv1abcdefghjkmnpqrs',
  sequence: 1,
  number: 'INV-2026-0001',
  orderId: null,
  customerName: 'Rosa <Diaz>',
  issuedAt: issued,
  // 3 am UTC on Nov 17 is still Nov 16 in Orlando: the due date is the agency's day.
  dueAt: new Date('2026-11-17T03:00:00Z'),
  createdAt: issued,
});
const url = 'https://example.com/account/invoices/inv1abcdefghjkmnpqrs';
const bank = { bankDetails: 'Palmetto Web Studio LLC; Routing: 000000000; Account: 1234', payOnlineUrl: null };
const online = { bankDetails: null, payOnlineUrl: url };

describe('invoiceMail', () => {
  it('names the invoice and the agency in the subject, and gives lines, total, amount due, due date and link', () => {
    const mail = invoiceMail(invoice, { invoiceUrl: url, payment: bank }, Date.parse('2026-11-03T12:00:00Z'));
    expect(mail.subject).toBe(`Invoice INV-2026-0001 from ${site.brand}`);
    expect(mail.subject).toBe('Invoice INV-2026-0001 from Palmetto Web Studio');
    expect(mail.text).toContain('Hi Rosa <Diaz>,');
    expect(mail.text).toContain('Please find attached invoice INV-2026-0001 for Diaz Bakery.');
    expect(mail.text).toContain('2 x Extra page: $198.00');
    expect(mail.text).toContain('Total: $1,697.00');
    expect(mail.text).toContain('Amount due: $1,697.00, by November 16, 2026.');
    expect(mail.text).toContain(url);
    // The customer's own words never become markup.
    expect(mail.html).toContain('Rosa &lt;Diaz&gt;');
    expectSameContent(mail);
  });

  it('says how to pay: the bank details with the number as reference, and Pay online when Stripe is on', () => {
    const byBank = invoiceMail(invoice, { invoiceUrl: url, payment: bank }, Date.parse('2026-11-03T12:00:00Z'));
    expect(byBank.text).toContain('How to pay');
    expect(byBank.text).toContain('By bank transfer:');
    expect(byBank.text).toContain('Routing: 000000000');
    expect(byBank.text).toContain('Reference: INV-2026-0001');
    expect(byBank.text).not.toContain('Pay online');
    const byCard = invoiceMail(invoice, { invoiceUrl: url, payment: online }, Date.parse('2026-11-03T12:00:00Z'));
    expect(byCard.text).toContain(`Pay online: ${url}`);
    expect(byCard.text).not.toContain('By bank transfer');
    // Overdue is still owed: still says how.
    const late = invoiceMail(invoice, { invoiceUrl: url, payment: bank }, Date.parse('2026-12-03T12:00:00Z'));
    expect(late.text).toContain('Reference: INV-2026-0001');
  });

  it('says paid for a paid invoice and void for a void one, with no way to pay either', () => {
    const paid = invoiceMail(
      { ...invoice, status: 'paid', paidAt: new Date('2026-11-10T15:00:00Z'), paidMethod: 'check', paidCents: 169_700 },
      { invoiceUrl: url, payment: { ...bank, payOnlineUrl: url } },
    );
    expect(paid.text).toContain('Paid on November 10, 2026 by check. Thank you!');
    expect(paid.text).not.toContain('Amount due');
    expect(paid.text).not.toContain('How to pay');
    expect(paid.text).not.toContain('Routing');
    const voided = invoiceMail(
      { ...invoice, status: 'void', voidReason: 'Wrong name' },
      { invoiceUrl: url, payment: bank },
    );
    expect(voided.text).toContain('Void: Wrong name');
    expect(voided.text).not.toContain('How to pay');
  });

  it('states a plan invoice’s period, its last day the one before the next period starts', () => {
    const plan = invoiceMail(
      {
        ...invoice,
        purpose: 'plan',
        // Nov 29, 2 pm to Dec 29, 2 pm in Orlando: the last day is Dec 28.
        periodStart: new Date('2026-11-29T19:00:00Z'),
        periodEnd: new Date('2026-12-29T19:00:00Z'),
        lines: [{ ...invoice.lines[0]!, description: 'All-Inclusive Monthly Plan' }],
      },
      { invoiceUrl: url, payment: bank },
      Date.parse('2026-11-03T12:00:00Z'),
    );
    expect(plan.text).toContain('Period: November 29, 2026 – December 28, 2026');
    expect(plan.text).not.toContain('December 29');
  });

  it('reads a credit note as a credit: named as one, money returned, no due date, nothing to pay', () => {
    const credit = invoiceMail(
      {
        ...invoice,
        kind: 'credit_note',
        purpose: 'credit',
        number: 'CN-2026-0001',
        status: 'paid',
        paidAt: new Date('2026-11-10T15:00:00Z'),
        paidMethod: 'card',
        totalCents: 50_000,
        creditsNumber: 'INV-2026-0001',
        lines: [
          { ...invoice.lines[0]!, description: 'Refund of INV-2026-0001', unitCents: 50_000, amountCents: 50_000 },
        ],
      },
      { invoiceUrl: url, payment: bank },
    );
    expect(credit.subject).toBe(`Credit note CN-2026-0001 from ${site.brand}`);
    expect(credit.text).toContain('Credits INV-2026-0001');
    expect(credit.text).toContain('Refund of INV-2026-0001: −$500.00');
    expect(credit.text).toContain('Total credited: −$500.00');
    expect(credit.text).toContain('Refunded on November 10, 2026 to the card.');
    expect(credit.text).not.toContain('Amount due');
    expect(credit.text).not.toContain('How to pay');
    expect(credit.text).not.toMatch(/\bdue\b/i);
  });
});

describe('invoiceReminderMail', () => {
  it('names the invoice as the invoice mail does, with the amount due, the due date and how to pay', () => {
    const now = Date.parse('2026-11-14T12:00:00Z');
    const before = invoiceReminderMail(invoice, 'before', { invoiceUrl: url, payment: bank }, now);
    expect(before.subject).toBe(`Reminder: Invoice INV-2026-0001 from ${site.brand} is due in 3 days`);
    expect(before.text).toContain('INV-2026-0001. Amount due: $1,697.00, by November 16, 2026.');
    expect(before.text).toContain('Reference: INV-2026-0001');
    const overdue = invoiceReminderMail(
      invoice,
      'overdue',
      { invoiceUrl: url, payment: online },
      now + 10 * 86_400_000,
    );
    expect(overdue.subject).toBe(`Overdue: Invoice INV-2026-0001 from ${site.brand}`);
    expect(overdue.text).toContain(`Pay online: ${url}`);
  });
});

describe('a partly paid invoice', () => {
  // $500.00 of $1,697.00 paid: $1,197.00 is what the customer is asked for, everywhere.
  const part: InvoiceWithLines = { ...invoice, paidCents: 50_000, paidAt: new Date('2026-11-05T15:00:00Z') };
  const now = Date.parse('2026-11-14T12:00:00Z');

  it('the invoice mail keeps the total, says what was paid and asks for the balance', () => {
    const mail = invoiceMail(part, { invoiceUrl: url, payment: bank }, now);
    expect(mail.text).toContain('Total: $1,697.00');
    expect(mail.text).toContain('Paid so far: $500.00');
    expect(mail.text).toContain('Balance due: $1,197.00, by November 16, 2026.');
    expect(mail.text).not.toContain('Amount due');
    expectSameContent(mail);
  });

  it('every reminder asks for the balance, not the total', () => {
    for (const stage of ['before', 'due', 'overdue'] as const) {
      const mail = invoiceReminderMail(part, stage, { invoiceUrl: url, payment: bank }, now);
      expect(mail.text).toContain('INV-2026-0001. Balance due: $1,197.00, by November 16, 2026.');
      expect(mail.text).not.toContain('$1,697.00');
    }
    const overdue = invoiceReminderMail(part, 'overdue', { invoiceUrl: url, payment: bank }, now + 10 * 86_400_000);
    expect(overdue.text).not.toContain('we have not received your payment');
  });

  it('the agency’s overdue notice gives the balance, then the total and what was paid', () => {
    const notice = invoiceOverdueNotice(part, { adminUrl: 'https://example.com/admin/invoices/inv1' });
    expect(notice.text).toMatch(/Balance due:?\s+\$1,197\.00/);
    expect(notice.text).toMatch(/Total:?\s+\$1,697\.00/);
    expect(notice.text).toMatch(/Paid so far:?\s+\$500\.00/);
    expectSameContent(notice);
  });

  it('an unpaid invoice reads as before: the amount due is its total', () => {
    const notice = invoiceOverdueNotice(invoice, { adminUrl: 'https://example.com/admin/invoices/inv1' });
    expect(notice.text).toMatch(/Amount:?\s+\$1,697\.00/);
    expect(notice.text).not.toContain('Balance due');
    const mail = invoiceMail(invoice, { invoiceUrl: url, payment: bank }, now);
    expect(mail.text).not.toContain('Paid so far');
    expect(mail.text).not.toContain('Balance due');
  });
});

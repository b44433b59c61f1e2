import { describe, expect, it } from 'vitest';
import { site } from '#data/site.ts';
import type { InvoiceWithLines } from './invoices.server.ts';
import { invoiceMail } from './mail.ts';
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
  dueAt: new Date('2026-11-16T15:00:00Z'),
  createdAt: issued,
});
const url = 'https://example.com/account/invoices/inv1abcdefghjkmnpqrs';

describe('invoiceMail', () => {
  it('names the invoice and the agency in the subject, and lists lines, total, due date and link', () => {
    const mail = invoiceMail(invoice, { invoiceUrl: url }, Date.parse('2026-11-03T12:00:00Z'));
    expect(mail.subject).toBe(`Invoice INV-2026-0001 from ${site.brand}`);
    expect(mail.text).toContain('Hi Rosa <Diaz>,');
    expect(mail.text).toContain('2 x Extra page: $198.00');
    expect(mail.text).toContain('Total: $1,697.00');
    expect(mail.text).toContain('Payment is due by November 16, 2026.');
    expect(mail.text).toContain(url);
    // The customer's own words never become markup.
    expect(mail.html).toContain('Rosa &lt;Diaz&gt;');
  });

  it('says paid for a paid invoice, and names a credit note as one', () => {
    const paid = invoiceMail(
      { ...invoice, status: 'paid', paidAt: new Date('2026-11-10T15:00:00Z'), paidMethod: 'check', paidCents: 169_700 },
      { invoiceUrl: url },
    );
    expect(paid.text).toContain('Paid on November 10, 2026 by check. Thank you!');
    expect(paid.text).not.toContain('Payment is due');
    const credit = invoiceMail(
      { ...invoice, kind: 'credit_note', number: 'CN-2026-0001', status: 'paid', paidAt: null },
      { invoiceUrl: url },
    );
    expect(credit.subject).toBe(`Credit note CN-2026-0001 from ${site.brand}`);
    expect(credit.text).toContain('No payment is needed');
  });
});

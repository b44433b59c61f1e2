import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { addressLine, site } from '#data/site.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { FIXTURE_ISSUED, invoiceFixture, invoiceLine } from './testing/invoice-fixture.ts';

const ISSUED = FIXTURE_ISSUED;
const DAY = 24 * 60 * 60 * 1000;
const invoice = invoiceFixture;
const line = invoiceLine;

async function textOf(bytes: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return text;
}

const payment = {
  bankDetails: 'Palmetto Web Studio LLC; Bank: Example Bank; Routing: 000000000; Account: 1234',
  payOnlineUrl: null,
};

describe('invoicePdf', () => {
  it('carries the number, dates, parties, lines, total and how to pay, as extractable text', async () => {
    const [page] = await textOf(invoicePdf(invoice(), payment, ISSUED));
    for (const expected of [
      'Invoice',
      'INV-2026-0007',
      'November 20, 2026',
      'December 4, 2026',
      'Open',
      site.brand,
      addressLine,
      site.email,
      'Rosa Diaz',
      'Diaz Bakery',
      'rosa@example.com',
      'Custom website build',
      '$1,499.00',
      'Extra page',
      '$99.00',
      '$198.00',
      '$1,697.00',
      'Routing: 000000000',
      'Reference: INV-2026-0007',
    ]) {
      expect(page, expected).toContain(expected);
    }
  });

  it('says Overdue after the due date, Paid with the date and method once paid, Void with the reason', async () => {
    const [overdue] = await textOf(invoicePdf(invoice(), payment, ISSUED + 15 * DAY));
    expect(overdue).toContain('Overdue');
    const paidAt = new Date(ISSUED + 3 * DAY);
    const [paid] = await textOf(
      invoicePdf(
        invoice({ status: 'paid', paidAt, paidCents: 169_700, paidMethod: 'check' }),
        payment,
        ISSUED + 20 * DAY,
      ),
    );
    expect(paid).toContain('Paid on November 23, 2026 by check');
    expect(paid).not.toContain('Routing');
    const [voided] = await textOf(invoicePdf(invoice({ status: 'void', voidReason: 'Wrong business name' }), payment));
    expect(voided).toContain('Void: Wrong business name');
  });

  it('offers the Pay online link when there is one', async () => {
    const [page] = await textOf(
      invoicePdf(
        invoice(),
        { bankDetails: null, payOnlineUrl: 'https://studio.example/account/invoices/inv1' },
        ISSUED,
      ),
    );
    expect(page).toContain('Pay online: https://studio.example/account/invoices/inv1');
  });

  it('states a plan invoice’s period once, ending the day before the next period starts', async () => {
    // Nov 29, 2 pm to Dec 29, 2 pm in Orlando: the last day is Dec 28 (the end is exclusive).
    const [page] = await textOf(
      invoicePdf(
        invoice({
          purpose: 'plan',
          periodStart: new Date('2026-11-29T19:00:00Z'),
          periodEnd: new Date('2026-12-29T19:00:00Z'),
          lines: [line(0, 'All-Inclusive Monthly Plan', 1, 19_900)],
          totalCents: 19_900,
        }),
        payment,
        ISSUED,
      ),
    );
    expect(page).toContain('Period: November 29, 2026 – December 28, 2026');
    expect(page).not.toContain('December 29');
    expect(page!.match(/November 29, 2026/g)).toHaveLength(1);
  });

  it('reads a credit note as a credit: Credit to, no due date, amounts as money returned, nothing to pay', async () => {
    const [page] = await textOf(
      invoicePdf(
        invoice({
          kind: 'credit_note',
          purpose: 'credit',
          number: 'CN-2026-0002',
          status: 'paid',
          paidAt: new Date(ISSUED),
          paidCents: 50_000,
          paidMethod: 'card',
          creditFor: 'inv0',
          creditsNumber: 'INV-2026-0007',
          lines: [line(0, 'Refund of INV-2026-0007', 1, 50_000)],
          totalCents: 50_000,
        }),
        payment,
        ISSUED,
      ),
    );
    expect(page).toContain('Credit note');
    expect(page).toContain('Credit to');
    expect(page).not.toContain('Bill to');
    expect(page).not.toContain('Due');
    expect(page).not.toContain('December 4, 2026');
    expect(page).toContain('Total credited');
    expect(page).toContain('-$500.00');
    expect(page).toContain('Refunded');
    expect(page).not.toContain('Routing');
  });

  it('carries many lines over to further pages, numbered', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => line(i, `Line item number ${i + 1} with a description`, 1, 100));
    const pages = await textOf(invoicePdf(invoice({ lines, totalCents: 6000 }), payment, ISSUED));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.join('\n')).toContain('Line item number 60 with a description');
    expect(pages.at(-1)).toContain('$60.00');
    expect(pages[0]).toContain(`1 / ${pages.length}`);
  });

  it('on a partly paid invoice: the total, what was paid, and the balance due as the amount to pay', async () => {
    const [page] = await textOf(
      invoicePdf(invoice({ paidCents: 50_000, paidAt: new Date(ISSUED + DAY), paidMethod: 'check' }), payment, ISSUED),
    );
    expect(page).toContain('Partly paid');
    expect(page).toMatch(/Total\s*\$1,697\.00/);
    expect(page).toMatch(/Paid so far\s*\$500\.00/);
    expect(page).toMatch(/Balance due\s*\$1,197\.00/);
    // Unpaid, it reads as before: no paid or balance lines.
    const [unpaid] = await textOf(invoicePdf(invoice(), payment, ISSUED));
    expect(unpaid).not.toContain('Paid so far');
    expect(unpaid).not.toContain('Balance due');
  });
});

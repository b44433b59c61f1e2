/** /account/invoices/{id} as the server renders it: 'Pay online' only for an open invoice when it is on. */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import { INVOICE_COPY, PAY_ONLINE } from '../copy.ts';
import type { PaymentInstructions } from '../invoice-pdf.ts';
import type { InvoiceWithLines } from '../invoices.server.ts';
import { FIXTURE_ISSUED, invoiceFixture, invoiceLine } from '../testing/invoice-fixture.ts';
import InvoicePage from './InvoicePage.astro';

// Due tomorrow (open, not overdue), with no lines: the page's payment part is what is tested.
const invoice = (overrides: Partial<InvoiceWithLines> = {}): InvoiceWithLines =>
  invoiceFixture({
    orderId: null,
    totalCents: 10_000,
    dueAt: new Date(Date.now() + 86_400_000),
    lines: [],
    ...overrides,
  });

async function render(props: { invoice: InvoiceWithLines; payment: PaymentInstructions }) {
  const container = await AstroContainer.create();
  return container.renderToString(InvoicePage, {
    props: { ...props },
    request: new Request('http://localhost:4321/account/invoices/inv1'),
    locals: { user: null, session: null },
  });
}

describe('the invoice page', () => {
  it('offers Pay online as a POST form to the invoice’s pay route when a link is given', async () => {
    const html = await render({
      invoice: invoice(),
      payment: { bankDetails: 'Bank X', payOnlineUrl: 'http://localhost:4321/account/invoices/inv1' },
    });
    expect(html).toMatch(/<form method="post" action="\/api\/account\/invoices\/inv1\/pay"/);
    expect(html).toContain(PAY_ONLINE.button);
  });

  it('offers none without a link (no Stripe), and a credit note says what it credits', async () => {
    const open = await render({ invoice: invoice(), payment: { bankDetails: 'Bank X', payOnlineUrl: null } });
    expect(open).not.toContain('/pay"');
    const note = await render({
      invoice: invoice({
        kind: 'credit_note',
        number: 'CN-2026-0001',
        status: 'paid',
        paidAt: new Date(FIXTURE_ISSUED),
        paidCents: 10_000,
        creditFor: 'inv0',
        creditsNumber: 'INV-2026-0003',
      }),
      payment: { bankDetails: 'Bank X', payOnlineUrl: null },
    });
    expect(note).toContain('Credit note CN-2026-0001');
    expect(note).toContain('Credits INV-2026-0003');
    expect(note).toContain('Refunded on');
    expect(note).not.toContain('/pay"');
  });

  it('reads a credit note as a credit: Credit to, no due date, the amount as money returned', async () => {
    const html = await render({
      invoice: invoice({
        kind: 'credit_note',
        purpose: 'credit',
        number: 'CN-2026-0002',
        status: 'paid',
        paidAt: new Date(FIXTURE_ISSUED),
        paidCents: 50_000,
        totalCents: 50_000,
        creditFor: 'inv0',
        creditsNumber: 'INV-2026-0003',
        creditReason: 'Blog section dropped from scope',
        lines: [invoiceLine(0, 'Refund of INV-2026-0003', 1, 50_000)],
      }),
      payment: { bankDetails: 'Bank X', payOnlineUrl: null },
    });
    expect(html).toContain('Reason: Blog section dropped from scope');
    expect(html).toContain('Credit to');
    expect(html).not.toContain('Bill to');
    expect(html).not.toMatch(/>Due</);
    expect(html).toContain('Total credited');
    expect(html).toContain('−$500.00');
    expect(html).toContain('Refunded');
    expect(html).not.toContain(INVOICE_COPY.howToPay);
  });

  it('states a plan invoice’s period, its last day the one before the next period starts', async () => {
    const html = await render({
      invoice: invoice({
        purpose: 'plan',
        periodStart: new Date('2026-11-29T19:00:00Z'),
        periodEnd: new Date('2026-12-29T19:00:00Z'),
      }),
      payment: { bankDetails: 'Bank X', payOnlineUrl: null },
    });
    expect(html).toContain('November 29, 2026 – December 28, 2026');
  });

  it('says how to pay on an open invoice, and not on a paid or void one', async () => {
    const payment = { bankDetails: 'Bank X; Routing 1', payOnlineUrl: null };
    const open = await render({ invoice: invoice(), payment });
    expect(open).toContain(INVOICE_COPY.howToPay);
    expect(open).toContain('Routing 1');
    const paid = await render({
      invoice: invoice({ status: 'paid', paidAt: new Date(FIXTURE_ISSUED), paidCents: 10_000 }),
      payment,
    });
    expect(paid).not.toContain(INVOICE_COPY.howToPay);
    const voided = await render({ invoice: invoice({ status: 'void', voidReason: 'Duplicate' }), payment });
    expect(voided).not.toContain(INVOICE_COPY.howToPay);
    expect(voided).not.toContain('Routing 1');
  });

  it('a partly paid invoice keeps its total and states what was paid and the balance due', async () => {
    const payment = { bankDetails: 'Bank X', payOnlineUrl: null };
    const html = await render({
      invoice: invoice({ totalCents: 380_000, paidCents: 100_000, paidAt: new Date(FIXTURE_ISSUED) }),
      payment,
    });
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Total $3,800.00');
    expect(text).toContain('Paid so far $1,000.00');
    expect(text).toContain('Balance due $2,800.00');
    expect(text).toContain('Partly paid');
    const unpaid = await render({ invoice: invoice({ totalCents: 380_000 }), payment });
    expect(unpaid).not.toContain('Balance due');
    expect(unpaid).not.toContain('Paid so far');
  });
});

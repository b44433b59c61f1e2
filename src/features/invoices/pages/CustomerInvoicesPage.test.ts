/** /account/invoices as the server renders it: the balance due in one line, above the list. */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../invoices.server.ts';
import { FIXTURE_ISSUED, invoiceFixture } from '../testing/invoice-fixture.ts';
import CustomerInvoicesPage from './CustomerInvoicesPage.astro';

const DAY = 86_400_000;
const user = { id: 'u1', name: 'Rosa Diaz', email: 'rosa@example.com', role: 'customer' as const };

async function render(invoices: Invoice[]) {
  const container = await AstroContainer.create();
  return container.renderToString(CustomerInvoicesPage, {
    props: { invoices },
    request: new Request('http://localhost:4321/account/invoices'),
    locals: { user, session: null },
  });
}

describe('the customer’s invoice list', () => {
  it('opens with what they owe: open and overdue invoices, not paid, void or credit notes', async () => {
    const soon = new Date(Date.now() + 5 * DAY);
    const html = await render([
      invoiceFixture({ id: 'a', number: 'INV-2026-0001', totalCents: 10_000, dueAt: soon }),
      invoiceFixture({ id: 'b', number: 'INV-2026-0002', totalCents: 20_000, dueAt: new Date(FIXTURE_ISSUED) }),
      invoiceFixture({ id: 'c', number: 'INV-2026-0003', totalCents: 30_000, status: 'paid', paidCents: 30_000 }),
      invoiceFixture({ id: 'd', number: 'INV-2026-0004', totalCents: 40_000, status: 'void' }),
      invoiceFixture({ id: 'e', number: 'CN-2026-0001', kind: 'credit_note', totalCents: 5_000, status: 'paid' }),
    ]);
    expect(html).toContain('Balance due: $300.00');
    // The credit note's amount reads as money returned.
    expect(html).toContain('−$50.00');
  });

  it('says nothing is owed when every invoice is settled', async () => {
    const html = await render([invoiceFixture({ status: 'paid', paidCents: 169_700 })]);
    expect(html).toContain('Balance due: $0.00. Nothing to pay right now.');
  });

  it('a partly paid invoice reads with the balance still due, and only that counts towards what is owed', async () => {
    const html = await render([
      invoiceFixture({ totalCents: 380_000, paidCents: 100_000, dueAt: new Date(Date.now() + 5 * DAY) }),
    ]);
    expect(html).toContain('Partly paid, $2,800.00 still due');
    expect(html).toContain('Balance due: $2,800.00');
  });
});

/**
 * An issued invoice as the database would hold it, for tests that render one (page, PDF, mail)
 * without a database: INV-2026-0007 for Rosa Diaz of Diaz Bakery, issued Nov 20, 2026, open,
 * a build and two extra pages. Tests override what they are about.
 */
import type { InvoiceLine, InvoiceWithLines } from '../invoices.server.ts';

export const FIXTURE_ISSUED = Date.UTC(2026, 10, 20, 15);
const DAY_MS = 24 * 60 * 60 * 1000;

export function invoiceLine(position: number, description: string, quantity: number, unitCents: number): InvoiceLine {
  return {
    id: `l${position}`,
    invoiceId: 'inv1',
    position,
    description,
    quantity,
    unitCents,
    amountCents: quantity * unitCents,
  };
}

export function invoiceFixture(overrides: Partial<InvoiceWithLines> = {}): InvoiceWithLines {
  return {
    id: 'inv1',
    kind: 'invoice',
    purpose: 'build',
    year: 2026,
    sequence: 7,
    number: 'INV-2026-0007',
    userId: 'u1',
    orderId: 'o1',
    subscriptionId: null,
    periodStart: null,
    periodEnd: null,
    creditFor: null,
    creditReason: null,
    replaces: null,
    note: null,
    customerName: 'Rosa Diaz',
    customerBusiness: 'Diaz Bakery',
    customerEmail: 'rosa@example.com',
    totalCents: 169_700,
    currency: 'usd',
    status: 'open',
    issuedAt: new Date(FIXTURE_ISSUED),
    dueAt: new Date(FIXTURE_ISSUED + 14 * DAY_MS),
    paidAt: null,
    paidCents: null,
    paidMethod: null,
    voidedAt: null,
    voidReason: null,
    providerReference: null,
    remindedBeforeAt: null,
    remindedDueAt: null,
    remindedOverdueAt: null,
    agencyToldOverdueAt: null,
    createdAt: new Date(FIXTURE_ISSUED),
    lines: [invoiceLine(0, 'Custom website build', 1, 149_900), invoiceLine(1, 'Extra page', 2, 9_900)],
    ...overrides,
  };
}

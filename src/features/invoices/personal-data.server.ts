/**
 * Invoices and credit notes in the account's data export and deletion
 * (accounts/personal-data.ts). They are the agency's books: kept after the account is deleted,
 * for as long as docs/operations.md says (seven years), with the name and business they were
 * issued to, but without the address; they stay filed under the deleted account's anonymised
 * row, which no one can sign in to.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { build } from '#server/db/index.ts';
import { invoiceLines, invoices, payments } from '#server/db/schema.ts';
import { ownsInvoice } from '#features/accounts/ownership.server.ts';
import { personalData } from '#features/accounts/personal-data.ts';

export const invoiceData = personalData({
  name: 'invoices',
  // Payments are part of the books too: kept, and they name no one (recorded_by is the admin's).
  tables: [invoices, invoiceLines, payments],
  async export({ db }, subject) {
    const rows = await db
      .select({
        id: invoices.id,
        kind: invoices.kind,
        number: invoices.number,
        orderId: invoices.orderId,
        subscriptionId: invoices.subscriptionId,
        periodStart: invoices.periodStart,
        periodEnd: invoices.periodEnd,
        creditFor: invoices.creditFor,
        customerName: invoices.customerName,
        customerBusiness: invoices.customerBusiness,
        customerEmail: invoices.customerEmail,
        totalCents: invoices.totalCents,
        currency: invoices.currency,
        status: invoices.status,
        issuedAt: invoices.issuedAt,
        dueAt: invoices.dueAt,
        paidAt: invoices.paidAt,
        paidCents: invoices.paidCents,
        paidMethod: invoices.paidMethod,
        voidedAt: invoices.voidedAt,
        voidReason: invoices.voidReason,
      })
      .from(invoices)
      .where(ownsInvoice(subject.id))
      .orderBy(asc(invoices.issuedAt), asc(invoices.sequence));
    const lines = rows.length
      ? await db
          .select()
          .from(invoiceLines)
          .where(
            inArray(
              invoiceLines.invoiceId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(invoiceLines.position))
      : [];
    const received = rows.length
      ? await db
          .select({
            invoiceId: payments.invoiceId,
            amountCents: payments.amountCents,
            receivedAt: payments.receivedAt,
            method: payments.method,
          })
          .from(payments)
          .where(
            inArray(
              payments.invoiceId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(payments.receivedAt))
      : [];
    const withLines = rows.map((invoice) => ({
      ...invoice,
      lines: lines
        .filter((line) => line.invoiceId === invoice.id)
        .map(({ id: _id, invoiceId: _invoice, position: _position, ...line }) => line),
      payments: received
        .filter((payment) => payment.invoiceId === invoice.id)
        .map(({ invoiceId: _invoice, ...payment }) => payment),
    }));
    return {
      invoices: withLines.filter((i) => i.kind === 'invoice'),
      creditNotes: withLines.filter((i) => i.kind === 'credit_note'),
    };
  },
  async erase(_tx, subject) {
    return {
      statements: [
        build.update(invoices).set({ customerEmail: subject.tombstoneEmail }).where(eq(invoices.userId, subject.id)),
      ],
    };
  },
});

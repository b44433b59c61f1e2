/**
 * Credit notes: a refund recorded against the invoice it pays back (CN-2026-0001, its own
 * series). Issued inside the refund's own commit, settled (status paid: the money went back),
 * with the customer's details copied from the invoice it credits, e-mailed with its PDF and
 * audited. One live credit note per invoice is a unique index (invoices_credit_idx); the check
 * here only spares a repeated refund the constraint's error.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/index.ts';
import { invoiceLines, invoices, type PaymentMethod } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { auditStatement } from '#server/security/audit.ts';
import { invoiceAttachment } from './attachment.server.ts';
import { customerInvoiceUrl } from './build-invoice.ts';
import { CREDIT_NOTE_COPY } from './copy.ts';
import {
  findInvoice,
  issueStatements,
  type Invoice,
  type InvoiceLine,
  type InvoiceLineDraft,
} from './invoices.server.ts';
import { invoiceMail } from './mail.ts';

/** Money returned against an invoice, as the lifecycle records it (a refund, a canceled part payment). */
export interface Credit {
  /** What went back to the customer. */
  cents: number;
  /** The provider's refund id (Stripe 're_…'); null when the agency pays it back itself. */
  refundId: string | null;
  actorId: string | null;
  ip: string | null;
}

/** What the credit note says it credits: the invoice's own lines for a full refund, else one line. */
function creditLines(invoice: Invoice, lines: InvoiceLine[], cents: number): InvoiceLineDraft[] {
  if (cents === invoice.totalCents && lines.length > 0) {
    return lines.map((line) => ({
      description: CREDIT_NOTE_COPY.lineFor(invoice.number, line.description),
      quantity: line.quantity,
      unitCents: line.unitCents,
    }));
  }
  return [{ description: CREDIT_NOTE_COPY.refundOf(invoice.number), quantity: 1, unitCents: cents }];
}

/**
 * Inside the lifecycle's transaction (a refund, or a cancel returning a part payment): issues the
 * credit note for `invoice`, queues its e-mail with the PDF and audits it. Nothing when there is
 * nothing to return or the invoice is credited already. Answers the credit note's id, or null.
 */
export async function creditInvoiceIn(
  tx: Tx,
  invoice: Invoice,
  refund: Credit,
  now = Date.now(),
): Promise<string | null> {
  if (refund.cents <= 0) return null;
  const [credited] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(eq(invoices.creditFor, invoice.id), eq(invoices.kind, 'credit_note'), sql`${invoices.status} <> 'void'`),
    );
  if (credited) return null;
  const lines = await tx
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoice.id))
    .orderBy(asc(invoiceLines.position));
  // A card refund goes back to the card; one the agency pays itself is recorded without a method.
  const method: PaymentMethod | null = refund.refundId ? 'card' : null;
  const issued = issueStatements(
    {
      kind: 'credit_note',
      purpose: 'credit',
      userId: invoice.userId,
      orderId: invoice.orderId,
      creditFor: invoice.id,
      customer: { name: invoice.customerName, business: invoice.customerBusiness, email: invoice.customerEmail },
      lines: creditLines(invoice, lines, refund.cents),
      dueDays: 0,
      paid: { cents: refund.cents, method },
      providerReference: refund.refundId,
    },
    now,
  );
  await tx.batch(issued.statements);
  const note = await findInvoice(tx, issued.id);
  if (!note) throw new Error(`credit note ${issued.id} was not written`);
  const mail = invoiceMail(note, { invoiceUrl: customerInvoiceUrl(note.id) }, now);
  await tx.batch([
    outboxInsert(
      { ...mail, kind: 'credit-note', to: note.customerEmail, attachments: [invoiceAttachment(note.id)] },
      now,
    ),
    auditStatement(
      {
        actorId: refund.actorId,
        ip: refund.ip,
        action: 'invoice.credit-note',
        entityType: 'invoice',
        entityId: note.id,
        after: {
          number: note.number,
          credits: invoice.number,
          creditFor: invoice.id,
          totalCents: note.totalCents,
          refundId: refund.refundId,
        },
      },
      now,
    ),
  ]);
  return note.id;
}

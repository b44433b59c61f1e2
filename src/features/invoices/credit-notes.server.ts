/**
 * Credit notes: a refund recorded against the invoice it pays back (CN-2026-0001, its own
 * series). Issued inside the refund's own commit, settled (status paid: the money went back),
 * with the customer's details copied from the invoice it credits, e-mailed with its PDF and
 * audited. An invoice may carry several credit notes (partial credits) as long as together they
 * return no more than was paid on it: the guard sums them inside the caller's transaction (the
 * write queue serialises those), and a provider refund is credited once (its id is the credit
 * note's unique provider_reference).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/index.ts';
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
  /** Why, when the admin gave a reason (a partial credit): shown on the note, its PDF and e-mail. */
  reason?: string | null;
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

/** What can still be credited on `invoice`: what was paid on it, less its live credit notes. */
export async function creditableCentsIn(tx: Db | Tx, invoice: Invoice): Promise<number> {
  const [row] = await tx
    .select({ credited: sql<number>`coalesce(sum(${invoices.totalCents}), 0)` })
    .from(invoices)
    .where(
      and(eq(invoices.creditFor, invoice.id), eq(invoices.kind, 'credit_note'), sql`${invoices.status} <> 'void'`),
    );
  return Math.max(0, (invoice.paidCents ?? 0) - Number(row?.credited ?? 0));
}

/**
 * Inside the lifecycle's transaction (a refund, a partial credit, or a cancel returning a part
 * payment): issues the credit note for `invoice`, queues its e-mail with the PDF and audits it.
 * It credits at most what remains creditable (paid less the live credit notes already issued), so
 * a full refund after partial credits returns only the rest; nothing when nothing remains. A
 * provider refund already credited answers its credit note again. Answers the note's id, or null.
 */
export async function creditInvoiceIn(
  tx: Tx,
  invoice: Invoice,
  refund: Credit,
  now = Date.now(),
): Promise<string | null> {
  if (refund.refundId) {
    const [same] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.providerReference, refund.refundId));
    if (same) return same.id;
  }
  const cents = Math.min(refund.cents, await creditableCentsIn(tx, invoice));
  if (cents <= 0) return null;
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
      lines: creditLines(invoice, lines, cents),
      creditReason: refund.reason ?? null,
      dueDays: 0,
      paid: { cents, method },
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
          reason: refund.reason ?? null,
        },
      },
      now,
    ),
  ]);
  return note.id;
}

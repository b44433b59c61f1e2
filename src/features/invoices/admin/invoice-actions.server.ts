/**
 * Sending an issued invoice again, with its audit entry. Recording a payment and voiding are the
 * lifecycle's (src/features/lifecycle/lifecycle.server.ts): it is the one writer of an invoice's
 * state.
 */
import { asc, eq } from 'drizzle-orm';
import type { AppDatabase, Tx } from '#server/db/index.ts';
import { invoiceLines, invoices } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { auditStatement } from '#server/security/audit.ts';
import { invoiceAttachment } from '../attachment.server.ts';
import { customerInvoiceUrl } from '../build-invoice.ts';
import type { Invoice } from '../invoices.server.ts';
import { invoiceMail } from '../mail.ts';

export type InvoiceActionResult<Extra = object> =
  ({ ok: true } & Extra) | { ok: false; reason: 'not-found' | 'not-open' | 'void' };

interface Actor {
  invoiceId: string;
  actorId: string;
  ip: string | null;
}

async function readIn(tx: Tx, id: string): Promise<Invoice | null> {
  const [found] = await tx.select().from(invoices).where(eq(invoices.id, id));
  return found ?? null;
}

/**
 * Queues the invoice e-mail again, the PDF attached by reference (made when the mail goes, so it
 * shows the invoice as it is then). A void invoice is not sent: it asks for nothing.
 */
export function sendInvoiceAgain(database: AppDatabase, action: Actor, now = Date.now()): Promise<InvoiceActionResult> {
  return database.writes.transaction(async (tx) => {
    const found = await readIn(tx, action.invoiceId);
    if (!found) return { ok: false, reason: 'not-found' };
    if (found.status === 'void') return { ok: false, reason: 'void' };
    const lines = await tx
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, found.id))
      .orderBy(asc(invoiceLines.position));
    const invoice = { ...found, lines };
    const mail = invoiceMail(invoice, { invoiceUrl: customerInvoiceUrl(invoice.id) }, now);
    await tx.batch([
      outboxInsert(
        { ...mail, kind: 'invoice', to: invoice.customerEmail, attachments: [invoiceAttachment(invoice.id)] },
        now,
      ),
      auditStatement(
        {
          actorId: action.actorId,
          ip: action.ip,
          action: 'invoice.send',
          entityType: 'invoice',
          entityId: invoice.id,
          after: { number: invoice.number, to: invoice.customerEmail },
        },
        now,
      ),
    ]);
    return { ok: true };
  });
}

/**
 * A corrected invoice and the void one it replaces, linked both ways ('Replaces INV-…',
 * 'Replaced by INV-…'): read from `invoices.replaces`, for the admin's and the customer's pages.
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/index.ts';
import { invoices } from '#server/db/schema.ts';
import type { Invoice } from './invoices.server.ts';

export interface InvoiceRef {
  id: string;
  number: string;
}

export interface Corrections {
  /** The void invoice this one corrects. */
  replaces: InvoiceRef | null;
  /** The invoice correcting this void one (the live one, else the latest). */
  replacedBy: InvoiceRef | null;
}

/** Both links of `invoice`; `visible` narrows them to what the viewer may see (ownership.server.ts). */
export async function correctionsOf(
  db: Db,
  invoice: Pick<Invoice, 'id' | 'replaces' | 'status'>,
  visible?: SQL,
): Promise<Corrections> {
  const ref = { id: invoices.id, number: invoices.number };
  const [replaces] = invoice.replaces
    ? await db
        .select(ref)
        .from(invoices)
        .where(and(eq(invoices.id, invoice.replaces), visible))
    : [];
  const [replacedBy] =
    invoice.status === 'void'
      ? await db
          .select(ref)
          .from(invoices)
          .where(and(eq(invoices.replaces, invoice.id), visible))
          .orderBy(desc(eq(invoices.status, 'open')), desc(invoices.issuedAt))
          .limit(1)
      : [];
  return { replaces: replaces ?? null, replacedBy: replacedBy ?? null };
}

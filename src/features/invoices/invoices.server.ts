/**
 * Issuing invoices and credit notes. The number is taken by the database in the same commit as
 * the invoice (a counter per series and year, bumped by the first statement, read by the
 * second), so a commit that fails takes no number and two commits never share one. One live
 * invoice per order's build and per plan period is a unique index, not a check in code.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { ownsInvoice } from '#features/accounts/ownership.server.ts';
import { build, type Db, type Tx, type WriteQuery } from '#server/db/index.ts';
import {
  invoiceCounters,
  invoiceLines,
  invoices,
  payments,
  type InvoiceKind,
  type InvoicePurpose,
  type PaymentMethod,
} from '#server/db/schema.ts';
import { randomId } from '#server/security/tokens.ts';
import { NUMBER_FORMAT_SQL, numberingYear, SERIES } from './numbering.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface InvoiceLineDraft {
  description: string;
  quantity: number;
  unitCents: number;
}

export interface InvoiceDraft {
  kind?: InvoiceKind;
  purpose: InvoicePurpose;
  userId: string;
  orderId?: string | null;
  subscriptionId?: string | null;
  /** A plan invoice's period: start inclusive, end exclusive. */
  period?: { start: number; end: number };
  /** A credit note's invoice. */
  creditFor?: string | null;
  /** A credit note's reason, when the admin gave one (a partial credit). */
  creditReason?: string | null;
  customer: { name: string; business: string; email: string };
  lines: readonly InvoiceLineDraft[];
  /** Days until due (INVOICE_DUE_DAYS). */
  dueDays: number;
  /** A due date chosen by hand (the owner's invoice): overrides `dueDays`. */
  dueAt?: Date;
  /** The voided invoice this one corrects. */
  replaces?: string | null;
  /** The owner's note on an invoice written by hand. */
  note?: string | null;
  /** A receipt: issued already paid (a card payment, a refund's credit note; null: method not known). */
  paid?: { cents: number; method: PaymentMethod | null };
  /** The provider's id for the payment it records: one document per payment. */
  providerReference?: string | null;
}

export type Invoice = typeof invoices.$inferSelect;
export type InvoiceLine = typeof invoiceLines.$inferSelect;
export type InvoiceWithLines = Invoice & {
  lines: InvoiceLine[];
  /** A credit note's invoice number ('INV-2026-0001'): what the document says it credits. */
  creditsNumber?: string | null;
};

/** The columns a draft fixes, whoever writes the row: who it is for, what it is against, and when (a plan period). */
const whoAndWhat = (draft: InvoiceDraft) => ({
  userId: draft.userId,
  orderId: draft.orderId ?? null,
  subscriptionId: draft.subscriptionId ?? null,
  periodStart: draft.period ? new Date(draft.period.start) : null,
  periodEnd: draft.period ? new Date(draft.period.end) : null,
  creditFor: draft.creditFor ?? null,
  creditReason: draft.creditReason ?? null,
  replaces: draft.replaces ?? null,
  note: draft.note ?? null,
  customerName: draft.customer.name,
  customerBusiness: draft.customer.business,
  customerEmail: draft.customer.email,
});

const dueAtOf = (draft: InvoiceDraft, now: number) => draft.dueAt ?? new Date(now + draft.dueDays * DAY_MS);

/** The statements that issue `draft` at `now`, and the new invoice's id. */
export function issueStatements(draft: InvoiceDraft, now = Date.now()): { id: string; statements: WriteQuery[] } {
  const id = randomId();
  const kind = draft.kind ?? 'invoice';
  const series = SERIES[kind];
  const year = numberingYear(now);
  const at = new Date(now);
  const lines = draft.lines.map((line, position) => ({
    id: crypto.randomUUID(),
    invoiceId: id,
    position,
    description: line.description,
    quantity: line.quantity,
    unitCents: line.unitCents,
    amountCents: line.unitCents * line.quantity,
  }));
  const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const taken = sql`(SELECT ${invoiceCounters.last} FROM ${invoiceCounters} WHERE ${invoiceCounters.series} = ${series} AND ${invoiceCounters.year} = ${year})`;
  const statements: WriteQuery[] = [
    build
      .insert(invoiceCounters)
      .values({ series, year, last: 1 })
      .onConflictDoUpdate({
        target: [invoiceCounters.series, invoiceCounters.year],
        set: { last: sql`${invoiceCounters.last} + 1` },
      }),
    build.insert(invoices).values({
      id,
      kind,
      purpose: draft.purpose,
      year,
      sequence: taken,
      number: sql`printf(${NUMBER_FORMAT_SQL}, ${series}, ${year}, ${taken})`,
      ...whoAndWhat(draft),
      totalCents,
      status: draft.paid ? 'paid' : 'open',
      issuedAt: at,
      dueAt: dueAtOf(draft, now),
      paidAt: draft.paid ? at : null,
      paidCents: draft.paid?.cents ?? null,
      paidMethod: draft.paid?.method ?? null,
      providerReference: draft.providerReference ?? null,
      createdAt: at,
    }),
  ];
  if (lines.length > 0) statements.push(build.insert(invoiceLines).values(lines));
  // A receipt records the payment it is for, as the lifecycle records any other (a credit note
  // is money going back, not a payment).
  if (draft.paid && kind === 'invoice' && draft.paid.cents > 0) {
    statements.push(
      build.insert(payments).values({
        id: crypto.randomUUID(),
        invoiceId: id,
        amountCents: draft.paid.cents,
        receivedAt: at,
        method: draft.paid.method,
        recordedBy: null,
        providerReference: draft.providerReference ?? null,
        createdAt: at,
      }),
    );
  }
  return { id, statements };
}

// An invoice's state follows from its payments: the lifecycle's rule, read here too.
export { balanceDue, invoiceState, type InvoiceState } from '#features/lifecycle/moves.ts';

/**
 * Invoice `id` as `issueStatements(draft, now)` writes it, before the commit: what its mail,
 * queued in the same commit, describes. The number is the database's to take in that commit,
 * so `number` stands in for it (the mail's placeholder, filled at sending).
 */
export function asIssued(draft: InvoiceDraft, id: string, number: string, now = Date.now()): InvoiceWithLines {
  const at = new Date(now);
  const lines = draft.lines.map((line, position) => ({
    id: `${id}-${position}`,
    invoiceId: id,
    position,
    description: line.description,
    quantity: line.quantity,
    unitCents: line.unitCents,
    amountCents: line.unitCents * line.quantity,
  }));
  return {
    id,
    kind: draft.kind ?? 'invoice',
    purpose: draft.purpose,
    year: numberingYear(now),
    sequence: 0,
    number,
    ...whoAndWhat(draft),
    totalCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
    currency: 'usd',
    status: draft.paid ? 'paid' : 'open',
    issuedAt: at,
    dueAt: dueAtOf(draft, now),
    paidAt: draft.paid ? at : null,
    paidCents: draft.paid?.cents ?? null,
    paidMethod: draft.paid?.method ?? null,
    voidedAt: null,
    voidReason: null,
    providerReference: draft.providerReference ?? null,
    remindedBeforeAt: null,
    remindedDueAt: null,
    remindedOverdueAt: null,
    agencyToldOverdueAt: null,
    createdAt: at,
    lines,
    creditsNumber: null,
  };
}

/** Invoice `id` with its lines (and, for a credit note, the number it credits), in or out of a transaction. */
export async function findInvoice(db: Db | Tx, id: string): Promise<InvoiceWithLines | null> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!invoice) return null;
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, id))
    .orderBy(asc(invoiceLines.position));
  if (!invoice.creditFor) return { ...invoice, lines, creditsNumber: null };
  const [credited] = await db
    .select({ number: invoices.number })
    .from(invoices)
    .where(eq(invoices.id, invoice.creditFor));
  return { ...invoice, lines, creditsNumber: credited?.number ?? null };
}

/** A customer's invoices and credit notes, newest first (as ownership.server.ts lets them see). */
export function invoicesOfUser(db: Db, userId: string): Promise<Invoice[]> {
  return db
    .select()
    .from(invoices)
    .where(ownsInvoice(userId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.sequence));
}

/** The live build invoice of an order, if one was issued. */
export async function buildInvoiceOf(db: Db, orderId: string): Promise<Invoice | null> {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.orderId, orderId),
        // The order's first invoice: the build, or a payment schedule's deposit.
        inArray(invoices.purpose, ['build', 'deposit']),
        sql`${invoices.status} <> 'void'`,
      ),
    );
  return invoice ?? null;
}

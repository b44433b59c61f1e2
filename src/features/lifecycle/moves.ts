/**
 * The project's lifecycle as pure rules: an order's statuses (its stages), their labels, which
 * moves are allowed and which the admin may make by hand; how an invoice's state follows from its
 * payments; which plan states count as running. The writes that apply them are
 * lifecycle.server.ts, the only code that changes these columns.
 *
 * Payment only ever moves an order forward (pending payment to paid), and only by a payment
 * recorded against its build invoice; the intake, the review rounds and Mark launched move it by
 * the event that causes it; admins move it by hand only where no event exists and no money
 * changes hands (the intake came by other means, design started).
 */
import type { invoices, OrderStatus, SubscriptionStatus } from '#server/db/schema.ts';

type Invoice = typeof invoices.$inferSelect;

export type { OrderStatus };

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending_payment: 'Pending payment',
  paid: 'Paid',
  intake_received: 'Intake received',
  in_design: 'In design',
  preview_ready: 'Preview ready',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  launched: 'Launched',
  canceled: 'Canceled',
  refunded: 'Refunded',
};

/**
 * A status badge's colours, by what the stage asks of the agency: waiting for money (amber), work
 * to do (blue), with the customer for review (violet), done (green), closed (grey). The label is
 * always written out: the colour only helps the eye. Whole class names, so Tailwind finds them;
 * each pair has AA contrast.
 */
export const ORDER_STATUS_TONES: Readonly<Record<OrderStatus, string>> = {
  pending_payment: 'border-amber-300 bg-amber-50 text-amber-900',
  paid: 'border-blue-200 bg-blue-50 text-blue-900',
  intake_received: 'border-blue-200 bg-blue-50 text-blue-900',
  in_design: 'border-blue-200 bg-blue-50 text-blue-900',
  preview_ready: 'border-violet-200 bg-violet-50 text-violet-900',
  changes_requested: 'border-violet-200 bg-violet-50 text-violet-900',
  approved: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  launched: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  canceled: 'border-slate-300 bg-slate-100 text-slate-800',
  refunded: 'border-slate-300 bg-slate-100 text-slate-800',
};

const MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: ['paid', 'canceled'],
  paid: ['intake_received', 'in_design', 'preview_ready', 'launched', 'canceled', 'refunded'],
  intake_received: ['paid', 'in_design', 'preview_ready', 'launched', 'canceled', 'refunded'],
  in_design: ['preview_ready', 'launched', 'canceled', 'refunded'],
  preview_ready: ['changes_requested', 'approved', 'launched', 'canceled', 'refunded'],
  changes_requested: ['in_design', 'preview_ready', 'launched', 'canceled', 'refunded'],
  approved: ['in_design', 'launched', 'canceled', 'refunded'],
  // Canceling a live site's order ends its monthly plan now (the order page's confirmation says so).
  launched: ['canceled', 'refunded'],
  canceled: [],
  refunded: [],
};

/**
 * The moves an admin makes with the status form: the stages no event of the product reaches
 * (a preview is posted, changes and approval come from the customer, launch has its own form)
 * and that have no money consequence. 'Paid' is not one: it is reached only by recording a
 * payment (Mark paid, Stripe), so the invoice, the reminders and a later refund's credit note
 * always agree with the order. Cancel and refund are their own confirmed actions.
 */
const BY_HAND = ['intake_received', 'in_design'] as const satisfies readonly OrderStatus[];

/** The statuses `from` may move to. */
export const nextStatuses = (from: OrderStatus): readonly OrderStatus[] => MOVES[from];

/** The statuses the admin's status form offers from `from`. */
export const movesByHand = (from: OrderStatus): readonly OrderStatus[] =>
  MOVES[from].filter((to) => (BY_HAND as readonly OrderStatus[]).includes(to));

/** The status form's choices, for its schema. */
export const MOVES_BY_HAND = BY_HAND;

export const canMove = (from: OrderStatus, to: OrderStatus): boolean => MOVES[from].includes(to);

/** Payment has been received (or the order went further). */
export const isPaid = (status: OrderStatus) => !['pending_payment', 'canceled'].includes(status);

/** Paid and not ended: the project is running (a preview can be posted, the site launched). */
export const isUnderway = (status: OrderStatus) => isPaid(status) && status !== 'refunded' && status !== 'launched';

/* ---------- Invoices: the state follows from the payments ---------- */

/**
 * What an invoice shows: Open, Partly paid (some payments, a balance still due), Paid, Overdue
 * (open or partly paid and past its due date: derived, so never stale) or Void. Stored is only
 * 'open', 'paid' or 'void'; paid_cents (the sum of the payments) tells partly paid from open.
 */
export type InvoiceState = 'open' | 'partly_paid' | 'overdue' | 'paid' | 'void';

type Payable = Pick<Invoice, 'status' | 'dueAt' | 'totalCents' | 'paidCents'>;

/** What is still owed on an invoice, in cents: nothing once paid or void. */
export function balanceDue(invoice: Pick<Invoice, 'status' | 'totalCents' | 'paidCents'>): number {
  if (invoice.status !== 'open') return 0;
  return Math.max(0, invoice.totalCents - (invoice.paidCents ?? 0));
}

export function invoiceState(invoice: Payable, now = Date.now()): InvoiceState {
  if (invoice.status !== 'open') return invoice.status;
  if (invoice.dueAt.getTime() < now) return 'overdue';
  return (invoice.paidCents ?? 0) > 0 ? 'partly_paid' : 'open';
}

export type PaymentCheck =
  | { ok: true; paidCents: number; settled: boolean }
  | { ok: false; reason: 'not-open' | 'over-balance'; balanceCents: number };

/**
 * A payment of `cents` against `invoice`: refused when the invoice is not open or it is more
 * than the balance; otherwise the new paid sum, and whether it settles the invoice.
 */
export function checkPayment(
  invoice: Pick<Invoice, 'status' | 'totalCents' | 'paidCents'>,
  cents: number,
): PaymentCheck {
  const balanceCents = balanceDue(invoice);
  if (invoice.status !== 'open') return { ok: false, reason: 'not-open', balanceCents };
  if (cents > balanceCents) return { ok: false, reason: 'over-balance', balanceCents };
  const paidCents = (invoice.paidCents ?? 0) + cents;
  return { ok: true, paidCents, settled: paidCents >= invoice.totalCents };
}

/* ---------- Plans ---------- */

/** Plans still running or about to (billed, or billing at launch): what an order's end ends. */
export const LIVE_PLAN: readonly SubscriptionStatus[] = ['pending', 'active', 'past_due', 'canceling'];

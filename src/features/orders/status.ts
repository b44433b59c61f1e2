/**
 * An order's life is the project's: the statuses (its stages), their labels, and which moves are
 * allowed. Payment providers only ever move an order forward (pending payment to paid); the
 * intake, the review rounds and Mark launched move it by the event that causes it; admins move it
 * by hand only where no event exists (the intake came by other means, design started, one step back).
 */
import type { OrderStatus } from '#server/db/schema.ts';

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
 * (a preview is posted, changes and approval come from the customer, launch has its own form).
 */
const BY_HAND = ['paid', 'intake_received', 'in_design'] as const satisfies readonly OrderStatus[];

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

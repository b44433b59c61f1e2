/**
 * An order's life: the statuses, their labels, and which moves are allowed. Payment
 * providers only ever move an order forward (pending payment to paid); admins move it along
 * the build and may send it back one step (a review that needs more work).
 */
import type { OrderStatus } from '#server/db/schema.ts';

export type { OrderStatus };

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending_payment: 'Pending payment',
  paid: 'Paid',
  intake_received: 'Intake received',
  in_progress: 'In progress',
  in_review: 'In review',
  delivered: 'Delivered',
  canceled: 'Canceled',
  refunded: 'Refunded',
};

const MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: ['paid', 'canceled'],
  paid: ['intake_received', 'in_progress', 'canceled', 'refunded'],
  intake_received: ['paid', 'in_progress', 'canceled', 'refunded'],
  in_progress: ['in_review', 'canceled', 'refunded'],
  in_review: ['in_progress', 'delivered', 'refunded'],
  delivered: ['refunded'],
  canceled: [],
  refunded: [],
};

/** The statuses `from` may move to. */
export const nextStatuses = (from: OrderStatus): readonly OrderStatus[] => MOVES[from];

export const canMove = (from: OrderStatus, to: OrderStatus): boolean => MOVES[from].includes(to);

/** Payment has been received (or the order went further). */
export const isPaid = (status: OrderStatus) => !['pending_payment', 'canceled'].includes(status);

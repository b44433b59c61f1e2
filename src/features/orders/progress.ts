/**
 * What the customer sees of an order's progress: the timeline's steps, which one is current,
 * and the one thing to do next.
 */
import type { IntakeStatus, OrderStatus } from '#server/db/schema.ts';
import type { OrderEvent } from './orders.server.ts';

/** One step of an order's history as its customer may see it. */
export interface CustomerHistoryEntry {
  at: Date;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  /** What the agency chose to tell the customer about this step (never its internal note). */
  note: string | null;
}

/**
 * The order's history for its customer (their order page and data export): each status
 * change with the note written for them. The agency's internal note is not carried over at
 * all, so no page or file built from this can show it; entries that only hold an agency note
 * (a payment the agency must check, with no change of status) are left out.
 */
export function customerHistory(events: readonly OrderEvent[]): CustomerHistoryEntry[] {
  return events
    .filter((event) => event.fromStatus !== event.toStatus || event.customerNote)
    .map((event) => ({
      at: event.at,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      note: event.customerNote || null,
    }));
}

export const TIMELINE: readonly { status: OrderStatus; label: string }[] = [
  { status: 'paid', label: 'Paid' },
  { status: 'intake_received', label: 'Intake received' },
  { status: 'in_progress', label: 'In progress' },
  { status: 'in_review', label: 'In review' },
  { status: 'delivered', label: 'Delivered' },
];

/** Index of the current step in TIMELINE; -1 before payment (or when canceled or refunded). */
export function timelineIndex(status: OrderStatus): number {
  return TIMELINE.findIndex((step) => step.status === status);
}

/** What the order's page needs to know of its intake (id null: nothing saved yet). */
export interface OrderIntakeState {
  id: string | null;
  status: IntakeStatus;
}

export type NextAction =
  | { kind: 'intake'; label: 'Complete Intake' }
  | { kind: 'pay'; label: 'Pay invoice' }
  | { kind: 'review'; label: 'Review your site' }
  | null;

/** The one thing the customer should do next for this order, if any. */
export function nextAction(status: OrderStatus, intake: IntakeStatus | null): NextAction {
  if (status === 'canceled' || status === 'refunded' || status === 'delivered') return null;
  if (intake !== 'submitted') return { kind: 'intake', label: 'Complete Intake' };
  if (status === 'pending_payment') return { kind: 'pay', label: 'Pay invoice' };
  if (status === 'in_review') return { kind: 'review', label: 'Review your site' };
  return null;
}

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

/** The project's story, in order: each step a stage the order reaches by the event that causes it. */
export const TIMELINE: readonly { status: OrderStatus; label: string }[] = [
  { status: 'pending_payment', label: 'Placed' },
  { status: 'paid', label: 'Paid' },
  { status: 'intake_received', label: 'Intake received' },
  { status: 'in_design', label: 'In design' },
  { status: 'preview_ready', label: 'Preview ready' },
  { status: 'changes_requested', label: 'Changes requested' },
  { status: 'approved', label: 'Approved' },
  { status: 'launched', label: 'Launched' },
];

export type StepState = 'done' | 'current' | 'skipped' | 'upcoming';

/**
 * Each timeline step's state for an order at `status` whose history reached `reached`: the
 * current stage, the ones passed (reached, or earlier than the current one), the ones the project
 * went past without (no change was requested; the intake came another way) and those to come.
 * A canceled or refunded order has no current step: what it reached is done, the rest upcoming.
 */
export function timelineStates(status: OrderStatus, reached: ReadonlySet<OrderStatus>): StepState[] {
  const current = TIMELINE.findIndex((step) => step.status === status);
  return TIMELINE.map((step, i) => {
    if (i === current) return 'current';
    if (reached.has(step.status) || i === 0) return 'done';
    if (current !== -1 && i < current) return 'skipped';
    return 'upcoming';
  });
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

/**
 * The one thing the customer should do next for this order, if any: the intake while the project
 * waits on it (once design started, content may have come another way: nobody asks again), paying,
 * and reviewing a preview.
 */
export function nextAction(status: OrderStatus, intake: IntakeStatus | null): NextAction {
  if (status === 'preview_ready') return { kind: 'review', label: 'Review your site' };
  const waitingOnIntake = status === 'pending_payment' || status === 'paid';
  if (waitingOnIntake && intake !== 'submitted') return { kind: 'intake', label: 'Complete Intake' };
  if (status === 'pending_payment') return { kind: 'pay', label: 'Pay invoice' };
  return null;
}

import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '#server/db/schema.ts';
import { canMove, isPaid, nextStatuses, ORDER_STATUS_LABELS } from './status.ts';

describe('order statuses', () => {
  it('every status has a label, and "Pending payment" is the new order', () => {
    expect(Object.keys(ORDER_STATUS_LABELS).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(ORDER_STATUS_LABELS.pending_payment).toBe('Pending payment');
  });

  it('payment moves an order forward once; nothing comes back to pending payment', () => {
    expect(canMove('pending_payment', 'paid')).toBe(true);
    for (const from of ORDER_STATUSES) expect(canMove(from, 'pending_payment')).toBe(false);
    expect(canMove('paid', 'paid')).toBe(false);
  });

  it('the build goes paid, intake received, in progress, in review, delivered', () => {
    const path = ['paid', 'intake_received', 'in_progress', 'in_review', 'delivered'] as const;
    for (let i = 1; i < path.length; i++) expect(canMove(path[i - 1]!, path[i]!)).toBe(true);
    expect(canMove('paid', 'delivered')).toBe(false);
  });

  it('canceled and refunded are final', () => {
    expect(nextStatuses('canceled')).toEqual([]);
    expect(nextStatuses('refunded')).toEqual([]);
    expect(canMove('delivered', 'canceled')).toBe(false);
  });

  it('isPaid', () => {
    expect(isPaid('pending_payment')).toBe(false);
    expect(isPaid('canceled')).toBe(false);
    expect(isPaid('in_review')).toBe(true);
  });
});

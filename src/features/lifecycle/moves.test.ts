import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '#server/db/schema.ts';
import { canMove, isPaid, movesByHand, nextStatuses, ORDER_STATUS_LABELS, ORDER_STATUS_TONES } from './moves.ts';

describe('order statuses', () => {
  it('every status has a label, and "Pending payment" is the new order', () => {
    expect(Object.keys(ORDER_STATUS_LABELS).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(ORDER_STATUS_LABELS.pending_payment).toBe('Pending payment');
    // Every stage has a badge colour (text, background and border), and the ones that ask
    // different things of the agency look different.
    for (const status of ORDER_STATUSES) expect(ORDER_STATUS_TONES[status]).toMatch(/^border-\S+ bg-\S+ text-\S+$/);
    const tones = new Set([
      ORDER_STATUS_TONES.pending_payment,
      ORDER_STATUS_TONES.in_design,
      ORDER_STATUS_TONES.preview_ready,
      ORDER_STATUS_TONES.launched,
      ORDER_STATUS_TONES.canceled,
    ]);
    expect(tones.size).toBe(5);
  });

  it('payment moves an order forward once; nothing comes back to pending payment', () => {
    expect(canMove('pending_payment', 'paid')).toBe(true);
    for (const from of ORDER_STATUSES) expect(canMove(from, 'pending_payment')).toBe(false);
    expect(canMove('paid', 'paid')).toBe(false);
  });

  it('the project goes paid, intake received, in design, preview ready, changes requested, approved, launched', () => {
    const path = [
      'paid',
      'intake_received',
      'in_design',
      'preview_ready',
      'changes_requested',
      'preview_ready',
      'approved',
      'launched',
    ] as const;
    for (let i = 1; i < path.length; i++) expect(canMove(path[i - 1]!, path[i]!)).toBe(true);
    // Payment before the intake, or content by other means: design may start at paid.
    expect(canMove('paid', 'in_design')).toBe(true);
    expect(canMove('paid', 'approved')).toBe(false);
    expect(canMove('in_design', 'approved')).toBe(false);
  });

  it('the status form offers only the stages no event reaches and no money changes: never Paid', () => {
    expect(movesByHand('pending_payment')).toEqual([]);
    expect(movesByHand('paid')).toEqual(['intake_received', 'in_design']);
    expect(movesByHand('intake_received')).toEqual(['in_design']);
    expect(movesByHand('preview_ready')).toEqual([]);
    expect(movesByHand('changes_requested')).toEqual(['in_design']);
  });

  it('canceled and refunded are final', () => {
    expect(nextStatuses('canceled')).toEqual([]);
    expect(nextStatuses('refunded')).toEqual([]);
    expect(canMove('launched', 'paid')).toBe(false);
  });

  it('isPaid', () => {
    expect(isPaid('pending_payment')).toBe(false);
    expect(isPaid('canceled')).toBe(false);
    expect(isPaid('preview_ready')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '#server/db/schema.ts';
import { customerHistory, nextAction, timelineIndex } from './progress.ts';

describe('order progress for the customer', () => {
  it('the timeline runs paid, intake received, in progress, in review, delivered', () => {
    expect(timelineIndex('pending_payment')).toBe(-1);
    expect(timelineIndex('paid')).toBe(0);
    expect(timelineIndex('delivered')).toBe(4);
    expect(timelineIndex('canceled')).toBe(-1);
  });

  it('the intake comes first, even before payment; then paying; then the review', () => {
    expect(nextAction('pending_payment', null)?.label).toBe('Complete Intake');
    expect(nextAction('paid', 'draft')?.label).toBe('Complete Intake');
    expect(nextAction('pending_payment', 'submitted')?.label).toBe('Pay invoice');
    expect(nextAction('in_review', 'submitted')?.label).toBe('Review your site');
    expect(nextAction('in_progress', 'submitted')).toBeNull();
    expect(nextAction('canceled', null)).toBeNull();
  });
});

describe("the customer's history", () => {
  const event = (from: OrderStatus | null, to: OrderStatus, note: string | null, customerNote: string | null) => ({
    id: crypto.randomUUID(),
    orderId: 'order',
    at: new Date('2026-11-20T15:00:00Z'),
    actorId: null,
    fromStatus: from,
    toStatus: to,
    note,
    customerNote,
  });

  it('carries the note written for the customer, never the internal one', () => {
    const history = customerHistory([
      event(null, 'pending_payment', 'Order placed at checkout', 'Order placed at checkout'),
      // An agency-only note with no change of status (a Stripe payment to check) is left out.
      event('pending_payment', 'pending_payment', 'Stripe session cs_1 paid $1, please check', null),
      event('pending_payment', 'paid', 'Paid late again', 'Thank you for your payment'),
      event('paid', 'intake_received', 'Owner is hard to reach', null),
    ]);
    expect(history.map((e) => [e.fromStatus, e.toStatus, e.note])).toEqual([
      [null, 'pending_payment', 'Order placed at checkout'],
      ['pending_payment', 'paid', 'Thank you for your payment'],
      ['paid', 'intake_received', null],
    ]);
    expect(JSON.stringify(history)).not.toMatch(/Stripe|late|hard to reach/);
  });
});

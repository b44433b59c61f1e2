import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '#server/db/schema.ts';
import { customerHistory, nextAction, TIMELINE, timelineStates } from './progress.ts';

describe('order progress for the customer', () => {
  it('the timeline is the project: placed to launched', () => {
    expect(TIMELINE.map((s) => s.label)).toEqual([
      'Placed',
      'Paid',
      'Intake received',
      'In design',
      'Preview ready',
      'Changes requested',
      'Approved',
      'Launched',
    ]);
  });

  it('marks each step done, current, skipped or upcoming from what the order reached', () => {
    const reached = new Set<OrderStatus>(['pending_payment', 'paid', 'in_design', 'preview_ready']);
    expect(timelineStates('approved', new Set([...reached, 'approved']))).toEqual([
      'done',
      'done',
      'skipped', // the content came another way
      'done',
      'done',
      'skipped', // approved at the first preview
      'current',
      'upcoming',
    ]);
    expect(timelineStates('pending_payment', new Set(['pending_payment']))).toEqual([
      'current',
      ...Array(7).fill('upcoming'),
    ]);
    // Ended: what it reached stays done, nothing is current.
    expect(timelineStates('canceled', new Set(['pending_payment', 'paid']))).toEqual([
      'done',
      'done',
      ...Array(6).fill('upcoming'),
    ]);
  });

  it('the intake comes first, even before payment; then paying; then the review', () => {
    expect(nextAction('pending_payment', null)?.label).toBe('Complete Intake');
    expect(nextAction('paid', 'draft')?.label).toBe('Complete Intake');
    expect(nextAction('pending_payment', 'submitted')?.label).toBe('Pay invoice');
    expect(nextAction('preview_ready', 'submitted')?.label).toBe('Review your site');
    expect(nextAction('in_design', 'submitted')).toBeNull();
    expect(nextAction('canceled', null)).toBeNull();
    expect(nextAction('launched', null)).toBeNull();
  });

  it('once design started, nobody is asked for the intake again (content may have come by e-mail)', () => {
    expect(nextAction('in_design', null)).toBeNull();
    expect(nextAction('preview_ready', 'draft')?.label).toBe('Review your site');
    expect(nextAction('changes_requested', 'draft')).toBeNull();
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

import { describe, expect, it } from 'vitest';
import { nextAction, timelineIndex } from './progress.ts';

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

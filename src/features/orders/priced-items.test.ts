import { describe, expect, it } from 'vitest';
import { dueNote, INVOICE_TODAY } from './priced-items.ts';

describe('what the summary says is asked today', () => {
  it('by card: due today; invoiced: an invoice today, payable online or by bank transfer', () => {
    expect(dueNote(null)).toBe('Due today, paid once');
    expect(dueNote(19_900)).toBe('Due today, then $199 per month from launch');
    expect(INVOICE_TODAY).toBe('Invoice today, pay online or by bank transfer');
    expect(dueNote(null, 'invoice')).toBe('Invoice today, pay online or by bank transfer');
    expect(dueNote(19_900, 'invoice')).toBe(
      'Invoice today, pay online or by bank transfer, then $199 per month from launch',
    );
  });

  it('under a payment schedule, by card: the deposit is due today, not the total paid once', () => {
    expect(dueNote(null, 'card', true)).toBe('Deposit due today');
    expect(dueNote(19_900, 'card', true)).toBe('Deposit due today, then $199 per month from launch');
    expect(dueNote(null, 'invoice', true)).toBe(INVOICE_TODAY);
  });
});

import { describe, expect, it } from 'vitest';
import { addMonths, lastBillingDate, nextBillingDate } from './billing-dates.ts';

const d = (s: string) => new Date(`${s}T12:00:00Z`);

describe('billing dates', () => {
  it('adds calendar months, keeping the day where it exists', () => {
    expect(addMonths(d('2026-01-31'), 1).toISOString().slice(0, 10)).toBe('2026-02-28');
    expect(addMonths(d('2026-11-15'), 2).toISOString().slice(0, 10)).toBe('2027-01-15');
  });

  it('the last bill before the end of a 30-day notice', () => {
    // Billed on the 10th; cancel requested on Nov 23, effective Dec 23: the Dec 10 bill is the last.
    expect(
      lastBillingDate(d('2026-12-10'), 'month', d('2026-12-23'), d('2026-11-23'))?.toISOString().slice(0, 10),
    ).toBe('2026-12-10');
    // Billed on the 25th: the next bill (Nov 25) comes before the end (Dec 23); Dec 25 does not.
    expect(
      lastBillingDate(d('2026-11-25'), 'month', d('2026-12-23'), d('2026-11-23'))?.toISOString().slice(0, 10),
    ).toBe('2026-11-25');
  });

  it('no bill left when the end comes before the next billing date', () => {
    expect(lastBillingDate(d('2027-06-01'), 'year', d('2026-12-23'), d('2026-11-23'))).toBeNull();
  });

  it('the next billing date strictly after a moment, from an anchor before or after it', () => {
    const next = (anchor: string, interval: 'month' | 'year', from: string) =>
      nextBillingDate(d(anchor), interval, d(from)).toISOString().slice(0, 10);
    expect(next('2026-01-31', 'month', '2026-03-05')).toBe('2026-03-31');
    // On a billing date itself: the one after (this period is already billed).
    expect(next('2026-01-10', 'month', '2026-03-10')).toBe('2026-04-10');
    // A period end reported in the future is the next date.
    expect(next('2026-12-20', 'month', '2026-11-23')).toBe('2026-12-20');
    expect(next('2027-06-01', 'month', '2026-11-23')).toBe('2026-12-01');
    expect(next('2025-02-14', 'year', '2026-11-23')).toBe('2027-02-14');
  });
});

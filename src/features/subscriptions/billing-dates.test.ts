import { describe, expect, it } from 'vitest';
import { addMonths, lastBillingDate } from './billing-dates.ts';

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
});

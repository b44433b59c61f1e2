import { describe, expect, it } from 'vitest';
import { formatPlanPeriod } from './plan-period.ts';

/** `hour`:00 on that day in Orlando (EST, UTC-5, in these months; EDT, UTC-4, from mid-March). */
const orlando = (year: number, month: number, day: number, hour = 14, offset = 5) =>
  new Date(Date.UTC(year, month - 1, day, hour + offset));

describe('formatPlanPeriod', () => {
  it('ends the day before the next period starts, whatever the hour (the end is exclusive)', () => {
    // Launched Nov 29 at 2 pm: the next period starts Dec 29 at 2 pm, so this one's last day is Dec 28.
    expect(formatPlanPeriod({ start: orlando(2026, 11, 29), end: orlando(2026, 12, 29) })).toBe(
      'November 29, 2026 – December 28, 2026',
    );
    // One millisecond after midnight, or just before the next midnight: still Dec 28.
    expect(formatPlanPeriod({ start: orlando(2026, 11, 29, 0), end: orlando(2026, 12, 29, 0) })).toBe(
      'November 29, 2026 – December 28, 2026',
    );
    expect(
      formatPlanPeriod({
        start: orlando(2026, 11, 29, 23),
        end: new Date(orlando(2026, 12, 29, 23).getTime() + 59 * 60_000),
      }),
    ).toBe('November 29, 2026 – December 28, 2026');
  });

  it('reads the days in Orlando, not UTC (late evening there is the next day in UTC)', () => {
    // Dec 1, 10 pm in Orlando is Dec 2, 3 am UTC.
    expect(formatPlanPeriod({ start: orlando(2026, 12, 1, 22), end: orlando(2027, 1, 1, 22) })).toBe(
      'December 1, 2026 – December 31, 2026',
    );
  });

  it('handles month ends: Jan 31 to Feb 28 (29 in a leap year), and a year end', () => {
    expect(formatPlanPeriod({ start: orlando(2027, 1, 31), end: orlando(2027, 2, 28) })).toBe(
      'January 31, 2027 – February 27, 2027',
    );
    expect(formatPlanPeriod({ start: orlando(2028, 1, 31), end: orlando(2028, 2, 29) })).toBe(
      'January 31, 2028 – February 28, 2028',
    );
    expect(formatPlanPeriod({ start: orlando(2028, 2, 29), end: orlando(2028, 3, 31, 14, 4) })).toBe(
      'February 29, 2028 – March 30, 2028',
    );
    expect(formatPlanPeriod({ start: orlando(2026, 12, 31), end: orlando(2027, 1, 31) })).toBe(
      'December 31, 2026 – January 30, 2027',
    );
    // An end on the 1st: the last day is the previous month's last.
    expect(formatPlanPeriod({ start: orlando(2027, 2, 1), end: orlando(2027, 3, 1) })).toBe(
      'February 1, 2027 – February 28, 2027',
    );
  });

  it('crosses a daylight-saving change by the calendar, not by 24 hours', () => {
    // Clocks go forward on Mar 14, 2027; an end at 00:30 on Apr 1 (EDT) is still Mar 31's next day.
    expect(formatPlanPeriod({ start: orlando(2027, 3, 1, 0, 5), end: new Date(Date.UTC(2027, 3, 1, 4, 30)) })).toBe(
      'March 1, 2027 – March 31, 2027',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { parseAgencyDateTime } from './zone.ts';

describe('parseAgencyDateTime', () => {
  it('reads a datetime-local value as Orlando’s wall clock, in winter and in summer', () => {
    expect(parseAgencyDateTime('2030-01-07T10:00')).toEqual({ ok: true, at: new Date('2030-01-07T15:00:00Z') });
    expect(parseAgencyDateTime('2030-07-08T10:00')).toEqual({ ok: true, at: new Date('2030-07-08T14:00:00Z') });
  });

  it('refuses what is not a time instead of rolling it over', () => {
    for (const value of [
      '',
      'soon',
      '2030-01-07',
      '2030-01-07 10:00',
      '2030-01-07T24:00',
      '2030-01-07T10:60',
      '2030-1-7T9:00',
    ])
      expect(parseAgencyDateTime(value), value).toEqual({ ok: false, problem: 'not-a-time' });
  });

  it('refuses a day the calendar lacks: 30 February, 31 April, month 13', () => {
    for (const value of [
      '2030-02-30T10:00',
      '2030-02-29T10:00',
      '2030-04-31T10:00',
      '2030-13-01T10:00',
      '2030-00-10T10:00',
    ])
      expect(parseAgencyDateTime(value), value).toEqual({ ok: false, problem: 'no-such-day' });
    expect(parseAgencyDateTime('2028-02-29T10:00').ok).toBe(true);
  });

  it('refuses the half hour the clocks skip when daylight time starts, and keeps the hour they repeat', () => {
    // Clocks go from 2:00 to 3:00 AM on Sunday 2030-03-10.
    expect(parseAgencyDateTime('2030-03-10T02:30')).toEqual({ ok: false, problem: 'skipped-hour' });
    expect(parseAgencyDateTime('2030-03-10T03:00')).toEqual({ ok: true, at: new Date('2030-03-10T07:00:00Z') });
    expect(parseAgencyDateTime('2030-11-03T01:30').ok).toBe(true);
  });
});

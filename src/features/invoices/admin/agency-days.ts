/**
 * Calendar days as the agency keeps its books: in Orlando. A payment 'on 2026-11-26' and an
 * export 'from 2026-11-01' mean those days there, whatever the server's own zone.
 */
import * as z from 'zod/mini';
import { site } from '#data/site.ts';

const AGENCY_TIME_ZONE = site.timeZoneId;

/** en-CA writes dates as YYYY-MM-DD. */
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: AGENCY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const wallFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: AGENCY_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** 'YYYY-MM-DD': the day `at` falls on in Orlando. */
export const agencyDay = (at: Date | number) => dayFormat.format(at);

/**
 * 'YYYY-MM-DD HH:MM': the day and time `at` falls on in Orlando, as the bookkeeper's exports
 * write an instant (a spreadsheet reads it as a date and time; UTC would move evening orders to
 * the next day).
 */
export function agencyDateTime(at: Date | number): string {
  const parts = wallFormat.formatToParts(at);
  const get = (type: string) => (parts.find((p) => p.type === type)?.value ?? '0').padStart(2, '0');
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

/** Orlando's wall clock at `at`, read as if it were UTC (so wall - at is the zone's offset). */
function wallClock(at: number): number {
  const parts = wallFormat.formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** Midnight at the start of `day` ('YYYY-MM-DD') in Orlando, as an instant. */
export function agencyDayStart(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, date);
  // Guess with the offset at UTC midnight, then correct with the offset at the guess (DST).
  const guess = wall - (wallClock(wall) - wall);
  return new Date(wall - (wallClock(guess) - guess));
}

/** The midnight that ends `day` in Orlando (the next day's start; 23 or 25 hours on DST days). */
export function agencyDayEnd(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return agencyDayStart(new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10));
}

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export const isCalendarDay = (value: string) => {
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
};

export const calendarDay = z.string().check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}$/), z.refine(isCalendarDay));

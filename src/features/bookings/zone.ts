/**
 * The agency's clock: calls are booked in Orlando's time, which is EST in winter and EDT in
 * summer. Wall times ('Monday 9:00 AM') become instants through Intl, never a fixed offset, so
 * the week clocks change keeps 9:00 AM at 9:00 AM.
 */

import { site } from '#data/site.ts';

/** The IANA zone of site.ts's 'Eastern Time'. */
export const AGENCY_ZONE = site.timeZoneId;

const wallFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: AGENCY_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Orlando's wall clock at `at`, read as if it were UTC (so wall - at is the zone's offset). */
function wallClock(at: number): number {
  const parts = wallFormat.formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** The instant Orlando's clocks read `minutes` after midnight on `day` ('YYYY-MM-DD'). */
export function agencyInstant(day: string, minutes: number): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, date, 0, minutes);
  // Guess with the offset at the wall time read as UTC, then correct with the offset at the guess.
  const guess = wall - (wallClock(wall) - wall);
  return new Date(wall - (wallClock(guess) - guess));
}

/** Why a typed wall time names no instant in Orlando. */
export type WallTimeProblem = 'not-a-time' | 'no-such-day' | 'skipped-hour';

/**
 * 'YYYY-MM-DDTHH:MM' (a datetime-local field) read as Orlando's wall clock. Refused rather than
 * rolled over: a value that is not a time ('25:00', 'soon'), a day the calendar lacks (30
 * February), and the hour the clocks skip when daylight time starts (2:30 AM that Sunday).
 */
export function parseAgencyDateTime(value: string): { ok: true; at: Date } | { ok: false; problem: WallTimeProblem } {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return { ok: false, problem: 'not-a-time' };
  const [year, month, date, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (hour > 23 || minute > 59) return { ok: false, problem: 'not-a-time' };
  const day = value.slice(0, 10);
  if (month < 1 || month > 12 || date < 1 || addDays(day, 0) !== day) return { ok: false, problem: 'no-such-day' };
  const at = agencyInstant(day, hour * 60 + minute);
  // A wall time that does not come back from its instant was skipped by the clocks.
  if (wallClock(at.getTime()) !== Date.UTC(year, month - 1, date, hour, minute))
    return { ok: false, problem: 'skipped-hour' };
  return { ok: true, at };
}

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: AGENCY_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** 'YYYY-MM-DD': the day `at` falls on in Orlando. */
export const agencyDayOf = (at: Date | number) => dayFormat.format(at);

/** The calendar day `count` days after `day` (both 'YYYY-MM-DD'). */
export function addDays(day: string, count: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + count)).toISOString().slice(0, 10);
}

// Made once: building an Intl.DateTimeFormat costs far more than formatting with it.
const weekdayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' });

/** 'Monday' for 'YYYY-MM-DD' (a calendar day has one weekday wherever it is). */
export function weekdayOf(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return weekdayFormat.format(Date.UTC(year, month - 1, date));
}

const timeFormat = new Intl.DateTimeFormat('en-US', { timeZone: AGENCY_ZONE, hour: 'numeric', minute: '2-digit' });
const longDayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: AGENCY_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
});
const fullFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: AGENCY_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** '9:30 AM' in Orlando. */
export const formatAgencyTime = (at: Date) => timeFormat.format(at);
/** 'Monday, November 30' in Orlando. */
export const formatAgencyDay = (at: Date) => longDayFormat.format(at);
/** 'Monday, November 30, 2026 at 9:30 AM Eastern Time'. */
export const formatAgencyMoment = (at: Date, zoneName: string) => `${fullFormat.format(at)} ${zoneName}`;

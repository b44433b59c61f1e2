/**
 * Dates as the agency's visitors read them: US English, in Orlando's time zone. Each format is
 * built once: `toLocaleString` with options builds a new Intl formatter on every call, which
 * showed up as the costliest line of an account page's render.
 */
import { site } from '#data/site.ts';

const AGENCY_TIME_ZONE = site.timeZoneId;

const dateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: AGENCY_TIME_ZONE,
});
const calendarDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const agencyDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: AGENCY_TIME_ZONE,
});

/** 'Nov 22, 2026, 1:16 PM' (sign-ins, messages). */
export const formatDateTime = (date: Date) => dateTime.format(date);

/** 'November 22, 2026' for a calendar date (content front matter, stored as UTC midnight). */
export const formatCalendarDate = (date: Date) => calendarDate.format(date);

/** 'November 22, 2026': the day an instant falls on in Orlando (a subscription's end or billing date). */
export const formatAgencyDate = (date: Date) => agencyDate.format(date);

const agencyMonth = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: AGENCY_TIME_ZONE });
const agencyShortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: AGENCY_TIME_ZONE });

/** 'November': the month an instant falls in, in Orlando. */
export const formatAgencyMonth = (date: Date) => agencyMonth.format(date);

/** 'Nov 22': a short day in Orlando (chart and table labels). */
export const formatAgencyShortDay = (date: Date) => agencyShortDay.format(date);

const agencyDayParts = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: AGENCY_TIME_ZONE,
});

/**
 * 'November 21, 2026': the Orlando day before the one `end` falls on. A billing period's end is
 * exclusive (the next period starts then), so its last day is this one, whatever the hour of
 * `end`, across month ends and daylight-saving changes (calendar arithmetic, not 24 hours).
 */
export function formatAgencyDayBefore(end: Date): string {
  const [year = 0, month = 1, day = 1] = agencyDayParts.format(end).split('-').map(Number);
  return calendarDate.format(new Date(Date.UTC(year, month - 1, day - 1)));
}

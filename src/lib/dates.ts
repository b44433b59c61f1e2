/** Dates as the agency's visitors read them: US English, in Orlando's time zone. */
const AGENCY_TIME_ZONE = 'America/New_York';

/** 'Nov 22, 2026, 1:16 PM' (sign-ins, messages). */
export const formatDateTime = (date: Date) =>
  date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: AGENCY_TIME_ZONE });

/** 'November 22, 2026' for a calendar date (content front matter, stored as UTC midnight). */
export const formatCalendarDate = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** 'November 22, 2026': the day an instant falls on in Orlando (a subscription's end or billing date). */
export const formatAgencyDate = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: AGENCY_TIME_ZONE });

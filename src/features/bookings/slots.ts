/**
 * Which 30-minute calls can be booked: the agency's weekday hours from site.ts, in Orlando's
 * time, over the next 14 days, none sooner than 2 hours ahead, minus blocked ranges and
 * starts already taken. Pure: the database hands in the blocks and the taken starts.
 */
import { site } from '#data/site.ts';
import { addDays, agencyDayOf, agencyInstant, weekdayOf } from './zone.ts';

export const SLOT_MINUTES = 30;
export const LEAD_MS = 2 * 60 * 60 * 1000;
export const HORIZON_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Calls are booked in the weekday hours (Monday-Friday 9:00 AM-5:00 PM), not Saturday's short ones. */
const CALL_HOURS = site.businessHours.spec.find((h) => (h.days as readonly string[]).includes('Monday'));

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

export interface Slot {
  start: Date;
  end: Date;
}

export interface TimeRange {
  startsAt: Date;
  endsAt: Date;
}

/** Start and end (ms) of every slot of a day, by day: the hours of a calendar day never change. */
const dayCache = new Map<string, readonly (readonly [number, number])[]>();
/** About two horizons of days: today's window stays cached as the days roll on. */
const DAY_CACHE_SIZE = 64;

/**
 * Every slot of the hours on `day` ('YYYY-MM-DD'), blocked, taken or past included. Each day's
 * instants are computed once (two time-zone conversions a slot is most of /book's work) and
 * handed out as new objects, so no caller can change another's.
 */
function slotsOfDay(day: string): Slot[] {
  let times = dayCache.get(day);
  if (!times) {
    const computed: (readonly [number, number])[] = [];
    if (CALL_HOURS && (CALL_HOURS.days as readonly string[]).includes(weekdayOf(day))) {
      const closes = minutesOf(CALL_HOURS.closes);
      for (let m = minutesOf(CALL_HOURS.opens); m + SLOT_MINUTES <= closes; m += SLOT_MINUTES) {
        computed.push([agencyInstant(day, m).getTime(), agencyInstant(day, m + SLOT_MINUTES).getTime()]);
      }
    }
    if (dayCache.size >= DAY_CACHE_SIZE) dayCache.clear();
    dayCache.set(day, computed);
    times = computed;
  }
  return times.map(([start, end]) => ({ start: new Date(start), end: new Date(end) }));
}

/** The slots a visitor can book at `now`, earliest first. */
export function freeSlots(now: number, blocks: readonly TimeRange[], taken: readonly Date[]): Slot[] {
  const earliest = now + LEAD_MS;
  const latest = now + HORIZON_DAYS * DAY_MS;
  const takenStarts = new Set(taken.map((t) => t.getTime()));
  const today = agencyDayOf(now);
  const slots: Slot[] = [];
  for (let d = 0; d <= HORIZON_DAYS; d++) {
    for (const slot of slotsOfDay(addDays(today, d))) {
      const start = slot.start.getTime();
      if (start < earliest || start >= latest || takenStarts.has(start)) continue;
      const blocked = blocks.some((b) => b.startsAt.getTime() < slot.end.getTime() && b.endsAt.getTime() > start);
      if (!blocked) slots.push(slot);
    }
  }
  return slots;
}

/** The window slots can fall in at `now` (for reading blocks and bookings from the database). */
export const slotWindow = (now: number) => ({
  from: new Date(now + LEAD_MS),
  to: new Date(now + HORIZON_DAYS * DAY_MS),
});

/** Slots grouped by their Orlando day, in order. */
export function slotsByDay(slots: readonly Slot[]): { day: string; slots: Slot[] }[] {
  const days: { day: string; slots: Slot[] }[] = [];
  for (const slot of slots) {
    const day = agencyDayOf(slot.start);
    const last = days.at(-1);
    if (last?.day === day) last.slots.push(slot);
    else days.push({ day, slots: [slot] });
  }
  return days;
}

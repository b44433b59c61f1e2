import { describe, expect, it } from 'vitest';
import { freeSlots, slotsByDay } from './slots.ts';

const at = (iso: string) => new Date(iso).getTime();
const iso = (slots: { start: Date }[]) => slots.map((s) => s.start.toISOString());

describe('freeSlots', () => {
  it('offers 30-minute calls Monday to Friday, 9:00 AM to 4:30 PM Eastern, none on weekends', () => {
    // Friday 2026-03-13, midnight in Orlando (EDT).
    const days = slotsByDay(freeSlots(at('2026-03-13T04:00:00Z'), [], []));
    expect(days[0]?.day).toBe('2026-03-13');
    expect(days[1]?.day).toBe('2026-03-16');
    const friday = days[0]!.slots;
    expect(friday).toHaveLength(16);
    expect(friday[0]?.start.toISOString()).toBe('2026-03-13T13:00:00.000Z');
    expect(friday[15]?.start.toISOString()).toBe('2026-03-13T20:30:00.000Z');
    expect(friday[15]?.end.toISOString()).toBe('2026-03-13T21:00:00.000Z');
    for (const { day } of days) expect([0, 6]).not.toContain(new Date(`${day}T12:00:00Z`).getUTCDay());
  });

  it('keeps 9:00 AM at 9:00 AM across the change to daylight time (EST to EDT)', () => {
    // Friday 2026-03-06, midnight EST; clocks go forward on Sunday 2026-03-08.
    const days = slotsByDay(freeSlots(at('2026-03-06T05:00:00Z'), [], []));
    const friday = days.find((d) => d.day === '2026-03-06')!;
    const monday = days.find((d) => d.day === '2026-03-09')!;
    expect(friday.slots[0]?.start.toISOString()).toBe('2026-03-06T14:00:00.000Z');
    expect(monday.slots[0]?.start.toISOString()).toBe('2026-03-09T13:00:00.000Z');
    expect(monday.slots).toHaveLength(16);
  });

  it('keeps 9:00 AM at 9:00 AM across the change back to standard time (EDT to EST)', () => {
    // Friday 2026-10-30, midnight EDT; clocks go back on Sunday 2026-11-01.
    const days = slotsByDay(freeSlots(at('2026-10-30T04:00:00Z'), [], []));
    expect(days.find((d) => d.day === '2026-10-30')?.slots[0]?.start.toISOString()).toBe('2026-10-30T13:00:00.000Z');
    expect(days.find((d) => d.day === '2026-11-02')?.slots[0]?.start.toISOString()).toBe('2026-11-02T14:00:00.000Z');
  });

  it('gives every call its own slots: changing one answer changes no later one (days are cached)', () => {
    const now = at('2026-03-13T04:00:00Z');
    const first = freeSlots(now, [], []);
    first[0]!.start.setTime(0);
    first.pop();
    const second = freeSlots(now, [], []);
    expect(second[0]?.start.toISOString()).toBe('2026-03-13T13:00:00.000Z');
    expect(second).toHaveLength(first.length + 1);
  });

  it('offers nothing sooner than 2 hours ahead', () => {
    // Wednesday 2026-03-04, 10:15 AM EST: the first call is at 12:30 PM (12:15 is not a slot).
    const slots = freeSlots(at('2026-03-04T15:15:00Z'), [], []);
    expect(slots[0]?.start.toISOString()).toBe('2026-03-04T17:30:00.000Z');
    // At 10:00 AM sharp, 12:00 PM is exactly 2 hours ahead and offered.
    expect(freeSlots(at('2026-03-04T15:00:00Z'), [], [])[0]?.start.toISOString()).toBe('2026-03-04T17:00:00.000Z');
  });

  it('looks 14 days ahead and no further', () => {
    const now = at('2026-03-04T15:15:00Z');
    const slots = freeSlots(now, [], []);
    const last = slots.at(-1)!;
    expect(last.start.getTime()).toBeLessThan(now + 14 * 24 * 60 * 60 * 1000);
    // Wednesday 2026-03-18, 11:00 AM EDT is the last start before 11:15 AM.
    expect(last.start.toISOString()).toBe('2026-03-18T15:00:00.000Z');
    expect(slotsByDay(slots).map((d) => d.day)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-16',
      '2026-03-17',
      '2026-03-18',
    ]);
  });

  it('leaves out every slot a block overlaps, and taken starts', () => {
    const now = at('2026-03-05T05:00:00Z'); // Thursday midnight EST
    const block = { startsAt: new Date('2026-03-05T18:15:00Z'), endsAt: new Date('2026-03-05T18:45:00Z') };
    const taken = [new Date('2026-03-05T14:00:00Z')];
    const thursday = slotsByDay(freeSlots(now, [block], taken))[0]!;
    const starts = iso(thursday.slots);
    expect(starts).not.toContain('2026-03-05T14:00:00.000Z');
    expect(starts).not.toContain('2026-03-05T18:00:00.000Z');
    expect(starts).not.toContain('2026-03-05T18:30:00.000Z');
    expect(starts).toContain('2026-03-05T17:30:00.000Z');
    expect(starts).toContain('2026-03-05T19:00:00.000Z');
    expect(thursday.slots).toHaveLength(13);
    // A block that ends as a slot starts leaves that slot free.
    const edge = { startsAt: new Date('2026-03-05T13:00:00Z'), endsAt: new Date('2026-03-05T14:30:00Z') };
    expect(iso(slotsByDay(freeSlots(now, [edge], []))[0]!.slots)[0]).toBe('2026-03-05T14:30:00.000Z');
  });
});
